// The minimal client as a process of its own, for the start-up bench: one capture as described by the
// JSON MinimalCaptureInput in argv[2], then one JSON line on stdout ({ms, spawnedAt, variables}).
// It loads nothing but the DAP connection and the process-tree helper, so its start-up is the
// smallest a Node.js DAP client can have. A `${port}` in the adapter's arguments becomes a free
// loopback port (two of these may run at once).
import { freeLoopbackPort } from '../src/dap/adapter-process.js';
import { minimalCapture, type MinimalCaptureInput } from './minimal-client.js';

const input = JSON.parse(process.argv[2] ?? '') as MinimalCaptureInput;
if (input.args.some((arg) => arg.includes('${port}'))) {
  const port = await freeLoopbackPort();
  input.args = input.args.map((arg) => arg.replaceAll('${port}', String(port)));
  input.port = port;
}
const result = await minimalCapture(input);
process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
