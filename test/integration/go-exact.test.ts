// Exact values through the real dlv (issue 22): an integer dlv also writes in hex is compared as the
// number it is (not masked as an address), a package-level pointer's pointee is named (*versionRegex),
// and a breakpoint on a line with no code says which lines near it have code.
import path from 'node:path';
import { expect, it } from 'vitest';
import { validateComparison } from '../../src/core/schemas.js';
import { ROOT, describeWithTool, onPath, runBpdiff, type BpdiffRun } from './helpers.js';

const EXACT = path.join(ROOT, 'test/integration/fixtures-values/go-exact');

function expectClean(run: BpdiffRun): void {
  expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
  expect(run.doc, run.stderr).not.toBeNull();
  expect(validateComparison(run.doc).errors).toEqual([]);
}

describeWithTool(
  'exact values through dlv',
  'dlv and go (apt-get install -y delve golang-go)',
  onPath('dlv') && onPath('go'),
  () => {
    it('keeps the hex of a uint64 (it is not an address), and finds a change in one', async () => {
      const run = await runBpdiff([
        '--bp',
        'main.go:21',
        '--cwd',
        EXACT,
        '--',
        'go',
        'run',
        '.',
        '--',
        'go',
        'run',
        '.',
        'x',
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      const { run_a: a, diff } = run.doc!;
      expect(a.variables.limit).toBe('18446744073709551615 = 0xffffffffffffffff');
      expect(diff.changed.sum).toEqual({ a: '3 = 0x3', b: '4 = 0x4' });
      expect(diff.changed['(*v).Minor']).toEqual({ a: '1 = 0x1', b: '2 = 0x2' });
      expect(a.variables.v).toBe('*main.Version {Major: ‹Major›, Minor: ‹Minor›}');
      // One change, said once: not again at (*v) and v, whose summaries write it in decimal only.
      expect(Object.keys(diff.changed)).toEqual(['(*v).Minor', 'sum']);
    });

    it("names a package-level pointer's pointee (*versionRegex), as a local's (*v)", async () => {
      const run = await runBpdiff([
        '--bp',
        'main.go:21',
        '--scope',
        'globals',
        '--depth',
        '1',
        '--cwd',
        EXACT,
        '--',
        'go',
        'run',
        '.',
        '--',
        'go',
        'run',
        '.',
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(Object.keys(run.doc!.run_a.variables).filter((name) => name.includes('versionRegex'))).toEqual([
        '(*versionRegex)',
        'versionRegex',
      ]);
    });

    it('says a line has no code, and which lines near it have, instead of "could not set a breakpoint"', async () => {
      const run = await runBpdiff([
        '--bp',
        'main.go:16',
        '--cwd',
        EXACT,
        '--',
        'go',
        'run',
        '.',
        '--',
        'go',
        'run',
        '.',
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.analysis_hints[0]).toMatch(
        /^In A there is no code on main\.go:16 for the debugger to stop at; the nearest lines? with code (is|are) [\d ]*17\b.* \(could not find statement at .*main\.go:16, please use a line with a statement\)\.$/,
      );
    });
  },
);
