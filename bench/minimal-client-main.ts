// The minimal client as a process of its own, for the start-up bench: one capture as described by the
// JSON MinimalCaptureInput in argv[2], then one JSON line on stdout ({ms, spawnedAt, variables}).
// It loads nothing but the DAP connection and the process-tree helper, so its start-up is the
// smallest a Node.js DAP client can have.
import { minimalCapture, type MinimalCaptureInput } from './minimal-client.js';

const input = JSON.parse(process.argv[2] ?? '') as MinimalCaptureInput;
const result = await minimalCapture(input);
process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
