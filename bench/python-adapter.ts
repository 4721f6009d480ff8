// bpdiff's own Python adapter (issue 27) against debugpy, its "before", and against plain Python,
// each case once per round, the rounds alternating (medians of ROUNDS):
// - a pair (`bpdiff --bp pricing.py:34 -- python3 pricing.py 10 -- ...`, the JSON document) against a
//   scripted pdb pair of the same program (`python3 -m pdb`, break, continue, `pp locals()`, quit; the
//   two at once), as a ratio (target: at most 3x);
// - a CPU-bound program (a tight loop, then 300,000 small calls, then the breakpoint's function): the
//   time it spends before the breakpoint, which it measures itself, under bpdiff against plain (target:
//   at most 1.3x: running to a breakpoint must not trace the program);
// - the bpdiffSteps stream, steps per second on a loop of a few int locals (target: at least 20,000),
//   over DAP on the adapter's socket as bpdiff speaks it.
// The first-divergence walk (hits/s) is walk-hits.ts's python rows.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'node:net';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { DapTransport } from '../src/dap/transport.js';
import { packageRoot } from '../src/package-root.js';
import { median, round, runProcess, timeMs, type BenchRow } from './lib.js';

const ROUNDS = Number(process.env['BPDIFF_BENCH_ROUNDS'] ?? 7);
const STEPS = 20_000;

const CPU_BOUND = `import sys, time
START = time.perf_counter()


def small(x):
    return x + 1


def work(n):
    total = 0
    for i in range(n):
        total += i & 7
    for i in range(300_000):
        total = small(total)
    return total


def target(total):
    sys.stderr.write("spent %.6f\\n" % (time.perf_counter() - START))
    return total  # line 20: the breakpoint


target(work(5_000_000))
`;

const LOOP = `def main(n):
    acc = 0
    step = 3
    for i in range(n):
        acc += i * step
        if acc > 10 ** 9:
            acc = 0
    return acc


main(10_000_000)
`;

export default async function run(): Promise<BenchRow[]> {
  const root = packageRoot();
  const bin = path.join(root, 'dist/bin/bpdiff.cjs');
  const pricing = path.join(root, 'examples/python/pricing/v1');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-bench-python-'));
  const userCache = process.env['XDG_CACHE_HOME'];
  process.env['XDG_CACHE_HOME'] = path.join(tmp, 'cache');
  try {
    fs.writeFileSync(path.join(tmp, 'cpu_bound.py'), CPU_BOUND);
    fs.writeFileSync(path.join(tmp, 'loop.py'), LOOP);
    const adapters = ['python', 'debugpy'] as const;
    const pair = new Map<string, number[]>(adapters.map((id) => [id, []]));
    const spent = new Map<string, number[]>([...adapters, 'plain'].map((id) => [id, []]));
    const pdb: number[] = [];
    const bpdiffPair = (adapter: string) =>
      runProcess(
        process.execPath,
        [
          bin,
          '--quiet',
          '--adapter',
          adapter,
          '--bp',
          'pricing.py:34',
          '--',
          'python3',
          'pricing.py',
          '10',
          '--',
          'python3',
          'pricing.py',
          '10',
        ],
        { cwd: pricing },
      );
    const pdbOne = () =>
      runWithInput('python3', ['-m', 'pdb', 'pricing.py', '10'], 'b pricing.py:34\nc\npp locals()\nq\n', pricing);
    const capture = (adapter: string) =>
      runProcess(
        process.execPath,
        [bin, 'capture', '--quiet', '--adapter', adapter, '--bp', 'cpu_bound.py:20', '--', 'python3', 'cpu_bound.py'],
        { cwd: tmp },
      );
    // An untimed round: caches filled, files read once.
    await bpdiffPair('python');
    await bpdiffPair('debugpy');
    for (let round = 0; round < ROUNDS; round++) {
      for (const adapter of adapters) {
        const result = await bpdiffPair(adapter);
        if (!/"status": ?"break"[\s\S]*"status": ?"break"/.test(result.stdout))
          throw new Error(`the ${adapter} pair did not stop in both runs: ${result.stderr.slice(0, 400)}`);
        pair.get(adapter)!.push(result.ms);
      }
      pdb.push(await timeMs(() => Promise.all([pdbOne(), pdbOne()])));
      const plain = await runProcess('python3', ['cpu_bound.py'], { cwd: tmp });
      spent.get('plain')!.push(spentIn(plain.stderr, 'plain'));
      for (const adapter of adapters) {
        const result = await capture(adapter);
        spent.get(adapter)!.push(spentIn(JSON.parse(result.stdout).output.stderr_tail as string, adapter));
      }
    }
    const rows: BenchRow[] = [];
    const pdbMs = median(pdb);
    for (const adapter of adapters) {
      const ratio = median(pair.get(adapter)!) / pdbMs;
      rows.push({
        name: `python pair vs scripted pdb pair (${adapter})`,
        value: round(ratio, 2),
        unit: 'x',
        ...(adapter === 'python' ? { target: '<= 3', ok: ratio <= 3 } : {}),
        note: `pair ${round(median(pair.get(adapter)!))} ms, pdb pair ${round(pdbMs)} ms`,
      });
    }
    const plainSpent = median(spent.get('plain')!);
    for (const adapter of adapters) {
      const ratio = median(spent.get(adapter)!) / plainSpent;
      rows.push({
        name: `python CPU-bound program to its breakpoint (${adapter})`,
        value: round(ratio, 2),
        unit: 'x plain',
        ...(adapter === 'python' ? { target: '<= 1.3', ok: ratio <= 1.3 } : {}),
        note: `${round(median(spent.get(adapter)!) * 1000)} ms under bpdiff, ${round(plainSpent * 1000)} ms plain`,
      });
    }
    const stepsPerSecond = await streamSteps(path.join(root, 'adapters/python'), tmp);
    rows.push({
      name: 'python bpdiffSteps stream (python)',
      value: round(stepsPerSecond),
      unit: 'steps/s',
      target: '>= 20000',
      ok: stepsPerSecond >= 20_000,
      note: `${STEPS} steps a request, median of ${ROUNDS}`,
    });
    return rows;
  } finally {
    if (userCache === undefined) delete process.env['XDG_CACHE_HOME'];
    else process.env['XDG_CACHE_HOME'] = userCache;
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function spentIn(stderr: string, who: string): number {
  const match = /spent (\d+\.\d+)/.exec(stderr);
  if (!match)
    throw new Error(`${who}: the CPU-bound program did not say how long it ran (stderr: ${stderr.slice(0, 300)})`);
  return Number(match[1]);
}

function runWithInput(file: string, args: string[], input: string, cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd, stdio: ['pipe', 'ignore', 'ignore'] });
    child.once('error', reject);
    child.once('exit', () => resolve());
    child.stdin.end(input);
  });
}

/** Steps per second of bpdiffSteps: the loop stopped at its first line, then ROUNDS requests of STEPS steps. */
async function streamSteps(adapterDir: string, cwd: string): Promise<number> {
  const child = spawn('python3', ['loop.py'], {
    cwd,
    env: { ...process.env, PYTHONPATH: adapterDir, BPDIFF_DAP_FD: '3' },
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  const socket = child.stdio[3] as Socket;
  const waiting = new Map<number, (response: DebugProtocol.Response) => void>();
  const events: DebugProtocol.Event[] = [];
  let wake: (() => void) | null = null;
  const transport = new DapTransport(socket, socket, {
    onMessage: (message) => {
      if (message.type === 'response')
        waiting.get((message as DebugProtocol.Response).request_seq)?.(message as DebugProtocol.Response);
      else if (message.type === 'event') {
        events.push(message as DebugProtocol.Event);
        wake?.();
      }
    },
    onClose: () => wake?.(),
  });
  let seq = 1;
  const request = (command: string, args: unknown): Promise<DebugProtocol.Response> =>
    new Promise((resolve, reject) => {
      const id = seq++;
      const timer = setTimeout(() => reject(new Error(`bench: no answer to ${command} within 60 s`)), 60_000);
      waiting.set(id, (response) => {
        clearTimeout(timer);
        resolve(response);
      });
      transport.send({ seq: id, type: 'request', command, arguments: args } as DebugProtocol.Request);
    });
  const stopped = async (since: number): Promise<void> => {
    while (!events.slice(since).some((event) => event.event === 'stopped')) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 1000);
      });
    }
  };
  try {
    await request('initialize', { adapterID: 'python' });
    await request('attach', { valueTimeout: 2, maxChildren: 100 });
    await request('setBreakpoints', { source: { path: path.join(cwd, 'loop.py') }, breakpoints: [{ line: 2 }] });
    let since = events.length;
    await request('configurationDone', {});
    await stopped(since);
    const rates: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      since = events.length;
      const ms = await timeMs(() =>
        request('bpdiffSteps', { threadId: 1, count: STEPS, roots: [cwd], maxValueLength: 100 }),
      );
      rates.push(STEPS / (ms / 1000));
      await stopped(since);
    }
    return median(rates);
  } finally {
    child.kill('SIGKILL');
  }
}
