// dlv's `volatile` and `normalise` rules on a real `go test`: two identical runs of a test differ in
// the testing package's bookkeeping (t's start time, duration, creator PCs, context), in a clock
// reading's monotonic part, in the goroutines waiting on a channel and in a timer's wake-up time.
// None of that is the program's data: identical runs compare equal, --raw-values shows it all, and
// a change in the test's own data is still found.
import path from 'node:path';
import { expect, it } from 'vitest';
import { validateComparison } from '../../src/core/schemas.js';
import { ROOT, describeWithTool, onPath, runBpdiff, type BpdiffRun } from './helpers.js';

const LEDGER = path.join(ROOT, 'test/integration/fixtures-values/go-testing');
// Lines of fixtures-values/go-testing/ledger_test.go.
const BALANCE_LINE = 31; // t.Log(stamp.Label, ...): t, entries, opened, started, stamp, got
const ACCOUNTS_LINE = 41; // t.Log(name, got) in a parallel subtest
const WORKERS_LINE = 56; // close(done): three goroutines wait on done, a timer runs

function expectClean(run: BpdiffRun): void {
  expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
  if (run.doc) expect(validateComparison(run.doc).errors).toEqual([]);
}

/** `go test -run ^NAME$` in the fixture package, twice, stopping at `line`. */
function goTest(name: string, line: number, ...extra: string[]): string[] {
  const command = ['go', 'test', '-run', `^${name}$`, '-count=1'];
  return ['--bp', `ledger_test.go:${line}`, '--cwd', LEDGER, ...extra, '--', ...command, '--', ...command];
}

describeWithTool(
  'go test values through dlv',
  'dlv and go (apt-get install -y delve golang-go)',
  onPath('dlv') && onPath('go'),
  () => {
    it("compares two identical runs of a test as equal: t shows only the test's name, failed and skipped, a clock reading only its wall-clock time", async () => {
      const run = await runBpdiff(goTest('TestBalance', BALANCE_LINE));
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(0);
      const doc = run.doc!;
      expect(doc.diff.changed).toEqual({});
      const variables = doc.run_a.variables;
      expect(variables.t).toBe('*testing.T {<testing internals>}');
      expect(variables['(*t).common']).toBe('testing.common {<testing internals>}');
      expect(variables['(*t).common.name']).toBe('"TestBalance"');
      expect(variables['(*t).common.failed']).toBe('false');
      expect(variables['(*t).common.skipped']).toBe('false');
      expect(Object.keys(variables).filter((name) => name.startsWith('(*t)'))).toEqual([
        '(*t)',
        '(*t).common',
        '(*t).common.failed',
        '(*t).common.name',
        '(*t).common.skipped',
      ]);
      // epochReading(): the clock's reading moved back to the Unix epoch, with its monotonic part.
      // Compared by its fields: wall (a uint64 dlv writes with its hex, found by its decimal) and loc.
      expect(variables.started).toBe('time.Time(1970-01-01T00:00:00Z){wall: ‹wall›, ext: <monotonic>, loc: ‹loc›'); // dlv cut the summary inside loc
      expect(variables['stamp.At']).toMatch(
        /^time\.Time\(1970-01-01T00:00:00Z\)\{wall: (12103456846468087808|‹wall›), ext: <monotonic>, /,
      );
      // The struct is compared by its fields: each stands as a marker in its value.
      expect(variables.stamp).toBe('example.com/ledger.stamped {Label: ‹Label›, At: ‹At›}');
      expect(variables).not.toHaveProperty('started.ext');
      // A uint64: its hex is the number, not an address (issue 22 item 7).
      expect(variables['started.wall']).toBe('12103456846468087808 = 0xa7f81de000000000');
      // A time.Time made from a date has no monotonic reading: its ext stays as dlv shows it.
      expect(variables.opened).toBe('time.Time(2024-03-01T09:30:00Z){wall: ‹wall›, ext: 63844882200, loc: ‹loc›}');
      expect(variables.got).toBe('500');
      expect(doc.analysis_hints.join('\n')).toContain(
        "A and B: internals left out (--raw-values shows them): the testing package's bookkeeping, 33 values inside (*t) and (*t).common; time.Time's ext (its monotonic reading; the value shows the time), 3 values inside opened, stamp.At and started",
      );
    });

    it('shows the internals with --raw-values, where two identical runs differ in them', async () => {
      const run = await runBpdiff(goTest('TestBalance', BALANCE_LINE, '--raw-values'));
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      const doc = run.doc!;
      expect(Object.keys(doc.diff.changed)).toEqual(
        expect.arrayContaining(['(*t).common.start', 'started.ext', 'stamp.At.ext', 'started']),
      );
      expect(doc.run_a.variables['(*t).common.creator']).toMatch(/^\[\]uintptr len: \d+, cap: 50, \[\d+(,\d+)*\]$/);
      expect(doc.run_a.variables.started).toMatch(
        /^time\.Time\(1970-01-01T00:00:00Z, -\d+\)\{wall: 12103456846468087808, ext: -\d+, /,
      );
      expect(doc.run_a.variables.t).toMatch(
        /^\*testing\.T \{common: testing\.common \{mu: \(\*sync\.RWMutex\)\(0xc[0-9a-f]+\), /,
      );
    });

    it("finds a change in the test's own data", async () => {
      const run = await runBpdiff(goTest('TestBalance', BALANCE_LINE, '--env-b', 'LEDGER_BONUS=1'));
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.diff.changed).toEqual({ got: { a: '500', b: '510' } });
    });

    it('compares a parallel subtest of two identical runs as equal (its duration and the parent test differ in every run)', async () => {
      const run = await runBpdiff(goTest('TestAccounts', ACCOUNTS_LINE, '--condition', 'name == "bob"'));
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.doc!.run_b.variables['(*t).common.name']).toBe('"TestAccounts/bob"');
      expect(run.doc!.run_b.variables.got).toBe('50');
      expect(run.doc!.run_b.variables).not.toHaveProperty('(*t).common.duration');

      const raw = await runBpdiff(
        goTest('TestAccounts', ACCOUNTS_LINE, '--condition', 'name == "bob"', '--raw-values'),
      );
      expectClean(raw);
      expect(raw.exitCode, raw.stderr).toBe(1);
      expect(Object.keys(raw.doc!.diff.changed)).toContain('(*t).common.start');
      expect(raw.doc!.run_b.variables['(*t).common.duration']).toMatch(/^\d+$/);
    });

    it('compares channels with waiting goroutines and a running timer as equal: what a channel holds stays, who waits on it does not', async () => {
      const run = await runBpdiff(goTest('TestWorkers', WORKERS_LINE));
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(0);
      const variables = run.doc!.run_a.variables;
      expect(variables.done).toBe('chan bool 0/0');
      expect(variables.results).toBe('chan int 0/3');
      expect(variables['results.dataqsiz']).toBe('3 = 0x3');
      expect(variables['(*results.buf)']).toBe('[3]int [‹0›,‹1›,‹2›]');
      expect(Object.keys(variables).filter((name) => /recvq|sendq|\.lock\b|elemtype/.test(name))).toEqual([]);
      expect(variables['(*timer).r']).toMatch(
        /^time\.runtimeTimer \{pp: <P>, when: <monotonic>, period: 0, f: time\.sendTime, /,
      );
      expect(variables).not.toHaveProperty('(*timer).r.when');

      const raw = await runBpdiff(goTest('TestWorkers', WORKERS_LINE, '--raw-values'));
      expectClean(raw);
      expect(raw.exitCode, raw.stderr).toBe(1);
      expect(raw.doc!.run_a.variables).toHaveProperty('done.recvq.first');
      expect(Object.keys(raw.doc!.diff.changed)).toContain('(*timer).r.when');
    });
  },
);
