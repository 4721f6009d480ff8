// Java (bpdiff's own adapter over JDI): a pair of captures by bpdiff (both runs at once, in process)
// against two captures at once by the smallest JDI program that does the same work
// (bench/java/MinimalJdiCapture.java, compiled here, with a class-data archive like the adapter's),
// and against two runs at once of jdb driven by a script (stop, run, locals, dump, exit). Goals: the
// pair within the minimal pair (bpdiff adds nothing of its own, ratio <= 1.0) and within 2x of jdb.
// The program is examples/java/pricing compiled with javac -g, so that no run compiles it in its JVM.
// Rounds alternate the three, each once per round; the rows are medians.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { captureRuns } from '../src/run/capture-runs.js';
import { defaultCaptureOptions, type RunSpec } from '../src/core/types.js';
import { runSpec } from '../src/core/run-spec.js';
import { packageRoot } from '../src/package-root.js';
import { median, round, runProcess, type BenchRow } from './lib.js';

const ROUNDS = 7;
const LINE = 33; // examples/java/pricing/*/Pricing.java: total += lineTotal
const JVM_FLAGS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-XX:-UsePerfData'];

export default async function run(): Promise<BenchRow[]> {
  const root = packageRoot();
  const pricing = path.join(root, 'examples/java/pricing');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-bench-java-'));
  const classes = (version: 'v1' | 'v2'): string => path.join(work, version);
  const minimal = path.join(work, 'minimal');
  const minimalJar = path.join(work, 'minimal.jar');
  const archive = path.join(work, 'minimal.jsa');
  try {
    for (const version of ['v1', 'v2'] as const) {
      await execa('javac', ['-g', '-d', classes(version), path.join(pricing, version, 'Pricing.java')]);
    }
    // A jar, as the adapter's: a class-data archive cannot hold classes from a folder.
    await execa('javac', ['-d', minimal, path.join(root, 'bench/java/MinimalJdiCapture.java')]);
    await execa('jar', ['--create', '--file', minimalJar, '-C', minimal, '.']);
    const program = (version: 'v1' | 'v2'): string[] => ['java', '-cp', classes(version), 'Pricing', '10'];
    const minimalArgs = (version: 'v1' | 'v2'): string[] => [
      '-cp',
      minimalJar,
      'MinimalJdiCapture',
      path.join(pricing, version, 'Pricing.java'),
      String(LINE),
      String(options.limits.depth + 1),
      '--',
      ...program(version),
    ];
    const options = defaultCaptureOptions();
    const spec = (side: 'a' | 'b'): RunSpec =>
      runSpec({
        side,
        argv: program(side === 'a' ? 'v1' : 'v2'),
        cwd: path.join(pricing, side === 'a' ? 'v1' : 'v2'),
        breakpoint: { file: 'Pricing.java', line: LINE },
      });

    const bpdiffPair = async (): Promise<number> => {
      const t0 = performance.now();
      const [a, b] = await captureRuns([spec('a'), spec('b')], options);
      if (a.run.status !== 'break' || b.run.status !== 'break')
        throw new Error('the Java bench captures did not stop at the breakpoint');
      return performance.now() - t0;
    };
    // The minimal capture's archive, recorded by a capture, as the adapter's build records its start.
    await execa('java', [`-XX:ArchiveClassesAtExit=${archive}`, '-Xlog:disable', ...minimalArgs('v1')]);
    const minimalOne = async (version: 'v1' | 'v2'): Promise<void> => {
      const result = await runProcess('java', [
        `-XX:SharedArchiveFile=${archive}`,
        '-Xlog:disable',
        ...JVM_FLAGS,
        ...minimalArgs(version),
      ]);
      if (result.code !== 0 || !/variables/.test(result.stdout))
        throw new Error(`the minimal JDI capture failed: ${result.stderr.slice(0, 300)}`);
    };
    const jdbOne = (version: 'v1' | 'v2'): Promise<void> => scriptedJdb(classes(version), LINE);
    const pairOf = async (one: (version: 'v1' | 'v2') => Promise<void>): Promise<number> => {
      const t0 = performance.now();
      await Promise.all([one('v1'), one('v2')]);
      return performance.now() - t0;
    };

    // One of each first, so that every side finds its files in the page cache.
    await bpdiffPair();
    await pairOf(minimalOne);
    await pairOf(jdbOne);
    const pairs: number[] = [];
    const minimals: number[] = [];
    const jdbs: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      pairs.push(await bpdiffPair());
      minimals.push(await pairOf(minimalOne));
      jdbs.push(await pairOf(jdbOne));
    }
    const pair = median(pairs);
    const minimalPair = median(minimals);
    const jdb = median(jdbs);
    const note = `median of ${ROUNDS}, alternating`;
    return [
      { name: 'java: bpdiff pair (both runs at once)', value: round(pair), unit: 'ms', note },
      { name: 'java: two minimal JDI captures at once', value: round(minimalPair), unit: 'ms', note },
      { name: 'java: two scripted jdb runs at once', value: round(jdb), unit: 'ms', note },
      {
        name: 'java: pair / two minimal captures',
        value: round(pair / minimalPair, 2),
        unit: 'x',
        target: '<= 1.0',
        ok: pair / minimalPair <= 1.0,
      },
      {
        name: 'java: pair / two jdb runs',
        value: round(pair / jdb, 2),
        unit: 'x',
        target: '<= 2',
        ok: pair / jdb <= 2,
      },
    ];
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * jdb on the program, driven as a person would: `stop at` and `run` at its first prompt, `locals`
 * and `dump` at the prompt after the breakpoint hit (jdb reads ahead, so a command sent early runs
 * before the stop, or before jdb has a current thread), and `exit` once they are printed.
 */
function scriptedJdb(classpath: string, line: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const jdb = spawn('jdb', ['-classpath', classpath, 'Pricing', '10'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let said = '';
    let stage: 'start' | 'running' | 'stopped' | 'read' = 'start';
    const fail = (why: string): void => {
      jdb.kill('SIGKILL');
      reject(new Error(`jdb ${why} (stage ${stage}): ${JSON.stringify(said.slice(-300))}`));
    };
    const timer = setTimeout(() => fail('took 60 s'), 60_000);
    jdb.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      said += chunk;
      if (stage === 'start' && said.includes('> ')) {
        stage = 'running';
        jdb.stdin.write(`stop at Pricing:${line}\nrun\n`);
      } else if (stage === 'running' && /Breakpoint hit:[\s\S]*main\[1\] $/.test(said)) {
        // At jdb's prompt in the stopped thread: before it, jdb has no current thread yet.
        stage = 'stopped';
        jdb.stdin.write('locals\ndump order\ndump item\n');
      } else if (stage === 'stopped' && said.includes('lineTotal') && said.includes('unitPrice')) {
        stage = 'read';
        jdb.stdin.write('exit\n');
      }
    });
    jdb.stderr.resume();
    jdb.once('error', reject);
    jdb.once('close', () => {
      clearTimeout(timer);
      if (stage !== 'read') fail('ended before it read the values');
      else resolve();
    });
  });
}
