// Start-up, measured from outside the process as a user meets it, every case once per round and the
// rounds alternating (medians of ROUNDS):
// - `bpdiff --help` against `node -e 0` (target: at most 1.5x);
// - per built-in adapter, the fixed time from the bpdiff process's start to its first adapter spawn,
//   above `node -e 0` (target: at most 60 ms). The spawn is the first 'adapter spawn' line of
//   BPDIFF_TRACE (the Node adapter's start inside bpdiff), or the first 'debuggee spawn' when sooner
//   (Python: bpdiff starts the program under debugpy first, which then waits for the adapter), placed
//   on this process's clock by the trace's `origin` (the traced process's start);
// - per adapter, the wall time of a pair of captures by the bpdiff command against one capture by
//   the minimal client in a process of its own (bench/minimal-client-main.ts: the same adapter, launch
//   and breakpoint, the same depth of variables, and nothing else) (target: at most 1.15x).
// BPDIFF_BENCH_BEFORE=FILE adds the same rows for another build of the bpdiff command (the "before"
// of a change: a worktree's dist/src/cli/main.js, say), measured in the same rounds. It needs a build
// whose trace has `origin`; without one its fixed time is left out.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFirstExecutable, whichSync } from '../src/adapters/find-executable.js';
import { defaultCaptureOptions } from '../src/core/types.js';
import { packageRoot } from '../src/package-root.js';
import type { MinimalCaptureInput } from './minimal-client.js';
import { median, round, runCommand, runProcess, type BenchRow } from './lib.js';

const ROUNDS = Number(process.env['BPDIFF_BENCH_ROUNDS'] ?? 9);
const DEPTH = defaultCaptureOptions().limits.depth + 1;

interface Case {
  name: string;
  /** bpdiff's arguments, run in `cwd`. */
  args: string[];
  cwd: string;
  minimal: MinimalCaptureInput;
}

interface Timing {
  wall: number;
  /** ms from spawn() to the first adapter spawn, on this process's clock (null: not traced). */
  spawnAt: number | null;
}

export default async function run(): Promise<BenchRow[]> {
  const root = packageRoot();
  const here = path.dirname(fileURLToPath(import.meta.url));
  const bins: Array<[label: string, bin: string]> = [['', path.join(root, 'dist/bin/bpdiff.cjs')]];
  const before = process.env['BPDIFF_BENCH_BEFORE'];
  if (before) bins.push(['before: ', path.resolve(before)]);
  const minimalMain = path.join(here, 'minimal-client-main.js');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-bench-start-'));
  // bpdiff's cache (interpreter facts, code cache) in the bench's folder: filled by the untimed round,
  // removed with it, and not the user's ~/.cache/bpdiff, where the temp programs' facts would stay.
  const userCache = process.env['XDG_CACHE_HOME'];
  process.env['XDG_CACHE_HOME'] = path.join(tmp, 'cache');
  try {
    const cases = makeCases(root, tmp);
    const node: number[] = [];
    const help = new Map<string, number[]>(bins.map(([label]) => [label, []]));
    const pairs = new Map<string, Timing[]>();
    const singles = new Map<string, Array<{ wall: number; spawnedAt: number }>>();
    const minimalPairs = new Map<string, number[]>();
    const runRound = async (record: boolean): Promise<void> => {
      const nodeMs = await runCommand(process.execPath, ['-e', '0'], { cwd: root });
      if (record) node.push(nodeMs);
      for (const [label, bin] of bins) {
        const ms = await runCommand(process.execPath, [bin, '--help'], { cwd: root });
        if (record) help.get(label)!.push(ms);
      }
      for (const item of cases) {
        for (const [label, bin] of bins) {
          const timing = await bpdiff(bin, item, path.join(tmp, 'trace.jsonl'));
          if (record) pairs.set(label + item.name, [...(pairs.get(label + item.name) ?? []), timing]);
        }
        const single = await minimal(minimalMain, item);
        if (record) singles.set(item.name, [...(singles.get(item.name) ?? []), single]);
        // Two minimal clients at once, on the same program: what running two captures side by side
        // costs on this machine with no bpdiff at all.
        const start = now();
        await Promise.all([minimal(minimalMain, item), minimal(minimalMain, item)]);
        if (record) minimalPairs.set(item.name, [...(minimalPairs.get(item.name) ?? []), now() - start]);
      }
    };
    // One untimed round fills the page cache for every program and adapter.
    await runRound(false);
    for (let i = 0; i < ROUNDS; i++) await runRound(true);

    const nodeMs = median(node);
    const rows: BenchRow[] = [
      { name: 'start-up: node -e 0', value: round(nodeMs, 1), unit: 'ms', note: `median of ${ROUNDS}` },
    ];
    for (const [label] of bins) {
      const ms = median(help.get(label)!);
      rows.push(
        { name: `start-up: ${label}bpdiff --help`, value: round(ms, 1), unit: 'ms' },
        {
          name: `start-up: ${label}--help / node -e 0`,
          value: round(ms / nodeMs, 2),
          unit: 'x',
          target: '<= 1.5',
          ok: ms / nodeMs <= 1.5,
        },
      );
    }
    for (const item of cases) {
      const single = singles.get(item.name)!;
      const singleMs = median(single.map((s) => s.wall));
      for (const [label] of bins) {
        const timings = pairs.get(label + item.name)!;
        const spawnAts = timings.map((t) => t.spawnAt).filter((t): t is number => t !== null);
        const pairMs = median(timings.map((t) => t.wall));
        if (spawnAts.length === timings.length) {
          const fixed = median(spawnAts) - nodeMs;
          rows.push(
            {
              name: `${item.name}: ${label}first adapter spawn`,
              value: round(median(spawnAts)),
              unit: 'ms',
              note: 'from the bpdiff process start',
            },
            {
              name: `${item.name}: ${label}fixed time above node -e 0`,
              value: round(fixed),
              unit: 'ms',
              target: '<= 60',
              ok: fixed <= 60,
            },
          );
        }
        const minimalPairMs = median(minimalPairs.get(item.name)!);
        rows.push(
          { name: `${item.name}: ${label}pair (bpdiff command)`, value: round(pairMs), unit: 'ms' },
          {
            name: `${item.name}: ${label}pair / single`,
            value: round(pairMs / singleMs, 2),
            unit: 'x',
            target: '<= 1.15',
            ok: pairMs / singleMs <= 1.15,
          },
          {
            name: `${item.name}: ${label}pair / two minimal clients at once`,
            value: round(pairMs / minimalPairMs, 2),
            unit: 'x',
            note: "bpdiff's own share of the pair",
          },
        );
      }
      rows.push(
        {
          name: `${item.name}: single capture (minimal client process)`,
          value: round(singleMs),
          unit: 'ms',
          note: `its adapter spawn at ${round(median(single.map((s) => s.spawnedAt)))} ms`,
        },
        {
          name: `${item.name}: two minimal clients at once / single`,
          value: round(median(minimalPairs.get(item.name)!) / singleMs, 2),
          unit: 'x',
          note: 'two captures side by side on this machine, no bpdiff',
        },
      );
    }
    return rows;
  } finally {
    if (userCache === undefined) delete process.env['XDG_CACHE_HOME'];
    else process.env['XDG_CACHE_HOME'] = userCache;
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** The comparisons: each adapter's example, v1 against v2, and the minimal client's capture of v1. */
function makeCases(root: string, tmp: string): Case[] {
  const cases: Case[] = [];
  const sitecustomize = path.join(root, 'adapters/debugpy/sitecustomize.py');
  // The folder bpdiff puts on the debuggee's PYTHONPATH: its sitecustomize (TCP_NODELAY, the 1 ms
  // poll), and Debian's `bytecode` for an interpreter without debugpy of its own.
  const site = path.join(tmp, 'site');
  fs.mkdirSync(site);
  fs.copyFileSync(sitecustomize, path.join(site, 'sitecustomize.py'));
  if (fs.existsSync('/usr/lib/python3/dist-packages/bytecode'))
    fs.symlinkSync('/usr/lib/python3/dist-packages/bytecode', path.join(site, 'bytecode'));
  const pricing = path.join(root, 'examples/python/pricing');
  const python = (name: string, command: string, interpreter: string): Case => ({
    name,
    // debugpy, as the minimal client it is measured against (bpdiff's own Python adapter: python-adapter.ts).
    args: [
      '--adapter',
      'debugpy',
      '--bp',
      'pricing.py:34',
      '--cwd-a',
      'v1',
      '--cwd-b',
      'v2',
      '--',
      command,
      'pricing.py',
      '10',
      '--',
      command,
      'pricing.py',
      '10',
    ],
    cwd: pricing,
    minimal: {
      executable: '/usr/bin/python3',
      args: ['/usr/lib/python3/dist-packages/debugpy/adapter'],
      env: { PYTHONPATH: site },
      cwd: path.join(pricing, 'v1'),
      launch: {
        program: path.join(pricing, 'v1/pricing.py'),
        args: ['10'],
        cwd: path.join(pricing, 'v1'),
        python: interpreter,
        console: 'internalConsole',
        justMyCode: false,
        variablePresentation: { special: 'hide', function: 'hide', class: 'hide', protected: 'inline' },
        env: { PYTHONPATH: site },
      },
      breakpoint: { path: path.join(pricing, 'v1/pricing.py'), line: 34 },
      depth: DEPTH,
    },
  });
  const onPath = whichSync('python3', process.cwd());
  if (onPath?.includes(`${path.sep}shims${path.sep}`)) {
    // The interpreter the shim runs, as the minimal client would be given it.
    const real = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
    cases.push(python('python (pyenv shim)', 'python3', real));
  }
  cases.push(python('python', '/usr/bin/python3', '/usr/bin/python3'));

  const lldb = findFirstExecutable(['lldb-dap', 'lldb-dap-19', 'lldb-vscode'], root);
  if (lldb) {
    const c = path.join(root, 'examples/c');
    execFileSync('make', ['-s', '-C', c], { stdio: 'ignore' });
    const orders = ['tea:4', 'mug-l:3', 'mug-s:2'];
    const initCommands =
      (
        JSON.parse(fs.readFileSync(path.join(root, 'adapters/lldb/adapter.json'), 'utf8')) as {
          launch: { initCommands?: string[] };
        }
      ).launch.initCommands ?? [];
    cases.push({
      name: 'c',
      args: [
        '--bp',
        'inventory.c:52',
        '--cwd-a',
        'v1',
        '--cwd-b',
        'v2',
        '--',
        '../build/v1/inventory',
        ...orders,
        '--',
        '../build/v2/inventory',
        ...orders,
      ],
      cwd: c,
      minimal: {
        executable: lldb,
        args: [],
        cwd: path.join(c, 'v1'),
        launch: {
          program: path.join(c, 'build/v1/inventory'),
          args: orders,
          cwd: path.join(c, 'v1'),
          env: [],
          stopOnEntry: false,
          initCommands,
        },
        breakpoint: { path: path.join(c, 'v1/inventory.c'), line: 52 },
        depth: DEPTH - 1,
      },
    });
  }

  if (whichSync('dlv', process.cwd()) && whichSync('go', process.cwd())) {
    // Prebuilt, unoptimised binaries in exec mode: the Go build would otherwise be most of the time.
    const orders = path.join(root, 'examples/go/orders');
    const binary = (version: string): string => path.join(tmp, `orders-${version}`);
    for (const version of ['v1', 'v2']) {
      execFileSync('go', ['build', '-buildvcs=false', '-gcflags=all=-N -l', '-o', binary(version), '.'], {
        cwd: path.join(orders, version),
        stdio: 'ignore',
      });
    }
    cases.push({
      name: 'go',
      args: ['--bp', 'pricing/pricing.go:49', '--cwd-a', 'v1', '--cwd-b', 'v2', '--', binary('v1'), '--', binary('v2')],
      cwd: orders,
      minimal: {
        executable: 'dlv',
        // minimal-client-main.ts puts a free port in.
        args: ['dap', '--listen=127.0.0.1:${port}'],
        port: 0,
        cwd: path.join(orders, 'v1'),
        launch: { mode: 'exec', program: binary('v1'), args: [], cwd: path.join(orders, 'v1') },
        breakpoint: { path: path.join(orders, 'v1/pricing/pricing.go'), line: 49 },
        depth: DEPTH,
      },
    });
  }

  const cart = path.join(root, 'examples/node/cart-cjs');
  const adapterTmp = path.join(tmp, 'node-adapter');
  fs.mkdirSync(adapterTmp);
  cases.push({
    name: 'node',
    args: [
      '--bp',
      'cart.js:31',
      '--cwd-a',
      'v1',
      '--cwd-b',
      'v2',
      '--',
      'node',
      'checkout.js',
      '--',
      'node',
      'checkout.js',
    ],
    cwd: cart,
    minimal: {
      executable: process.execPath,
      args: [path.join(root, 'dist/adapters/node/main.mjs')],
      env: { BPDIFF_NODE_ADAPTER_TMPDIR: adapterTmp },
      cwd: path.join(cart, 'v1'),
      launch: { command: ['node', 'checkout.js'], cwd: path.join(cart, 'v1') },
      breakpoint: { path: path.join(cart, 'v1/cart.js'), line: 31 },
      depth: DEPTH,
    },
  });
  return cases;
}

/** This process's clock, in ms since the epoch (the trace's `origin + t` is on the same clock). */
function now(): number {
  return performance.timeOrigin + performance.now();
}

/** One comparison by the bpdiff command: its wall time, and when it spawned its first adapter. */
async function bpdiff(bin: string, item: Case, traceFile: string): Promise<Timing> {
  fs.rmSync(traceFile, { force: true });
  const start = now();
  const { code, stdout, stderr, ms } = await runProcess(process.execPath, [bin, '-q', ...item.args], {
    cwd: item.cwd,
    env: { BPDIFF_TRACE: traceFile },
  });
  if (code !== 0 && code !== 1) throw new Error(`bpdiff (${item.name}) exited with ${code}: ${stderr.slice(0, 300)}`);
  // A pair that differs exits 1; a run that did not stop would too, and must not count as a capture.
  const doc = JSON.parse(stdout) as { run_a: { status: string }; run_b: { status: string } };
  if (doc.run_a.status !== 'break' || doc.run_b.status !== 'break')
    throw new Error(
      `bpdiff (${item.name}): a run did not stop at the breakpoint (A ${doc.run_a.status}, B ${doc.run_b.status}): ${stderr.slice(0, 300)}`,
    );
  // A build from before BPDIFF_TRACE (BPDIFF_BENCH_BEFORE) writes none: its wall time only.
  if (!fs.existsSync(traceFile)) return { wall: ms, spawnAt: null };
  const lines = fs
    .readFileSync(traceFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { t: number; phase?: string; origin?: number });
  const origin = lines.find((line) => line.phase === 'cli started')?.origin;
  const spawned = lines.find((line) => line.phase === 'adapter spawn' || line.phase === 'debuggee spawn');
  if (!spawned) throw new Error(`bpdiff (${item.name}) spawned no adapter: ${stderr.slice(0, 300)}`);
  return { wall: ms, spawnAt: origin === undefined ? null : origin + spawned.t - start };
}

/** One capture by the minimal client process. */
async function minimal(main: string, item: Case): Promise<{ wall: number; spawnedAt: number }> {
  const { code, stdout, stderr, ms } = await runProcess(process.execPath, [main, JSON.stringify(item.minimal)], {
    cwd: item.cwd,
  });
  if (code !== 0) throw new Error(`the minimal client (${item.name}) exited with ${code}: ${stderr.slice(0, 300)}`);
  const result = JSON.parse(stdout) as { spawnedAt: number; variables: number };
  if (result.variables === 0) throw new Error(`the minimal client (${item.name}) read no variables`);
  return { wall: ms, spawnedAt: result.spawnedAt };
}
