// A Go map of a million entries (issue 21 item 10): the capture limits and the time bound hold. By
// default 100 of its children are read; with --max-children 1000000 reading stops at --max-variables;
// with --max-variables raised too, the run's --timeout ends the read. Each is said in the capture's
// warnings, each within the harness's wall-clock bound, nothing left behind. Two runs of the program
// read different entries (dlv lists a map in Go's random order): no false alarm.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithTool, onPath, runBpdiff } from './helpers.js';

const goInstalled = onPath('dlv') && onPath('go');
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-go-million-'));
  fs.writeFileSync(path.join(dir, 'go.mod'), 'module million\n\ngo 1.19\n');
  fs.writeFileSync(
    path.join(dir, 'main.go'),
    [
      'package main',
      '',
      'import "fmt"',
      '',
      'func main() {',
      '\tm := make(map[string]int, 1000000)',
      '\tfor i := 0; i < 1000000; i++ {',
      '\t\tm[fmt.Sprintf("key-%07d", i)] = i',
      '\t}',
      '\ttotal := len(m)',
      '\tfmt.Println(total)',
      '}',
      '',
    ].join('\n'),
  );
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface Captured {
  run: { status: string; variables: Record<string, string> };
  warnings: string[];
}

async function captureMap(flags: string[]): Promise<{ capture: Captured; seconds: number }> {
  const out = path.join(dir, `capture-${flags.join('_').replaceAll('-', '')}.json`);
  const started = Date.now();
  const run = await runBpdiff(
    ['capture', '-q', '--bp', 'main.go:11', '--cwd', dir, ...flags, '-o', out, '--', 'go', 'run', '.'],
    { timeoutMs: 120_000 },
  );
  const seconds = (Date.now() - started) / 1000;
  expect(run.exitCode, run.stderr).toBe(0);
  expect(run.leftovers).toEqual([]);
  return { capture: JSON.parse(fs.readFileSync(out, 'utf8')) as Captured, seconds };
}

describeWithTool(
  'a Go map of a million entries',
  'dlv and go (apt-get install -y delve golang-go)',
  goInstalled,
  () => {
    it('by default: 100 of its children read, said in the warnings', async () => {
      const { capture, seconds } = await captureMap([]);
      expect(capture.run.status).toBe('break');
      expect(capture.run.variables['total']).toBe('1000000');
      expect(Object.keys(capture.run.variables).filter((name) => name.startsWith('m['))).toHaveLength(100);
      expect(capture.warnings).toContain(
        'm: 100 of 1000000 children shown (--max-children 100); the rest are not compared (raise --max-children to see them).',
      );
      // Measured here: 6-30 s, the program's first build included.
      expect(seconds).toBeLessThan(60);
    }, 120_000);

    it("two runs of the program: the map's first 100 entries follow its random order, so what one run read and the other did not is not compared, not a difference", async () => {
      const run = await runBpdiff(
        ['-q', '--bp', 'main.go:11', '--cwd', dir, '--', 'go', 'run', '.', '--', 'go', 'run', '.'],
        { timeoutMs: 120_000 },
      );
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.leftovers).toEqual([]);
      expect(run.doc!.diff.only_in_a).toEqual([]);
      expect(run.doc!.diff.only_in_b).toEqual([]);
      expect(run.doc!.analysis_hints.join('\n')).toMatch(
        /values of A under m were not compared \(.*\): B read only some of the children of m \(--max-children\), which need not be the same ones in each run/,
      );
    }, 120_000);

    it('--max-children 1000000: reading stops at --max-variables 20000', async () => {
      const { capture, seconds } = await captureMap(['--max-children', '1000000']);
      expect(Object.keys(capture.run.variables)).toHaveLength(20_000);
      expect(capture.warnings[0]).toMatch(
        /^Reading stopped at --max-variables 20000, so the comparison does not cover the rest: m: 19998 of 1000000 children shown/,
      );
      // Measured here: ~12 s.
      expect(seconds).toBeLessThan(60);
    }, 120_000);

    it("--max-variables raised too: the run's --timeout ends the read", async () => {
      const { capture, seconds } = await captureMap([
        '--max-children',
        '1000000',
        '--max-variables',
        '2000000',
        '--timeout',
        // Seconds the program may take to the breakpoint and the read in all: the map is built in ~0.3 s.
        '4',
      ]);
      expect(capture.warnings.some((warning) => warning.startsWith("Reading stopped at the run's --timeout"))).toBe(
        true,
      );
      expect(seconds).toBeLessThan(60);
    }, 120_000);
  },
);
