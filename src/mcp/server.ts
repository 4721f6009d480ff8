// `bpdiff mcp`: a Model Context Protocol server over stdio (the official SDK's Server on a transport of
// bpdiff's own, stdio-transport.ts), with the tools of tools.ts run through the library (src/library). stdout carries the protocol and nothing else;
// progress lines go to stderr and, when the client asked for them, as progress notifications.
// Every path a call is given must lie in the client's roots (roots.ts, confine.ts).
// A cancelled call, stdin closing, or SIGINT/SIGTERM/SIGHUP aborts the runs in flight: every adapter
// and debuggee is killed before the call settles or the server exits (a second signal: at once).
//
// Calls run one at a time: aborting a call kills every tracked process of this process
// (run/two-runs.ts, killAllTracked), so two calls at once could not be cancelled one by one.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { BpdiffError, describeUnexpected, interrupted, isBpdiffError } from '../errors.js';
import { boundMessage } from '../bound-message.js';
import { readPackageVersion } from '../intake/version.js';
import { plural } from '../core/describe.js';
import { describeCaptureNoBreak } from '../core/hints.js';
import type { Redactor } from '../redact/redactor.js';
import type { IoDeps, Io } from '../intake/io.js';
import { withStopSignals } from '../intake/stop-signals.js';
import type { RunCapture } from '../core/types.js';
import { callRedactor } from '../library/call.js';
import { compare, type CompareInput } from '../library/compare.js';
import { capture, type CaptureInput } from '../library/capture.js';
import { diffCaptures, type DiffCapturesInput } from '../library/diff-captures.js';
import type { ComparisonOutcome } from '../library/outcome.js';
import { locate, type LocateInput } from '../library/locate.js';
import { checkAdapters, formatStatuses } from '../library/doctor.js';
import { toolInput } from './arguments.js';
import { confineArguments } from './confine.js';
import { clientRoots, type Roots } from './roots.js';
import { inArgumentNames } from './argument-names.js';
import { LineTransport } from './stdio-transport.js';
import { TOOL_NAMES, toolDefinitions, type ToolName } from './tools.js';

const INSTRUCTIONS = [
  'bpdiff runs programs under real debuggers (Python; JavaScript and TypeScript on Node.js; Go; C, C++ and Rust; Java, Kotlin and Scala; Ruby; Fortran), stops them at one breakpoint and compares the variables there, or walks two runs line by line to the first point where they part ways.',
  'Its tools: compare, capture, diff_captures, locate and doctor.',
  'compare: two runs (two versions, or two inputs) at FILE:LINE -> what differs (diff.changed, only_in_a, only_in_b) and a `context` summary to read first.',
  'capture: one run -> its capture; diff_captures: two captures compared offline (reads only; the others run the commands they are given).',
  'To find where two runs part ways with no breakpoint: locate (every line, in lockstep). At a breakpoint: first_divergence (every hit in lockstep), hit N, watch expressions.',
  'doctor: which debug adapters are installed here (their ids, versions, and the command that installs a missing one): call it first when a language may lack its adapter.',
].join(' ');

/** What a call's handler is given by the SDK (the parts used here). */
interface CallExtra {
  signal: AbortSignal;
  _meta?: { progressToken?: string | number } & Record<string, unknown>;
  sendNotification: (notification: {
    method: 'notifications/progress';
    params: { progressToken: string | number; progress: number; message?: string };
  }) => Promise<void>;
}

/**
 * Serves until stdin closes (exit 0) or a stop signal comes (130 / 143 / 129, as any bpdiff command:
 * withStopSignals); every run in flight is killed first.
 */
export async function runMcpServer(
  io: Io,
  deps: IoDeps = {},
  streams: { stdin?: NodeJS.ReadableStream; stdout?: NodeJS.WritableStream } = {},
): Promise<number> {
  const served = await withStopSignals(io, deps, (stopped) => serve(io, stopped, streams), 'the calls in flight were');
  return served.kind === 'done' ? 0 : served.exitCode;
}

async function serve(
  io: Io,
  stopped: AbortSignal,
  streams: { stdin?: NodeJS.ReadableStream; stdout?: NodeJS.WritableStream },
): Promise<void> {
  const stdin = streams.stdin ?? process.stdin;
  const stdout = streams.stdout ?? process.stdout;
  const shutdown = new AbortController();
  const tools = toolDefinitions();
  const server = new Server(
    { name: 'bpdiff', title: 'bpdiff', version: readPackageVersion() },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  // The calls not yet answered; each waits for the one before it (`queue`: the last one's end).
  let pending = 0;
  let queue: Promise<unknown> = Promise.resolve();

  const roots = clientRoots(server, io.cwd);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    if (!(TOOL_NAMES as readonly string[]).includes(name))
      throw new McpError(
        ErrorCode.InvalidParams,
        boundMessage(`unknown tool "${name}" — use one of ${TOOL_NAMES.join(', ')}`),
      );
    const call = new AbortController();
    const abort = (): void => call.abort();
    extra.signal.addEventListener('abort', abort, { once: true });
    shutdown.signal.addEventListener('abort', abort, { once: true });
    const report = reporter(io, extra as CallExtra, callRedactor(request.params.arguments));
    // One call at a time (see the top of this file): a later call waits for the one before it.
    const waitFor = queue;
    const work = waitFor.then(() => {
      if (call.signal.aborted) throw interrupted();
      return runTool(name as ToolName, request.params.arguments, call.signal, io, report, roots);
    });
    queue = work.catch(() => undefined);
    if (pending > 0) report.log('bpdiff: waiting for the call before this one to end (calls run one at a time)');
    const settled = work.then(
      (result) => result,
      (error: unknown) => toolError(error, report.scrub),
    );
    pending += 1;
    try {
      return await settled;
    } finally {
      pending -= 1;
      extra.signal.removeEventListener('abort', abort);
      shutdown.signal.removeEventListener('abort', abort);
    }
  });

  // A transport of bpdiff's own (stdio-transport.ts): every line answered, a too large one included.
  const transport = new LineTransport(stdin as NodeJS.ReadStream, stdout as NodeJS.WriteStream);
  const closed = new Promise<void>((resolve) => {
    const stop = (): void => {
      shutdown.abort();
      resolve();
    };
    stdin.once('end', stop);
    stdin.once('close', stop);
    // The client went away: nothing more can be said to it.
    stdout.on('error', stop);
    server.onclose = stop;
    if (stopped.aborted) stop();
    else stopped.addEventListener('abort', stop, { once: true });
  });
  server.onerror = (error) => io.stderr(`bpdiff: mcp: ${boundMessage(oneLine(error.message))}\n`);
  await server.connect(transport);
  await closed;
  // Each run in flight was aborted: wait for its processes to be killed and its temp folders removed.
  await queue;
  // Requests that came with the end of stdin (initialize, tools/list) are answered before the close.
  await new Promise((resolve) => setImmediate(resolve));
  await server.close().catch(() => undefined);
}

async function runTool(
  name: ToolName,
  args: unknown,
  signal: AbortSignal,
  io: Io,
  report: Reporter,
  roots: Roots,
): Promise<CallToolResult> {
  // Every path of the call inside the client's roots (or the server's folder) before anything is read or run.
  confineArguments(name, args, await roots.current(), io.cwd);
  const context = { base: io.cwd, ...(report.redactor ? { redactor: report.redactor } : {}) };
  const call = { signal, log: report.log };
  switch (name) {
    case 'compare':
      return comparisonResult(
        await compare({ ...(toolInput(name, args, true) as unknown as CompareInput), ...call }, context),
      );
    case 'capture':
      return captureResult(
        await capture({ ...(toolInput(name, args, false) as unknown as CaptureInput), ...call }, context),
      );
    case 'locate':
      return comparisonResult(
        await locate({ ...(toolInput(name, args, true) as unknown as LocateInput), ...call }, context),
      );
    case 'doctor': {
      const { adapter_config: config, ...other } = toolInput(name, args, false);
      const unknown = Object.keys(other)[0];
      if (unknown !== undefined)
        throw new BpdiffError('USAGE', `doctor takes no argument "${unknown}" — give adapter_config or nothing`);
      if (config !== undefined && (typeof config !== 'string' || config === ''))
        throw new BpdiffError(
          'USAGE',
          'adapter_config is not a file name — give the path of an adapter definition (JSON), or nothing',
        );
      const checked = await checkAdapters(config === undefined ? {} : { adapter_config: config }, context);
      // What a run would start names paths and versions: redacted as every answer is.
      const adapters = checked.adapters.map((status) => ({
        ...status,
        detail: report.scrub(status.detail),
        version: status.version === null ? null : report.scrub(status.version),
      }));
      return {
        content: [{ type: 'text', text: report.scrub(formatStatuses(adapters)).trimEnd() }],
        structuredContent: { adapters } as unknown as Record<string, unknown>,
      };
    }
    case 'diff_captures': {
      const { capture_a: a, capture_b: b, ...options } = toolInput(name, args, true);
      for (const [key, value] of [
        ['capture_a', a],
        ['capture_b', b],
      ] as const) {
        if (value === undefined)
          throw new BpdiffError(
            'USAGE',
            `${key} is missing — give the path of a file bpdiff capture wrote, or the object the capture tool returned`,
          );
      }
      return comparisonResult(
        await diffCaptures(
          a as RunCapture | string,
          b as RunCapture | string,
          { ...(options as DiffCapturesInput), signal },
          context,
        ),
      );
    }
  }
}

/** The document as the structured content; its `context` and hints as the text. */
function comparisonResult(outcome: ComparisonOutcome): CallToolResult {
  // Bounded by the library (max_output_bytes, 64 KB unless the call gave its own: arguments.ts).
  const document = outcome.result;
  const text = [document.context ?? '', document.analysis_hints.map((hint) => `- ${hint}`).join('\n')]
    .filter((part) => part !== '')
    .join('\n\n');
  return {
    content: [{ type: 'text', text }],
    structuredContent: document as unknown as Record<string, unknown>,
    _meta: { 'bpdiff/exit_code': outcome.exit_code },
  };
}

function captureResult(captured: RunCapture): CallToolResult {
  const { run } = captured;
  const lines: string[] = [];
  if (run.status === 'break') {
    const names = Object.keys(run.variables);
    const hit = captured.hits?.captured ? ` (hit ${captured.hits.captured})` : '';
    const shown = names.slice(0, 20).join(', ') + (names.length > 20 ? `, and ${names.length - 20} more` : '');
    lines.push(
      `${run.label} stopped at ${run.location.file}:${run.location.line}${hit}: ${plural(names.length, 'variable')}${names.length > 0 ? ` (${shown})` : ''}.`,
    );
  } else {
    lines.push(describeCaptureNoBreak(captured));
  }
  lines.push(...captured.warnings);
  return {
    content: [{ type: 'text', text: lines.join('\n') }],
    structuredContent: captured as unknown as Record<string, unknown>,
  };
}

/** A BpdiffError's one line (any other error is a bug, said in one line too), as a tool error. */
function toolError(error: unknown, scrub: (text: string) => string): CallToolResult {
  // Redacted, then bounded, then in the call's words: the renaming reads the bounded text only (its
  // `NAME (NAME)` pattern backtracks over a long run of word characters: an 11 MB path never finished).
  const bounded = boundMessage(scrub(oneLine(isBpdiffError(error) ? error.message : describeUnexpected(error))));
  return {
    content: [{ type: 'text', text: isBpdiffError(error) ? inArgumentNames(bounded) : bounded }],
    isError: true,
  };
}

/** Progress lines: to stderr, and as progress notifications when the client sent a progress token. */
interface Reporter {
  log: (line: string) => void;
  scrub: (text: string) => string;
  /** The call's redactor (library/call.ts callRedactor, from the arguments as given), handed to the library. */
  redactor: Redactor | undefined;
}

function reporter(io: Io, extra: CallExtra, redactor: Redactor | undefined): Reporter {
  const scrub = (text: string): string => (redactor ? redactor.scrub(text) : text);
  const token = extra._meta?.progressToken;
  let count = 0;
  const log = (line: string): void => {
    const text = boundMessage(scrub(line));
    io.stderr(`${text}\n`);
    if (token === undefined || extra.signal.aborted) return;
    count += 1;
    extra
      .sendNotification({
        method: 'notifications/progress',
        params: { progressToken: token, progress: count, message: text.replace(/^bpdiff: /, '') },
      })
      .catch(() => undefined);
  };
  return { log, scrub, redactor };
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
