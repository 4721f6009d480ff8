// A stdio DAP adapter in front of bpdiff's Python light adapter, for the comparison harness of phase 1
// (before bpdiff itself can start a program with the DAP socket as its fd 3). It answers `initialize`
// itself; on `launch` it starts the command with adapters/python-light first on PYTHONPATH and
// BPDIFF_DAP_FD=3 (one end of a socket pair), sends the adapter `initialize` and an `attach` in place
// of the launch, then relays messages both ways. The program's stdout and stderr become output events.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LIGHT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'adapters', 'python-light');
const OWN_SEQ = 1_000_000_000;
let program = null;
let socket = null;
const pending = [];

function frame(message) {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
}
const toClient = (message) => process.stdout.write(frame(message));
const toAdapter = (message) => (socket ? socket.write(frame(message)) : pending.push(message));

function reader(onMessage) {
  let buffer = Buffer.alloc(0);
  return (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/Content-Length:\s*(\d+)/i.exec(buffer.subarray(0, end).toString('ascii'))[1]);
      if (buffer.length < end + 4 + length) return;
      const message = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString('utf8'));
      buffer = buffer.subarray(end + 4 + length);
      onMessage(message);
    }
  };
}

function launch(request) {
  const { command, cwd, env = {}, stdinFile = null } = request.arguments;
  const pythonPath = [LIGHT, ...(env.PYTHONPATH ?? process.env.PYTHONPATH ? [env.PYTHONPATH ?? process.env.PYTHONPATH] : [])].join(path.delimiter);
  const stdin = stdinFile ? fs.openSync(path.resolve(cwd, stdinFile), 'r') : 'ignore';
  program = spawn(command[0], command.slice(1), {
    cwd,
    env: { ...process.env, ...env, PYTHONPATH: pythonPath, BPDIFF_DAP_FD: '3', PYTHONUNBUFFERED: '1', PYTHONIOENCODING: 'utf-8' },
    stdio: [stdin, 'pipe', 'pipe', 'pipe'],
  });
  program.on('error', (error) => {
    toClient({ seq: 0, type: 'response', request_seq: request.seq, command: 'launch', success: false, message: `cannot start ${command[0]}: ${error.message}` });
  });
  for (const [stream, category] of [[program.stdout, 'stdout'], [program.stderr, 'stderr']]) {
    stream.on('data', (chunk) => toClient({ seq: 0, type: 'event', event: 'output', body: { category, output: chunk.toString('utf8') } }));
  }
  socket = program.stdio[3];
  socket.on('data', reader((message) => {
    if (message.type === 'response' && message.request_seq === OWN_SEQ) return;
    // The program's end is told from its exit status below, as bpdiff will for a program it starts.
    if (message.type === 'event' && (message.event === 'exited' || message.event === 'terminated')) return;
    if (message.type === 'response' && message.command === 'attach') message.command = 'launch';
    toClient(message);
  }));
  socket.on('error', () => undefined);
  program.on('exit', (code, signal) => {
    setTimeout(() => {
      // A signal as debugpy's exit code says it (exit_code_signals "256-n").
      toClient({ seq: 0, type: 'event', event: 'exited', body: { exitCode: code ?? 256 - (os.constants.signals[signal] ?? 0) } });
      toClient({ seq: 0, type: 'event', event: 'terminated', body: {} });
    }, 50);
  });
  for (const message of pending.splice(0)) toAdapter(message);
  toAdapter({ seq: OWN_SEQ, type: 'request', command: 'initialize', arguments: { adapterID: 'python', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' } });
  const options = {
    valueTimeout: Number(process.env.BPDIFF_LIGHT_VALUE_TIMEOUT ?? 2),
    maxChildren: Number(process.env.BPDIFF_LIGHT_MAX_CHILDREN ?? 100),
  };
  toAdapter({ seq: request.seq, type: 'request', command: 'attach', arguments: options });
}

process.stdin.on('data', reader((message) => {
  if (message.type !== 'request') return;
  if (message.command === 'initialize') {
    toClient({ seq: 0, type: 'response', request_seq: message.seq, command: 'initialize', success: true, body: {
      supportsConfigurationDoneRequest: true, supportsConditionalBreakpoints: true, supportsHitConditionalBreakpoints: true,
      supportsExceptionInfoRequest: true, supportsTerminateRequest: true,
      exceptionBreakpointFilters: [{ filter: 'uncaught', label: 'Uncaught Exceptions', default: true }],
    } });
    return;
  }
  if (message.command === 'launch') return launch(message);
  if (message.command === 'disconnect' && (!program || program.exitCode !== null || program.signalCode !== null)) {
    toClient({ seq: 0, type: 'response', request_seq: message.seq, command: 'disconnect', success: true });
    setTimeout(() => process.exit(0), 10);
    return;
  }
  toAdapter(message);
}));
process.stdin.on('end', () => {
  if (program && program.exitCode === null) program.kill('SIGKILL');
  process.exit(0);
});
