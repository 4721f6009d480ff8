// argv -> exit status. The one place errors become exit codes: a BpdiffError prints its message,
// anything else is a bug and prints describeUnexpected; both as one line on stderr, exit 2.
import { describeUnexpected, isBpdiffError } from '../errors.js';
import { parseArgs, type CliCommand } from './parse-args.js';
import { formatForTerminal } from './output-args.js';
import { processIo, type IoDeps, type Io } from '../intake/io.js';
import { guardCrashes } from '../intake/crash-guard.js';
import { setTraceScrub, startTrace, stopTrace, tracePhase, traceTarget } from '../trace/trace.js';

export async function runCli(argv: readonly string[], given: Io = processIo(), deps: IoDeps = {}): Promise<number> {
  // Secrets never reach stdout or stderr, this function's own error line included (redaction.ts,
  // loaded once the command is known, so that --help starts as fast as it can).
  let io = given;
  try {
    // BPDIFF_TRACE=FILE (1: stderr): the time of each phase and every DAP message, as JSON lines (trace/trace.ts).
    const traceTo = traceTarget(given.env['BPDIFF_TRACE']);
    if (traceTo) {
      startTrace(traceTo);
      // `origin`: when the process started (ms since the epoch), so a reader outside the process can
      // place the trace's times on its own clock (npm run bench -- start-up does).
      tracePhase(null, 'cli started', { origin: performance.timeOrigin });
    }
    const command = withTerminalFormat(await parseArgs(argv, undefined, io.cwd), io.stdoutIsTTY);
    tracePhase(null, 'args parsed', { command: command.kind });
    if (command.kind !== 'help' && command.kind !== 'version') {
      const redaction = (await import('./redaction.js')).redactingIo(given);
      io = redaction.io;
      redaction.configure(command);
      const redactor = io.redactor;
      if (redactor) setTraceScrub((text) => redactor.scrub(text));
    }
    // A crash outside the command's await chain ends it as an internal error too (intake/crash-guard.ts).
    return await guardCrashes(() => runCommand(command, io, deps), deps.crashes);
  } catch (error) {
    // A command line that did not parse may still hold a secret (`--tokn=ghp_...`).
    if (io === given) io = (await import('./redaction.js')).redactingIo(given).io;
    io.stderr(`bpdiff: ${oneLine(isBpdiffError(error) ? error.message : describeUnexpected(error))}\n`);
    return 2;
  } finally {
    tracePhase(null, 'done');
    stopTrace();
  }
}

/** The parsed command run, its exit status. */
async function runCommand(command: CliCommand, io: Io, deps: IoDeps): Promise<number> {
  switch (command.kind) {
    case 'help':
    case 'version':
      io.stdout(`${command.text}\n`);
      return 0;
    case 'compare': {
      const { runCompareCommand } = await import('./command-compare.js');
      return await runCompareCommand(command.args, io, deps);
    }
    case 'locate': {
      const { runLocateCommand } = await import('./command-locate.js');
      return await runLocateCommand(command.args, io, deps);
    }
    case 'diff': {
      const { runDiffCommand } = await import('./command-diff.js');
      return await runDiffCommand(command, io);
    }
    case 'capture': {
      const { runCaptureCommand } = await import('./command-capture.js');
      return await runCaptureCommand(command.args, io, deps);
    }
    case 'check': {
      const { runCheckCommand } = await import('./command-check.js');
      return await runCheckCommand(command, io, deps);
    }
    case 'schema': {
      const { runSchemaCommand } = await import('./command-schema.js');
      return runSchemaCommand(command.capture, io);
    }
    case 'validate': {
      const { runValidateCommand } = await import('./command-validate.js');
      return runValidateCommand(command.file, io, command.maxBytes);
    }
    case 'doctor': {
      const { runDoctorCommand } = await import('./command-doctor.js');
      return await runDoctorCommand(io, command.adapterConfig);
    }
    case 'completion': {
      const { completionScript } = await import('./completion.js');
      io.stdout(completionScript(command.shell));
      return 0;
    }
    case 'mcp': {
      const { runMcpServer } = await import('../mcp/server.js');
      return await runMcpServer(io, deps);
    }
  }
}

/** The commands with a text for a person (compare, diff, locate, check) print it on a terminal unless a format was asked. */
function withTerminalFormat(command: CliCommand, stdoutIsTTY: boolean): CliCommand {
  switch (command.kind) {
    case 'compare':
      return { ...command, args: { ...command.args, output: formatForTerminal(command.args.output, stdoutIsTTY) } };
    case 'locate':
      return { ...command, args: { ...command.args, output: formatForTerminal(command.args.output, stdoutIsTTY) } };
    case 'diff':
    case 'check':
      return { ...command, output: formatForTerminal(command.output, stdoutIsTTY) };
    default:
      return command;
  }
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
