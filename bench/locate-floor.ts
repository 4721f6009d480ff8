// `npm run bench -- locate`: the floor under bpdiff locate's speed over DAP, per adapter: a minimal
// stepping client (no bpdiff: its own connection, no value pipeline, no comparison) walks the bench
// loop (bench/programs/locate) a stepIn at a time, two runs side by side as locate runs them, and
// times each request of a step: the stepIn to its stopped event, then a stackTrace of one frame, the
// scopes and the locals' variables, sent one after the other, or (every other step) together with the
// stackTrace, by the previous stop's ids, as bpdiff does where the definition says locate.prefetch.
// Steps a second of one run of the pair, each way, and of the step alone.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { findFirstExecutable } from '../src/adapters/find-executable.js';
import { freeLoopbackPort } from '../src/dap/adapter-process.js';
import { packageRoot } from '../src/package-root.js';
import { killTree } from '../src/process/process-tree.js';
import { startAdapter } from './minimal-client.js';
import { median, round, type BenchRow } from './lib.js';

const STEPS = Number(process.env['BPDIFF_BENCH_FLOOR_STEPS'] ?? 400);
const WAIT = { step: 'bench', timeoutMs: 30_000 };

interface Stepper {
  name: string;
  executable: string;
  args: string[];
  port?: number;
  launch: Record<string, unknown>;
  breakpoint: { path: string; line: number };
}

interface Floor {
  /** Each step's stepIn -> stopped and its reads, the reads one after the other or together. */
  sequential: Array<{ step: number; read: number }>;
  together: Array<{ step: number; read: number }>;
  requests: { stackTrace: number[]; scopes: number[]; variables: number[] };
}

/** One run walked STEPS lines from the loop's first line: each part of each step timed. */
async function walk(stepper: Stepper): Promise<Floor> {
  const { pid, connection: open } = startAdapter(stepper.executable, stepper.args, stepper.port);
  try {
    const connection = await open();
    const capabilities = await connection.request(
      'initialize',
      {
        adapterID: 'bench',
        linesStartAt1: true,
        columnsStartAt1: true,
        pathFormat: 'path',
        supportsVariableType: true,
      },
      WAIT,
    );
    const launched = connection.request('launch', stepper.launch as DebugProtocol.LaunchRequestArguments, WAIT);
    await connection.waitForEvent((event) => event.event === 'initialized', WAIT);
    await connection.request(
      'setBreakpoints',
      { source: { path: stepper.breakpoint.path }, breakpoints: [{ line: stepper.breakpoint.line }] },
      WAIT,
    );
    await connection.request('setExceptionBreakpoints', { filters: [] }, WAIT);
    let since = connection.eventCount;
    await connection.request('configurationDone', {}, WAIT);
    await launched;
    const stopped = (await connection.waitForEvent((event) => event.event === 'stopped', {
      ...WAIT,
      since,
    })) as DebugProtocol.StoppedEvent;
    const threadId = stopped.body.threadId ?? 1;
    await connection.request('setBreakpoints', { source: { path: stepper.breakpoint.path }, breakpoints: [] }, WAIT);
    const granularity = capabilities?.supportsSteppingGranularity ? { granularity: 'line' as const } : {};
    const floor: Floor = { sequential: [], together: [], requests: { stackTrace: [], scopes: [], variables: [] } };
    let ids: { frameId: number; reference: number } | null = null;
    for (let index = 0; index < STEPS; index++) {
      const t0 = performance.now();
      since = connection.eventCount;
      await connection.request('stepIn', { threadId, ...granularity }, WAIT);
      await connection.waitForEvent((event) => event.event === 'stopped', { ...WAIT, since });
      const t1 = performance.now();
      const trace = connection.request('stackTrace', { threadId, startFrame: 0, levels: 1 }, WAIT);
      if (index % 2 === 1 && ids !== null) {
        const [frames, scopes] = await Promise.all([
          trace,
          connection.request('scopes', { frameId: ids.frameId }, WAIT),
          connection.request('variables', { variablesReference: ids.reference }, WAIT),
        ]);
        if (frames?.stackFrames[0]?.id !== ids.frameId || scopes?.scopes[0]?.variablesReference !== ids.reference)
          throw new Error(`${stepper.name}: the top frame's ids changed between stops: nothing can be asked for early`);
        floor.together.push({ step: t1 - t0, read: performance.now() - t1 });
        continue;
      }
      const frameId = (await trace)!.stackFrames[0]!.id;
      const t2 = performance.now();
      const reference = (await connection.request('scopes', { frameId }, WAIT))!.scopes[0]!.variablesReference;
      const t3 = performance.now();
      await connection.request('variables', { variablesReference: reference }, WAIT);
      const t4 = performance.now();
      ids = { frameId, reference };
      floor.sequential.push({ step: t1 - t0, read: t4 - t1 });
      floor.requests.stackTrace.push(t2 - t1);
      floor.requests.scopes.push(t3 - t2);
      floor.requests.variables.push(t4 - t3);
    }
    return floor;
  } finally {
    killTree([pid], [pid]);
  }
}

/** Rates from the mean times (a walk's time is their sum: a few slow steps count), the parts' medians in the notes. */
function rows(stepper: Stepper, floors: Floor[]): BenchRow[] {
  const mean = (values: number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;
  const of = (pick: (floor: Floor) => number[]): number => median(floors.flatMap(pick));
  const sequential = floors.flatMap((floor) => floor.sequential);
  const together = floors.flatMap((floor) => floor.together);
  const steps = [...sequential, ...together].map((part) => part.step);
  const rate = (parts: Array<{ step: number; read: number }>): number =>
    Math.round(1000 / mean(parts.map((part) => part.step + part.read)));
  const perRequest = `medians: stepIn -> stopped ${round(median(steps), 2)} ms, stackTrace ${round(
    of((f) => f.requests.stackTrace),
    2,
  )}, scopes ${round(
    of((f) => f.requests.scopes),
    2,
  )}, variables ${round(
    of((f) => f.requests.variables),
    2,
  )}`;
  const reads = (parts: Array<{ read: number }>): number => round(median(parts.map((part) => part.read)), 2);
  return [
    {
      name: `locate floor ${stepper.name}: steps a second, reads one after the other (minimal client, one run of a pair)`,
      value: rate(sequential),
      unit: 'lines/s',
      note: perRequest,
    },
    {
      name: `locate floor ${stepper.name}: steps a second, reads sent with the stackTrace`,
      value: rate(together),
      unit: 'lines/s',
      note: `the three reads ${reads(together)} ms (one after the other: ${reads(sequential)} ms), medians`,
    },
    {
      name: `locate floor ${stepper.name}: the step alone, nothing read`,
      value: Math.round(1000 / mean(steps)),
      unit: 'lines/s',
    },
  ];
}

export default async function run(): Promise<BenchRow[]> {
  const root = packageRoot();
  const programs = path.join(root, 'bench/programs/locate');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-bench-floor-'));
  const out: BenchRow[] = [];
  try {
    const definition = JSON.parse(fs.readFileSync(path.join(root, 'adapters/lldb/adapter.json'), 'utf8')) as {
      adapter: { executables: string[] };
      launch: { initCommands?: string[] };
    };
    const lldb = findFirstExecutable(definition.adapter.executables, root);
    if (lldb) {
      execFileSync('cc', ['-g', '-O0', '-o', path.join(dir, 'loop'), path.join(programs, 'loop.c')]);
      const stepper: Stepper = {
        name: 'lldb-dap',
        executable: lldb,
        args: [],
        launch: {
          program: path.join(dir, 'loop'),
          env: ['COUNT=1000000'],
          stopOnEntry: false,
          initCommands: definition.launch.initCommands ?? [],
        },
        breakpoint: { path: path.join(programs, 'loop.c'), line: 15 },
      };
      out.push(...rows(stepper, await Promise.all([walk(stepper), walk(stepper)])));
    } else {
      out.push({
        name: 'locate floor lldb-dap',
        value: Number.NaN,
        unit: 'lines/s',
        note: 'lldb-dap is not installed',
      });
    }
    try {
      execFileSync('go', ['build', '-gcflags=all=-N -l', '-o', path.join(dir, 'loop-go'), '.'], {
        cwd: path.join(programs, 'go'),
      });
      const stepper = async (): Promise<Stepper> => {
        const port = await freeLoopbackPort();
        return {
          name: 'dlv',
          executable: 'dlv',
          args: ['dap', `--listen=127.0.0.1:${port}`],
          port,
          launch: { mode: 'exec', program: path.join(dir, 'loop-go'), env: { COUNT: '1000000' } },
          breakpoint: { path: path.join(programs, 'go/main.go'), line: 27 },
        };
      };
      const [first, second] = [await stepper(), await stepper()];
      out.push(...rows(first, await Promise.all([walk(first), walk(second)])));
    } catch (error) {
      out.push({
        name: 'locate floor dlv',
        value: Number.NaN,
        unit: 'lines/s',
        note: `not run: ${(error as Error).message.split('\n')[0]}`,
      });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return out;
}
