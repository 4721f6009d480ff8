// Python (debugpy) without the launcher: can the program be started under debugpy without debugpy's
// launcher process, and how much faster is a capture then? bpdiff now starts Python programs as C
// (adapters/debugpy/hooks.ts), and as C-seq under -I, -E or -S, where the sitecustomize is not loaded;
// this bench still compares the variants outside bpdiff, with L as it was.
//
// - L (bpdiff before C): the adapter over stdio, `launch`: the adapter starts debugpy's launcher,
//   which starts the program (`python -X frozen_modules=off <debugpy> --connect ...`): 3 processes,
//   one after the other.
// - C (bpdiff): the adapter over stdio, `attach` with `listen: {host, port: 0}` (the adapter waits
//   for the debuggee's server to connect to it, on a port it picks and names in its
//   `debugpyWaitingForServer` event: VS Code's configuration for `debugpy --connect`), and the client
//   starts the program itself, AT THE SAME TIME as the adapter:
//   `python -X frozen_modules=off <debugpy> --connect 127.0.0.1:0 --configure-subProcess False prog args`.
//   2 processes, started together. bpdiff's sitecustomize (part 3, BPDIFF_ADAPTER_PORT_FD) has that
//   connect wait for the port, which the client writes on the program's fd 3 once the event names it.
// - C-seq (bpdiff under -I, -E, -S): as C, but the program is started only once the adapter listens,
//   with the port from the event in its `--connect`: no overlap.
// - S: `python <debugpy> --listen 127.0.0.1:P --wait-for-client prog args`: the program starts its
//   own adapter (which daemonizes), and the client connects to that adapter over TCP, `attach` with
//   `connect: {host, port}`. P is a free port picked by binding port 0 and closing it: another process
//   may take it first, which is one reason bpdiff does not start programs this way.
// Every variant runs with bpdiff's sitecustomize, which (part 8) skips pydevd's 100 ms pause after it
// connects: this bench found that pause (it cost every variant ~100 ms).
//
// What makes the program wait for the breakpoints (C, C-seq): `debugpy --connect` calls
// pydevd.settrace(wait_for_ready_to_run=True), which blocks the main thread until the adapter sends
// pydevd `configurationDone`; `--wait-for-client` is not needed (it waits for the same thing). In S,
// `--listen` does not wait, so `--wait-for-client` is required.
//
// Every variant keeps bpdiff's sitecustomize.py (TCP_NODELAY, the 1 ms suspend poll...) on the
// PYTHONPATH of the debuggee and of the adapter, and reads the same variables as the minimal client
// (bench/minimal-client.ts). Rows: one capture alone, a pair at once (v1 and v2 of the pricing
// example, as bpdiff's runs A and B), the time until `stopped`, the processes alive at the stop, and
// whether the variables read equal those of L. `npx tsx bench/python-launcherless.ts` runs it alone
// (BPDIFF_BENCH_RUNS=N for N rounds).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { DapConnection, type WaitOptions } from '../src/dap/connection.js';
import { freeLoopbackPort } from '../src/dap/adapter-process.js';
import { findMarked, killTree, markerEnv, newRunMarker } from '../src/process/process-tree.js';
import { defaultCaptureOptions } from '../src/core/types.js';
import { packageRoot } from '../src/package-root.js';
import { median, round, type BenchRow } from './lib.js';

const PYTHON = '/usr/bin/python3';
const DEBUGPY = '/usr/lib/python3/dist-packages/debugpy';
const RUNS = Number(process.env.BPDIFF_BENCH_RUNS ?? 9);
const WAIT: WaitOptions = { step: 'bench', timeoutMs: 30_000 };
const VARIANTS = ['L', 'C', 'C-seq', 'S'] as const;
export type Variant = (typeof VARIANTS)[number];
interface VariantSpec {
  label: string;
  /** Who starts the program, and when. */
  start: 'launcher' | 'with-adapter' | 'once-listening' | 'self-hosted';
}
const SPECS: Record<Variant, VariantSpec> = {
  L: { label: 'L launch (bpdiff before C)', start: 'launcher' },
  C: { label: 'C attach+listen, program spawned with the adapter', start: 'with-adapter' },
  'C-seq': { label: 'C-seq attach+listen, program spawned once the adapter listens', start: 'once-listening' },
  S: { label: 'S program --listen --wait-for-client, client connects', start: 'self-hosted' },
};

export interface Setup {
  /** A folder holding bpdiff's sitecustomize. */
  siteDir: string;
  example: string;
}

export interface CaptureResult {
  /** From the first spawn to the last `variables` answer. */
  ms: number;
  /** From the first spawn to the `stopped` event. */
  stoppedMs: number;
  /** `path = value` of every variable read, addresses masked, sorted. */
  values: string[];
  /** Processes carrying the run's marker after the variables are read (when asked). */
  processes: number | null;
  /** CPU time (user + system) those processes had used by then (when asked). */
  cpuMs: number | null;
}

/** User + system CPU time of a process so far, in ms (/proc/PID/stat fields 14 and 15, in clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The same walk as bench/minimal-client.ts, keeping names and values. */
async function readVariables(connection: DapConnection, threadId: number, depth: number): Promise<string[]> {
  const frames = await connection.request('stackTrace', { threadId, startFrame: 0, levels: 5 }, WAIT);
  const frameId = frames!.stackFrames[0]!.id;
  const scopes = (await connection.request('scopes', { frameId }, WAIT))!.scopes.filter(
    (scope) => !scope.expensive && !/global|register/i.test(scope.name),
  );
  const values: string[] = [];
  let level = scopes.map((scope) => ({ ref: scope.variablesReference, depth: -1, path: scope.name }));
  while (level.length > 0) {
    const answers = await Promise.all(
      level.map((node) => connection.request('variables', { variablesReference: node.ref }, WAIT)),
    );
    const next: typeof level = [];
    answers.forEach((answer, index) => {
      const parent = level[index]!;
      for (const variable of answer?.variables ?? []) {
        const name = `${parent.path}/${variable.name}`;
        values.push(`${name} = ${variable.value.replace(/0x[0-9a-f]{6,}/gi, '0x…')}`);
        if (variable.variablesReference > 0 && parent.depth + 1 < depth)
          next.push({ ref: variable.variablesReference, depth: parent.depth + 1, path: name });
      }
    });
    level = next;
  }
  return values.sort();
}

/** Connects to a port that will be listening soon: a new socket every 5 ms until it is. */
function connectSoon(port: number, timeoutMs = 15_000): Promise<net.Socket> {
  const deadline = performance.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = (): void => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.setNoDelay(true);
        resolve(socket);
      });
      socket.once('error', (error) => (performance.now() < deadline ? setTimeout(attempt, 5) : reject(error)));
    };
    attempt();
  });
}

function start(file: string, args: string[], cwd: string, env: Record<string, string>, portPipe = false): ChildProcess {
  // Detached (a session of its own) as bpdiff starts its adapters; output drained. With `portPipe`, a
  // pipe on fd 3 (ADAPTER_PORT_FD) for the adapter's port.
  const child = spawn(file, args, {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe', ...(portPipe ? (['pipe'] as const) : [])],
  });
  child.stderr!.resume();
  child.on('error', () => undefined);
  return child;
}

function attach(connection: DapConnection, args: Record<string, unknown>): Promise<unknown> {
  return connection.request('attach', args as DebugProtocol.AttachRequestArguments, WAIT);
}

/** One capture of `pricing.py 10` (v1 or v2) at line 34, by one variant. */
export async function capture(
  variant: Variant,
  side: 'v1' | 'v2',
  setup: Setup,
  countProcesses = false,
): Promise<CaptureResult> {
  const cwd = path.join(setup.example, side);
  const program = path.join(cwd, 'pricing.py');
  const limits = defaultCaptureOptions().limits;
  const marker = newRunMarker();
  const spec = SPECS[variant];
  // What bpdiff puts in the debuggee's environment (adapters/debugpy/hooks.ts).
  const debuggeeEnv: Record<string, string> = {
    PYTHONPATH: setup.siteDir,
    BPDIFF_VALUE_TIMEOUT: String(limits.value_timeout_seconds),
    BPDIFF_MAX_CHILDREN: String(Math.min(limits.max_children, limits.max_variables)),
  };
  // The options bpdiff gives pydevd (adapters/debugpy/adapter.json), in `launch` as in `attach`.
  // `subProcess` is the adapter's and the launcher's: for C and S it is --configure-subProcess.
  const pydevdOptions = {
    justMyCode: false,
    showReturnValue: false,
    variablePresentation: { special: 'hide', function: 'hide', class: 'hide', protected: 'inline' },
  };
  // The program as debugpy's launcher starts it (launcher/handlers.py), `--connect`/`--listen` aside.
  const debuggee = (mode: string[]): string[] => [
    '-X',
    'frozen_modules=off',
    DEBUGPY,
    ...mode,
    '--configure-subProcess',
    'False',
    '--configure-qt',
    'none',
    program,
    '10',
  ];
  // The launcher sets these when it reads the program's pipes (redirectOutput); so does bpdiff.
  const pipedEnv = { PYTHONUNBUFFERED: '1', PYTHONIOENCODING: 'utf-8' };

  const t0 = performance.now();
  const pids: number[] = [];
  const spawnTracked = (file: string, args: string[], env: Record<string, string>, portPipe = false): ChildProcess => {
    const child = start(file, args, cwd, { ...env, ...markerEnv(marker) }, portPipe);
    pids.push(child.pid!);
    return child;
  };
  try {
    let connection: DapConnection;
    let started: Promise<unknown>;
    if (spec.start === 'self-hosted') {
      const port = await freeLoopbackPort();
      const child = spawnTracked(PYTHON, debuggee(['--listen', `127.0.0.1:${port}`, '--wait-for-client']), {
        ...debuggeeEnv,
        ...pipedEnv,
      });
      child.stdout!.resume();
      const socket = await connectSoon(port);
      connection = new DapConnection(socket, socket, 'debugpy');
      await connection.request(
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
      started = attach(connection, { connect: { host: '127.0.0.1', port }, ...pydevdOptions });
    } else {
      // The adapter also gets the sitecustomize (TCP_NODELAY on the sockets it accepts), as in bpdiff.
      const adapter = spawnTracked(PYTHON, [path.join(DEBUGPY, 'adapter')], { PYTHONPATH: setup.siteDir });
      // BPDIFF_ADAPTER_PORT_FD: the sitecustomize has the connect to 127.0.0.1:0 wait for the port on fd 3.
      const startedWith =
        spec.start === 'with-adapter'
          ? spawnTracked(
              PYTHON,
              debuggee(['--connect', '127.0.0.1:0']),
              { ...debuggeeEnv, ...pipedEnv, BPDIFF_ADAPTER_PORT_FD: '3' },
              true,
            )
          : null;
      startedWith?.stdout?.resume();
      connection = new DapConnection(adapter.stdout!, adapter.stdin!, 'debugpy');
      await connection.request(
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
      if (spec.start === 'launcher') {
        started = connection.request(
          'launch',
          {
            program,
            args: ['10'],
            cwd,
            python: PYTHON,
            console: 'internalConsole',
            redirectOutput: true,
            subProcess: false,
            env: debuggeeEnv,
            ...pydevdOptions,
          } as DebugProtocol.LaunchRequestArguments,
          WAIT,
        );
      } else {
        started = attach(connection, { listen: { host: '127.0.0.1', port: 0 }, ...pydevdOptions });
        const listening = (await connection.waitForEvent(
          (event) => event.event === 'debugpyWaitingForServer',
          WAIT,
        )) as DebugProtocol.Event;
        const port = (listening.body as { port: number }).port;
        if (startedWith) (startedWith.stdio[3] as Writable).end(`${port}\n`);
        else
          spawnTracked(PYTHON, debuggee(['--connect', `127.0.0.1:${port}`]), {
            ...debuggeeEnv,
            ...pipedEnv,
          }).stdout!.resume();
      }
    }
    // A failed start answers `launch`/`attach` with an error before `initialized` ever comes.
    started.catch(() => undefined);
    await Promise.race([
      connection.waitForEvent((event) => event.event === 'initialized', WAIT),
      started.then(() => new Promise(() => undefined)),
    ]);
    await connection.request('setBreakpoints', { source: { path: program }, breakpoints: [{ line: 34 }] }, WAIT);
    await connection.request('setExceptionBreakpoints', { filters: [] }, WAIT);
    const since = connection.eventCount;
    await connection.request('configurationDone', {}, WAIT);
    await started;
    const stopped = (await connection.waitForEvent((event) => event.event === 'stopped', {
      ...WAIT,
      since,
    })) as DebugProtocol.StoppedEvent;
    const stoppedMs = performance.now() - t0;
    const values = await readVariables(connection, stopped.body.threadId ?? 1, limits.depth + 1);
    const ms = performance.now() - t0;
    const alive = countProcesses ? findMarked(marker) : null;
    const cpuMs = alive ? alive.reduce((sum, info) => sum + cpuMsOf(info.pid), 0) : null;
    return { ms, stoppedMs, values, processes: alive ? alive.length : null, cpuMs };
  } finally {
    // The debuggee and (S) the daemonized adapter leave the session: the marker finds them.
    killTree(pids, pids, marker);
  }
}

/** Both sides at once, as bpdiff captures runs A and B: wall time until both are read. */
async function capturePair(variant: Variant, setup: Setup): Promise<number> {
  const t0 = performance.now();
  await Promise.all([capture(variant, 'v1', setup), capture(variant, 'v2', setup)]);
  return performance.now() - t0;
}

export default async function run(): Promise<BenchRow[]> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-bench-pyll-'));
  fs.copyFileSync(path.join(packageRoot(), 'adapters/debugpy/sitecustomize.py'), path.join(tmp, 'sitecustomize.py'));
  const setup: Setup = { siteDir: tmp, example: path.join(packageRoot(), 'examples/python/pricing') };
  try {
    // Warm-up and check: every variant once (the page cache), then three times more counting processes
    // and their CPU time, and keeping the variables read, which must equal L's.
    for (const variant of VARIANTS) await capture(variant, 'v1', setup);
    const checks = new Map<Variant, CaptureResult[]>(VARIANTS.map((v) => [v, []]));
    for (let i = 0; i < 3; i++)
      for (const variant of VARIANTS) checks.get(variant)!.push(await capture(variant, 'v1', setup, true));
    const reference = checks.get('L')![0]!.values;

    const singles = new Map<Variant, number[]>(VARIANTS.map((v) => [v, []]));
    const stops = new Map<Variant, number[]>(VARIANTS.map((v) => [v, []]));
    const pairs = new Map<Variant, number[]>(VARIANTS.map((v) => [v, []]));
    for (let round = 0; round < RUNS; round++) {
      // Variants alternate, in an order that rotates every round (no variant always runs first).
      const order = VARIANTS.map((_, i) => VARIANTS[(i + round) % VARIANTS.length]!);
      for (const variant of order) {
        const one = await capture(variant, 'v1', setup);
        singles.get(variant)!.push(one.ms);
        stops.get(variant)!.push(one.stoppedMs);
      }
      for (const variant of order) pairs.get(variant)!.push(await capturePair(variant, setup));
    }

    const rows: BenchRow[] = [];
    const base = { single: median(singles.get('L')!), pair: median(pairs.get('L')!) };
    for (const variant of VARIANTS) {
      const spec = SPECS[variant];
      const check = checks.get(variant)!;
      const values = check[0]!.values;
      const single = median(singles.get(variant)!);
      const pair = median(pairs.get(variant)!);
      const same = check.every(
        (one) => one.values.length === reference.length && one.values.every((value, i) => value === reference[i]),
      );
      rows.push(
        {
          name: `python ${spec.label}: single capture`,
          value: round(single),
          unit: 'ms',
          note: variant === 'L' ? `median of ${RUNS}` : `${round((single / base.single - 1) * 100)}% vs L`,
        },
        {
          name: `python ${spec.label}: pair of captures (concurrent)`,
          value: round(pair),
          unit: 'ms',
          note: variant === 'L' ? `median of ${RUNS}` : `${round((pair / base.pair - 1) * 100)}% vs L`,
        },
        { name: `python ${spec.label}: until stopped`, value: round(median(stops.get(variant)!)), unit: 'ms' },
        {
          name: `python ${spec.label}: processes alive at the stop`,
          value: Math.max(...check.map((one) => one.processes ?? 0)),
          unit: 'processes',
        },
        {
          name: `python ${spec.label}: CPU time of those processes`,
          value: round(median(check.map((one) => one.cpuMs ?? 0))),
          unit: 'ms',
          note:
            spec.start === 'self-hosted'
              ? "not counting the adapter's parent, which forks it and exits"
              : 'user + system, until the variables are read',
        },
        {
          name: `python ${spec.label}: variables read`,
          value: values.length,
          unit: 'variables',
          target: 'same as L',
          ok: same,
        },
      );
    }
    return rows;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const rows = await run();
  for (const row of rows)
    process.stdout.write(
      `${row.name}: ${row.value} ${row.unit}${row.target ? ` (${row.target}: ${row.ok ? 'yes' : 'NO'})` : ''}${row.note ? ` — ${row.note}` : ''}\n`,
    );
}
