// Entry point: `node dist/adapters/node/main.mjs` speaks DAP on stdin/stdout.
// Set BPDIFF_NODE_ADAPTER_LOG=/path/file.log to log every message.
import { startDapSession } from './in-process.js';

const logFile = process.env.BPDIFF_NODE_ADAPTER_LOG;
const session = startDapSession(process.stdin, process.stdout, {
  env: process.env,
  cwd: process.cwd(),
  ownsProcess: true,
  ...(logFile ? { logFile } : {}),
});

// Whatever ends the adapter, the debuggee's processes end with it.
const exitWith = (code: number) => (): void => {
  session.dispose();
  process.exit(code);
};
process.on('SIGTERM', exitWith(143));
process.on('SIGINT', exitWith(130));
process.on('SIGHUP', exitWith(129));
process.on('uncaughtException', (error) => {
  process.stderr.write(`bpdiff node adapter: ${error.stack ?? String(error)}\n`);
  exitWith(1)();
});
// A failed background step (a process vanished mid-request) must not take the session down.
process.on('unhandledRejection', (reason) => {
  process.stderr.write(
    `bpdiff node adapter: unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}\n`,
  );
});
process.on('exit', () => session.dispose());
