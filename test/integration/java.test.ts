// bpdiff against its own Java adapter (adapters/java, built to dist/), on real programs: two versions
// of a module, identical runs full of identity hash codes, conditions that hold, fail or cannot be
// evaluated, `java Main.java`, a JVM started by a shell script, a line never reached, --hit,
// --first-divergence, --watch, a baseline, and Ctrl-C with no JVM left behind.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { validateComparison } from '../../src/core/schemas.js';
import {
  EXAMPLES,
  ROOT,
  describeWithTool,
  leftoverProcesses,
  onPath,
  runBpdiff,
  startBpdiffUntilRunning,
  type BpdiffRun,
} from './helpers.js';
import { JAVAC_JVM } from '../../adapters/java/source-launch.js';

const PRICING = path.join(EXAMPLES, 'java/pricing');
const CATALOG = path.join(EXAMPLES, 'java/catalog');
const FIXTURES = path.join(ROOT, 'test/integration/fixtures-java');
const LOOP_FIXTURES = path.join(ROOT, 'adapters/java/test/fixtures');
const javaReady = onPath('javac') && fs.existsSync(path.join(ROOT, 'dist/adapters/java/bpdiff-java-adapter.jar'));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-java-int-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function lineOf(file: string, marker: string): number {
  const index = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((line) => line.includes(marker));
  if (index < 0) throw new Error(`${marker} not found in ${file}`);
  return index + 1;
}

const PRICE_LINE = lineOf(path.join(PRICING, 'v1/Pricing.java'), 'total += lineTotal');
const CATALOG_LINE = lineOf(path.join(CATALOG, 'Catalog.java'), 'System.out.printf');
const HITS = path.join(FIXTURES, 'Hits.java');
const HITS_LINE = lineOf(HITS, 'acc += step');

function expectClean(run: BpdiffRun): void {
  expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
  if (run.doc) expect(validateComparison(run.doc).errors).toEqual([]);
}

function hints(run: BpdiffRun): string {
  return run.doc!.analysis_hints.join('\n');
}

const pricing = (...extra: string[]): string[] => [
  '--bp',
  `Pricing.java:${PRICE_LINE}`,
  '--condition',
  'item.qty() > 3',
  ...extra,
];
const hits = (limit: number, bump: number): string[] => ['java', '-cp', scratch, 'Hits', String(limit), String(bump)];

describeWithTool(
  'Java through bpdiff-java-adapter',
  'a JDK (apt-get install -y default-jdk-headless) and the built Java adapter',
  javaReady,
  () => {
    beforeAll(() => {
      execFileSync(
        'javac',
        [
          ...JAVAC_JVM,
          '-g',
          '-d',
          scratch,
          HITS,
          path.join(FIXTURES, 'Hang.java'),
          path.join(LOOP_FIXTURES, 'loop/Loop.java'),
        ],
        { stdio: 'pipe' },
      );
    });

    it("compiles a single-file program once (javac -g) and starts its first top-level class; a file with a package, or one that does not compile, is left to the source launcher; a run that ends before its breakpoint's class loads ended, its breakpoint pending, not refused", async () => {
      const cwd = path.join(FIXTURES, 'source');
      const run = await runBpdiff(
        [
          '--bp',
          'Two.java:11',
          '--',
          'java',
          '-Dmode=a',
          'Two.java',
          'ab',
          'cde',
          '--',
          'java',
          '-Dmode=b',
          'Two.java',
          'ab',
          'cdef',
        ],
        { cwd },
      );
      expect(run.leftovers).toEqual([]);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.run_a.location).toEqual({ file: 'Two.java', line: 11 });
      expect(run.doc!.diff.changed).toEqual({
        'args[1]': { a: '"cde"', b: '"cdef"' },
        'parts[1].text': { a: '"cde"', b: '"cdef"' },
        total: { a: '5', b: '6' },
      });
      // One folder, one program: compiled once for both runs.
      expect(run.stderr.match(/building: javac /g)).toHaveLength(1);
      expect(run.stderr).toContain(
        '[A] Two.java compiled once for the comparison (javac -g), started as java -cp <its classes> Two',
      );
      // The source launcher's class path, the working folder where none is given, is the program's: a
      // class compiled there is found at compile time and at run time.
      const lib = fs.mkdtempSync(path.join(scratch, 'lib-'));
      fs.writeFileSync(
        path.join(lib, 'Lib.java'),
        'public class Lib { public static int twice(int x) { return x * 2; } }\n',
      );
      execFileSync('javac', [...JAVAC_JVM, '-d', lib, path.join(lib, 'Lib.java')], { stdio: 'pipe' });
      fs.rmSync(path.join(lib, 'Lib.java'));
      fs.writeFileSync(
        path.join(lib, 'UsesLib.java'),
        'public class UsesLib {\n  public static void main(String[] args) {\n    int n = Lib.twice(args.length);\n    System.out.println(n);\n  }\n}\n',
      );
      const withLib = await runBpdiff(
        ['--bp', 'UsesLib.java:4', '--', 'java', 'UsesLib.java', 'a', 'b', '--', 'java', 'UsesLib.java', 'a'],
        {
          cwd: lib,
        },
      );
      expect(withLib.leftovers).toEqual([]);
      expect(withLib.stderr).toContain('[A] UsesLib.java compiled once for the comparison');
      expect(withLib.doc!.diff.changed['n']).toEqual({ a: '4', b: '2' });
      // A run that ends before a class of the breakpoint's line loads (Part: no argument makes none) ran
      // to its end without reaching it; its breakpoint was pending, not refused.
      const ended = await runBpdiff(
        ['--bp', 'Two.java:23', '--', 'java', 'Two.java', '--', 'java', 'Two.java', 'abc'],
        { cwd },
      );
      expect(ended.leftovers).toEqual([]);
      expect(ended.doc!.run_a.status, ended.stderr).toBe('no_break');
      expect(ended.doc!.run_b.variables['this.text']).toBe('"abc"');
      expect(ended.doc!.analysis_hints[0]).toBe(
        'A exited with code 0 without reaching Two.java:23: the debugger never bound the breakpoint, no code it loaded is at that line (a class or script never loaded, or a file not built into the program; where the copy of the file this run uses has another name or folder, give its line with --bp-a or --bp-b FILE:LINE).',
      );
      const left = await runBpdiff(
        ['--bp', 'Packaged.java:7', '--', 'java', 'Packaged.java', 'x', 'y', '--', 'java', 'Broken.java'],
        {
          cwd,
        },
      );
      expect(left.leftovers).toEqual([]);
      expect(left.doc!.run_a.status, left.stderr).toBe('break');
      expect(left.doc!.run_a.variables.count).toBe('2');
      expect(left.stderr).not.toContain('[A] building');
      expect(left.stderr).toMatch(
        /\[B\] Broken\.java is started by the JDK's source launcher \(javac failed in .*Broken\.java:4: error: ';' expected/,
      );
      expect(left.doc!.run_b.status).toBe('no_break');
    });

    it('finds the regression between two versions of a single-file program run as java Pricing.java: rate is 0.1 in A and 1.0 in B', async () => {
      const run = await runBpdiff([
        ...pricing('--save-captures', path.join(scratch, 'pricing')),
        '--cwd-a',
        path.join(PRICING, 'v1'),
        '--cwd-b',
        path.join(PRICING, 'v2'),
        '--',
        'java',
        'Pricing.java',
        '10',
        '--',
        'java',
        'Pricing.java',
        '10',
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.diff.changed).toEqual({ lineTotal: { a: '108.0', b: '0.0' }, rate: { a: '0.1', b: '1.0' } });
      expect(run.doc!.run_a.location).toEqual({ file: 'Pricing.java', line: PRICE_LINE });
      expect(run.doc!.run_a.variables).toMatchObject({
        'item.qty': '10',
        'item.sku': '"mug"',
        'order.items[0].unitPrice': '4.5',
        'order.customer': '"ann"',
        total: '9.0',
      });
      expect(hints(run)).toMatch(/rate is 0\.1 in A and 1\.0 in B/);
      const capture = JSON.parse(fs.readFileSync(path.join(scratch, 'pricing/capture-a.json'), 'utf8')) as {
        adapter: { id: string; name: string; version: string };
        output: { stdout_tail: string; stderr_tail: string };
      };
      expect(capture.adapter).toMatchObject({
        id: 'java',
        name: 'bpdiff-java-adapter',
        version: expect.stringMatching(/^\d+/),
      });
      // The JVM's "Picked up JAVA_TOOL_OPTIONS: -agentlib:jdwp=..." is not the program's output.
      expect(capture.output).toMatchObject({ stdout_tail: '', stderr_tail: '' });
    });

    it('gives exit 0 for two identical runs full of objects, hash sets, identity-keyed maps and an identity hash code', async () => {
      const run = await runBpdiff([
        '--bp',
        `Catalog.java:${CATALOG_LINE}`,
        '--cwd',
        CATALOG,
        '--',
        'java',
        'Catalog.java',
        '2',
        '--',
        'java',
        'Catalog.java',
        '2',
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.doc!.diff).toMatchObject({ changed: {}, only_in_a: [], only_in_b: [] });
      const variables = run.doc!.run_a.variables;
      // A HashSet of objects without hashCode, in the order of their texts (not of identity hash codes).
      expect(['seen[0].sku', 'seen[1].sku', 'seen[2].sku', 'seen[3].sku'].map((name) => variables[name])).toEqual([
        '"atlas"',
        '"hammer"',
        '"kite"',
        '"saw"',
      ]);
      expect(
        variables[
          'stock[Catalog.Product{sku="kite", category=Catalog.Category.TOYS, price=Catalog.Price[cents=1250, currency="EUR"], tags=["outdoor", "summer"]}]'
        ],
      ).toBe('4');
      expect(variables.label).toBe('"first: Catalog$Product@…"');
      expect(variables['cheapest.get().sku']).toBe('"kite"');
      expect(variables.total).toBe('18798');
      expect(hints(run)).toMatch(/replaced in label/);
    });

    it('reports a condition that cannot be evaluated in one run as a condition error, quoting the adapter', async () => {
      const run = await runBpdiff([
        '--bp',
        `Hits.java:${HITS_LINE}`,
        '--condition',
        'acc / (bump - 5) >= 0',
        '--cwd',
        FIXTURES,
        '--',
        ...hits(10, 5),
        '--',
        ...hits(10, 6),
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.run_a.status).toBe('no_break');
      expect(run.doc!.run_b.status).toBe('break');
      expect(hints(run)).toMatch(
        /In A the condition `acc \/ \(bump - 5\) >= 0` could not be evaluated.*ArithmeticException: \/ by zero/,
      );
    });

    it('exits 2 when the condition cannot be evaluated in either run: an unknown name, a call that would run code, a syntax error', async () => {
      for (const [condition, said] of [
        ['rate > limit', /cannot find 'limit'/],
        ['order.items.stream().count() > 1', /cannot call .*stream\(\): it would run the program's code/],
        ['item.qty( >', /cannot parse 'item\.qty\( >'/],
      ] as const) {
        const run = await runBpdiff([
          '--bp',
          `Pricing.java:${PRICE_LINE}`,
          '--condition',
          condition,
          '--cwd',
          path.join(PRICING, 'v1'),
          '--',
          'java',
          'Pricing.java',
          '10',
          '--',
          'java',
          'Pricing.java',
          '10',
        ]);
        expectClean(run);
        expect(run.exitCode, run.stderr).toBe(2);
        expect(run.stderr).toMatch(said);
      }
    });

    it('stops in a JVM that a shell script starts', async () => {
      const line = lineOf(path.join(LOOP_FIXTURES, 'loop/Loop.java'), 'total += Math.abs(sq)');
      const run = await runBpdiff([
        '--bp',
        path.join(LOOP_FIXTURES, `loop/Loop.java:${line}`),
        '--env',
        `CLASSPATH=${scratch}`,
        '--cwd',
        LOOP_FIXTURES,
        '--',
        'sh',
        'script/run.sh',
        '4',
        '--',
        'sh',
        'script/run.sh',
        '5',
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.run_a.status).toBe('break');
      expect(run.doc!.run_a.variables).toMatchObject({ i: '1', sq: '1', total: '0' });
      // args is compared by its element alone (its text lists it).
      expect(run.doc!.diff.changed).toEqual({ rounds: { a: '4', b: '5' }, 'args[0]': { a: '"4"', b: '"5"' } });
    });

    it('reports a program that never reaches the line as no_break, with its exit code', async () => {
      const run = await runBpdiff([
        '--bp',
        `Hits.java:${HITS_LINE}`,
        '--cwd',
        FIXTURES,
        '--',
        ...hits(0, 99),
        '--',
        ...hits(3, 99),
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.run_a.status).toBe('no_break');
      expect(run.doc!.run_a.location).toEqual({ file: 'Hits.java', line: HITS_LINE });
      expect(run.doc!.run_b.status).toBe('break');
      expect(hints(run)).toContain(`A exited with code 0 without reaching Hits.java:${HITS_LINE}`);
    });

    it('--hit 3 captures the third iteration, and --watch evaluates there', async () => {
      const run = await runBpdiff([
        '--bp',
        `Hits.java:${HITS_LINE}`,
        '--hit',
        '3',
        '--watch',
        'acc * 2',
        '--watch',
        'step == i',
        '--cwd',
        FIXTURES,
        '--',
        ...hits(10, 99),
        '--',
        ...hits(10, 99),
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.doc!.run_a.variables).toMatchObject({
        i: '2',
        acc: '1',
        step: '2',
        'acc * 2': '2',
        'step == i': 'true',
      });
    });

    it('--first-divergence: the runs agree for five hits and part ways at the sixth', async () => {
      const run = await runBpdiff([
        '--bp',
        `Hits.java:${HITS_LINE}`,
        '--first-divergence',
        '--ignore',
        'bump',
        '--ignore',
        'args*',
        '--cwd',
        FIXTURES,
        '--',
        ...hits(10, 5),
        '--',
        ...hits(10, 99),
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.diff.changed).toEqual({ step: { a: '6', b: '5' } });
      expect(run.doc!.run_a.variables.i).toBe('5');
      expect(hints(run)).toContain('first divergence at hit 6: the runs agree for hits 1-5 and part ways at hit 6');
    });

    it('compares a live run with a baseline recorded by bpdiff capture', async () => {
      const baseline = path.join(scratch, 'pricing-baseline.json');
      const captured = await runBpdiff(['capture', ...pricing('-o', baseline), '--', 'java', 'Pricing.java', '10'], {
        cwd: path.join(PRICING, 'v1'),
      });
      expect(captured.leftovers).toEqual([]);
      expect(captured.exitCode, captured.stderr).toBe(0);
      const same = await runBpdiff(
        ['--baseline', baseline, '--condition', 'item.qty() > 3', '--', 'java', 'Pricing.java', '10'],
        { cwd: path.join(PRICING, 'v1') },
      );
      expectClean(same);
      expect(same.exitCode, same.stderr).toBe(0);
      const changed = await runBpdiff(
        ['--baseline', baseline, '--condition', 'item.qty() > 3', '--', 'java', 'Pricing.java', '10'],
        { cwd: path.join(PRICING, 'v2') },
      );
      expectClean(changed);
      expect(changed.exitCode, changed.stderr).toBe(1);
      expect(changed.doc!.diff.changed.rate).toEqual({ a: '0.1', b: '1.0' });
    });

    it('Ctrl-C while both programs run: exit 130, and no JVM left (each run started two)', async () => {
      const mark = randomUUID();
      const hang = lineOf(path.join(FIXTURES, 'Hang.java'), 'System.out.println("never")');
      const command = ['java', '-cp', scratch, 'Hang'];
      const { child } = await startBpdiffUntilRunning(
        ['--bp', `Hang.java:${hang}`, '--cwd', FIXTURES, '--', ...command, '--', ...command],
        { mark, pattern: /program running/ },
      );
      // Both programs and their child JVMs are up.
      const deadline = Date.now() + 30_000;
      while (
        (await leftoverProcesses(mark)).filter((line) => / Hang child$/.test(line)).length < 2 &&
        Date.now() < deadline
      )
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await leftoverProcesses(mark)).filter((line) => / Hang child$/.test(line))).toHaveLength(2);
      child.kill('SIGINT');
      const result = await child;
      expect(result.exitCode, String(result.stderr)).toBe(130);
      expect(await leftoverProcesses(mark)).toEqual([]);
    });
  },
);
