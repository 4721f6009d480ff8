// Entry point: `node dist/adapters/node/src/main.js` speaks DAP on stdin/stdout.
// Set BPDIFF_NODE_ADAPTER_LOG=/path/file.log to log every message.
import { logger, Logger } from '@vscode/debugadapter';
import { NodeDebugSession } from './node-debug-session.js';

const logFile = process.env.BPDIFF_NODE_ADAPTER_LOG;
logger.setup(Logger.LogLevel.Stop, logFile && logFile !== '' ? logFile : false);

const session = new NodeDebugSession();

// Whatever ends the adapter, the debuggee's processes end with it.
const exitWith = (code: number) => (): void => {
  session.disposeNow();
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
  process.stderr.write(`bpdiff node adapter: unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}\n`);
});
process.on('exit', () => session.disposeNow());

session.start(process.stdin, process.stdout);
