// Golden cases: realistic captures in, the exact hint sentences out. Every document is schema-checked.
import { describe, expect, it } from 'vitest';
import { analyseComparison } from '../../../src/core/build-comparison.js';
import { MAX_VARIABLE_FINDINGS, type ChildrenCut } from '../../../src/core/findings.js';
import { describeCuts, MAX_LISTED_CUTS } from '../../../src/core/hints.js';
import { lastWords } from '../../../src/core/last-words.js';
import { clocksOf } from '../../../src/core/clocks.js';
import type { RunCapture } from '../../../src/core/types.js';
import { buildValid, makeCapture, PRICING_TYPES, PRICING_V1, PRICING_V2 } from '../fixtures/captures.js';

function hints(a: RunCapture, b: RunCapture): string[] {
  return buildValid(a, b, { sourceLine: '        total += line_total' }).analysis_hints;
}

const stoppedA = makeCapture({ variables: PRICING_V1, types: PRICING_TYPES });

describe('analysis hints', () => {
  it('a numeric change 0.1 -> 1.0 says 10x, and a fall says how much and what percentage', () => {
    const b = makeCapture({ side: 'b', variables: PRICING_V2, types: PRICING_TYPES });
    expect(hints(stoppedA, b)).toEqual([
      '2 variables changed, 5 unchanged, 0 only in A, 0 only in B.',
      'line_total is 108.0 in A and 0.0 in B (down 108, -100%).',
      'rate is 0.1 in A and 1.0 in B (up 0.9, 10x).',
    ]);
  });

  it('uses the run labels', () => {
    const a = makeCapture({ label: 'main', variables: { total: '120' } });
    const b = makeCapture({ side: 'b', label: 'feature', variables: { total: '90' } });
    expect(hints(a, b)).toEqual([
      '1 variable changed, 0 unchanged, 0 only in main, 0 only in feature.',
      'total is 120 in main and 90 in feature (down 30, -25%).',
    ]);
  });

  it('a run that exited with code 3 before the breakpoint comes first', () => {
    const b = makeCapture({ side: 'b', noBreak: { kind: 'exited', exit_code: 3 }, exitCode: 3 });
    expect(hints(stoppedA, b)).toEqual([
      'B exited with code 3 without reaching pricing.py:34.',
      'Only A stopped at the breakpoint, so its 7 variables have nothing to be compared with.',
    ]);
  });

  it('a run that ended with its breakpoint never bound says so, not that the line was passed by', () => {
    const b = makeCapture({ side: 'b', noBreak: { kind: 'exited', exit_code: 3, never_bound: true }, exitCode: 3 });
    expect(hints(stoppedA, b)[0]).toBe(
      'B exited with code 3 without reaching pricing.py:34: the debugger never bound the breakpoint, no code it loaded is at that line (a class or script never loaded, or a file not built into the program; where the copy of the file this run uses has another name or folder, give its line with --bp-a or --bp-b FILE:LINE).',
    );
  });

  it('a run that exited with a code other than 0 quotes the last line it wrote to stderr', () => {
    const b = makeCapture({ side: 'b', noBreak: { kind: 'exited', exit_code: 1 }, exitCode: 1 });
    b.output.stderr_tail = '2026/11/30 10:00:00 reading config\n2026/11/30 10:00:00 config.toml: no such file\n\n';
    expect(hints(stoppedA, b)[0]).toBe(
      'B exited with code 1 without reaching pricing.py:34; its last words: 2026/11/30 10:00:00 config.toml: no such file.',
    );
  });

  it("last words: a Rust panic's message, not its note; none for exit code 0; a long line cut", () => {
    const panic =
      "thread 'main' panicked at src/main.rs:5:25:\nindex out of bounds: the len is 0 but the index is 3\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n";
    expect(lastWords({ kind: 'exited', exit_code: 101 }, 101, panic)).toBe(
      'index out of bounds: the len is 0 but the index is 3',
    );
    expect(lastWords({ kind: 'exited', exit_code: 0 }, 0, 'warning: deprecated\n')).toBeNull();
    expect(lastWords({ kind: 'exited', exit_code: 2 }, 2, '\n  \n')).toBeNull();
    expect(lastWords({ kind: 'signal', signal: 'SIGSEGV', message: '' }, null, 'x\n')).toBeNull();
    const long = lastWords({ kind: 'exited', exit_code: 1 }, 1, `${'x'.repeat(300)}\n`)!;
    expect(long).toHaveLength(160);
    expect(long.endsWith('…')).toBe(true);
  });

  it('a run that ran to its end with a condition mentions the condition', () => {
    const bp = { file: 'pricing.py', line: 34, condition: "item.sku == 'cup'" };
    const a = makeCapture({ breakpoint: bp, noBreak: { kind: 'exited', exit_code: 0 } });
    const b = makeCapture({ side: 'b', breakpoint: bp, noBreak: { kind: 'exited', exit_code: null }, exitCode: null });
    expect(hints(a, b)).toEqual([
      "A exited with code 0 without reaching pricing.py:34 (or the condition `item.sku == 'cup'` was never true).",
      "B ran to its end without reaching pricing.py:34 (or the condition `item.sku == 'cup'` was never true).",
      'Neither A nor B stopped at the breakpoint, so no variables were compared.',
    ]);
  });

  it('timeouts say the phase', () => {
    const a = makeCapture({ noBreak: { kind: 'timeout', seconds: 60, phase: 'build' } });
    const b = makeCapture({ side: 'b', noBreak: { kind: 'timeout', seconds: 2.5, phase: 'run' } });
    expect(hints(a, b).slice(0, 2)).toEqual([
      'A timed out after 60 s while building the program, before it ran (raise --timeout).',
      'B timed out after 2.5 s running without reaching pricing.py:34 (raise --timeout if it is just slow).',
    ]);
  });

  it('a condition error quotes the condition and the error', () => {
    const bp = { file: 'pricing.py', line: 34, condition: 'qty >' };
    const a = makeCapture({ breakpoint: bp, variables: { qty: '10' } });
    const b = makeCapture({
      side: 'b',
      breakpoint: bp,
      noBreak: { kind: 'condition_error', message: 'SyntaxError: invalid syntax' },
    });
    expect(hints(a, b)[0]).toBe(
      'In B the condition `qty >` could not be evaluated, so the breakpoint never stopped: SyntaxError: invalid syntax.',
    );
  });

  it('unbound, exception, signal, moved with --exact-line, adapter error and unknown reasons', () => {
    const cases: Array<[RunCapture['no_break_reason'], string]> = [
      [
        { kind: 'unbound', message: 'No code at line 34' },
        'In B the debugger could not set a breakpoint at pricing.py:34: No code at line 34.',
      ],
      [
        {
          kind: 'unbound',
          message: 'could not find statement at /w/pricing.py:34, please use a line with a statement',
          nearest: [32, 36],
        },
        'In B there is no code on pricing.py:34 for the debugger to stop at; the nearest lines with code are 32 and 36 (could not find statement at /w/pricing.py:34, please use a line with a statement).',
      ],
      [
        { kind: 'exception', message: "KeyError: 'mug'\n  at price" },
        "B stopped with an uncaught exception before reaching pricing.py:34: KeyError: 'mug' at price.",
      ],
      [
        { kind: 'signal', signal: 'SIGSEGV', message: 'Segmentation fault' },
        'B was killed by SIGSEGV before reaching pricing.py:34: Segmentation fault.',
      ],
      [
        { kind: 'moved', bound_line: 36 },
        'B was not let stop at line 36: the debugger moved the breakpoint there from line 34, and --exact-line refuses a moved breakpoint.',
      ],
      [
        { kind: 'error', message: 'debugpy exited during launch' },
        'B could not be debugged: debugpy exited during launch.',
      ],
    ];
    for (const [reason, sentence] of cases) {
      expect(hints(stoppedA, makeCapture({ side: 'b', noBreak: reason! }))[0]).toBe(sentence);
    }
    expect(hints(stoppedA, makeCapture({ side: 'b', noBreakUnknown: true, exitCode: 1 }))[0]).toBe(
      'B did not stop at pricing.py:34, for a reason the debugger did not report; it exited with code 1.',
    );
  });

  it('a moved breakpoint is said, once when both runs moved alike', () => {
    const a = makeCapture({ variables: { x: '1' }, boundLine: 33 });
    const b = makeCapture({ side: 'b', variables: { x: '1' }, boundLine: 33 });
    expect(hints(a, b)).toEqual([
      'In both A and B the debugger moved the breakpoint from line 34 to line 33, so the variables are those at line 33 (use --exact-line to refuse a moved breakpoint).',
      'No differences: the only variable is identical in A and B.',
    ]);
    const c = makeCapture({ side: 'b', variables: { x: '1' } });
    expect(hints(a, c)[0]).toBe(
      'In A the debugger moved the breakpoint from line 34 to line 33, so the variables are those at line 33 (use --exact-line to refuse a moved breakpoint).',
    );
  });

  it('type changes come first: int -> str from the adapter types, null <-> value, number -> undefined', () => {
    const a = makeCapture({
      variables: { count: '3', coupon: 'None', limit: '5', total: '9.0' },
      types: { count: 'int', coupon: 'NoneType', limit: 'int', total: 'float' },
    });
    const b = makeCapture({
      side: 'b',
      variables: { count: "'3'", coupon: "'WELCOME5'", limit: '6', total: '9.5' },
      types: { count: 'str', coupon: 'str', limit: 'int', total: 'float' },
    });
    expect(hints(a, b)).toEqual([
      '4 variables changed, 0 unchanged, 0 only in A, 0 only in B.',
      "count changed type from int in A to str in B: 3 in A, '3' in B.",
      "coupon changed type from NoneType in A to str in B: None in A, 'WELCOME5' in B.",
      'limit is 5 in A and 6 in B (up 1, +20%).',
      'total is 9.0 in A and 9.5 in B (up 0.5, +5.6%).',
    ]);
    // Without adapter types the kind is read from the text.
    const js = hints(
      makeCapture({ variables: { n: '42', s: 'null', t: '1' } }),
      makeCapture({ side: 'b', variables: { n: 'undefined', s: '{x: 1}', t: "'1'" } }),
    );
    expect(js).toEqual([
      '3 variables changed, 0 unchanged, 0 only in A, 0 only in B.',
      'n is 42 in A and undefined in B (undefined in B, a value in A).',
      's is null in A and {x: 1} in B (null in A, a value in B).',
      "t changed type from number in A to string in B: 1 in A, '1' in B.",
    ]);
  });

  it('truncated values, normalised values and capture warnings', () => {
    const a = makeCapture({
      variables: { big: '[0, 1, 2, …]', x: '1' },
      truncated: ['big'],
      normalised: ['obj'],
      warnings: ['The program was built without debug information; some variables may be missing.'],
    });
    const b = makeCapture({ side: 'b', variables: { big: '[0, 1, 2, …]', x: '2' } });
    expect(hints(a, b)).toEqual([
      '1 variable changed, 1 unchanged, 0 only in A, 0 only in B.',
      'x is 1 in A and 2 in B (up 1, 2x).',
      'In A, big was cut at the capture limits, so only its captured part was compared; it is identical only as far as captured (raise --max-value-length, --max-children, --max-variables or --depth to see more).',
      "In A, run-dependent parts (addresses, ids, the run's own paths, runtime internals) were replaced in obj so they compare equal across runs (use --raw-values to keep them).",
      'A: The program was built without debug information; some variables may be missing.',
    ]);
  });

  it('cuts and warnings both runs share are said once, for both', () => {
    const cut =
      'items.more: 300 of 1000 children shown (--max-children 300); the rest are not compared (raise --max-children to see them).';
    const a = makeCapture({
      variables: { items: '[0, 1, 2]', 'items.more': '...', size: '1000000' },
      truncated: ['items.more', 'items'],
      warnings: [cut, 'only in A'],
    });
    const b = makeCapture({
      side: 'b',
      variables: { items: '[0, 1, 2]', 'items.more': '...', size: '999999' },
      truncated: ['items', 'items.more'],
      warnings: [cut],
    });
    expect(hints(a, b)).toEqual([
      '1 variable changed, 2 unchanged, 0 only in A, 0 only in B.',
      'size is 1000000 in A and 999999 in B (down 1, -0.0001%).',
      'In both A and B, items, items.more were cut at the capture limits, so only their captured parts were compared; all are identical only as far as captured (raise --max-value-length, --max-children, --max-variables or --depth to see more).',
      `A and B: ${cut}`,
      'A: only in A',
    ]);
    // Different cuts are said for each run; a changed cut value has no "identical" caveat.
    const c = makeCapture({ side: 'b', variables: { items: '[5]', size: '1' }, truncated: ['items'] });
    expect(hints(makeCapture({ variables: { items: '[0]', size: '1' }, truncated: ['items', 'size'] }), c)).toEqual([
      '1 variable changed, 1 unchanged, 0 only in A, 0 only in B.',
      'items is [0] in A and [5] in B.',
      'In A, items, size were cut at the capture limits, so only their captured parts were compared; size is identical only as far as captured (raise --max-value-length, --max-children, --max-variables or --depth to see more).',
      'In B, items was cut at the capture limits, so only its captured part was compared (raise --max-value-length, --max-children, --max-variables or --depth to see more).',
    ]);
  });

  it('names the values the debugger could not show: a repr that timed out or raised', () => {
    const a = makeCapture({ variables: { count: '3', thing: '<timed out after 1 s>' } });
    const b = makeCapture({ side: 'b', variables: { count: '3', thing: 'Slow()' } });
    expect(hints(a, b)).toEqual([
      '1 variable changed, 1 unchanged, 0 only in A, 0 only in B.',
      'thing is <timed out after 1 s> in A and Slow() in B.',
      'In A, the debugger could not show thing: it reads <timed out after 1 s> (raise --value-timeout to wait longer).',
    ]);
    const raised = '<error: repr raised ValueError: no repr for you>';
    const both = hints(
      makeCapture({ variables: { count: '3', thing: raised, other: raised } }),
      makeCapture({ side: 'b', variables: { count: '3', thing: raised, other: raised } }),
    );
    expect(both).toEqual([
      'No differences: all 3 variables are identical in A and B.',
      `In both A and B, the debugger could not show 2 values: other ${raised}, thing ${raised}.`,
    ]);
  });

  it('identical runs say so explicitly', () => {
    const b = makeCapture({ side: 'b', variables: PRICING_V1, types: PRICING_TYPES });
    expect(hints(stoppedA, b)).toEqual(['No differences: all 7 variables are identical in A and B.']);
    expect(hints(makeCapture({ variables: {} }), makeCapture({ side: 'b', variables: {} }))).toEqual([
      "Nothing was compared: both runs stopped at the breakpoint, but neither read a variable there, so this is no pass (exit 1). A debugger that cannot read this language's variables reads none: try another with --adapter.",
    ]);
  });

  it('lists only-in names', () => {
    const a = makeCapture({ variables: { shared: '1', legacy_rate: '0.1' } });
    const b = makeCapture({ side: 'b', variables: { shared: '1', rate: '0.1', rate_table: '{}' } });
    expect(hints(a, b)).toEqual([
      '0 variables changed, 1 unchanged, 1 only in A, 2 only in B.',
      'Only in A (1): legacy_rate.',
      'Only in B (2): rate, rate_table.',
    ]);
  });

  it('caps per-variable hints and counts the rest', () => {
    const va: Record<string, string> = {};
    const vb: Record<string, string> = {};
    for (let i = 0; i < 25; i++) {
      va[`v${String(i).padStart(2, '0')}`] = `'a${i}'`;
      vb[`v${String(i).padStart(2, '0')}`] = `'b${i}'`;
    }
    const result = hints(makeCapture({ variables: va }), makeCapture({ side: 'b', variables: vb }));
    expect(result).toHaveLength(1 + MAX_VARIABLE_FINDINGS + 1);
    expect(result[1]).toBe("v00 is 'a0' in A and 'b0' in B.");
    expect(result.at(-1)).toBe('And 5 more changed variables (see diff.changed).');
  });

  it('shortens long values inside a hint but keeps them whole in the diff', () => {
    const long = `'${'x'.repeat(300)}'`;
    const result = buildValid(
      makeCapture({ variables: { s: long } }),
      makeCapture({ side: 'b', variables: { s: "'y'" } }),
    );
    expect(result.analysis_hints[1]).toBe(`s is ${long.slice(0, 120)}… (302 chars) in A and 'y' in B.`);
    expect(result.diff.changed['s']).toEqual({ a: long, b: "'y'" });
  });

  it('says when two saved captures were taken at different breakpoints', () => {
    const a = makeCapture({ variables: { x: '1' } });
    const b = makeCapture({ side: 'b', breakpoint: { file: 'pricing.py', line: 35 }, variables: { x: '1' } });
    expect(hints(a, b)[0]).toBe(
      'The captures were taken at different breakpoints: A at pricing.py:34, B at pricing.py:35.',
    );
  });

  it('returns the typed findings in the order of the hints', () => {
    const b = makeCapture({ side: 'b', variables: PRICING_V2, types: PRICING_TYPES });
    const { findings, result } = analyseComparison(stoppedA, b);
    expect(findings.map((f) => f.kind)).toEqual(['counts', 'number_changed', 'number_changed']);
    expect(findings).toHaveLength(result.analysis_hints.length);
  });
});

describe('what reading a frame left out (the capture warnings)', () => {
  it('names each container cut at --max-children, then counts the rest', () => {
    const cuts: ChildrenCut[] = [
      { kind: 'max_children', path: 'items', shown: 300, total: 1000000, limit: 300 },
      { kind: 'max_children', path: 'tags', shown: 300, total: null, limit: 300 },
      ...Array.from(
        { length: MAX_LISTED_CUTS + 1 },
        (_, i): ChildrenCut => ({ kind: 'max_children', path: `rows[${i}]`, shown: 300, total: 400, limit: 300 }),
      ),
    ];
    expect(describeCuts(cuts, 2000)).toEqual([
      'items: 300 of 1000000 children shown (--max-children 300); the rest are not compared (raise --max-children to see them).',
      'tags: the first 300 children shown, more not read (--max-children 300); the rest are not compared (raise --max-children to see them).',
      'rows[0]: 300 of 400 children shown (--max-children 300); the rest are not compared (raise --max-children to see them).',
      'rows[1]: 300 of 400 children shown (--max-children 300); the rest are not compared (raise --max-children to see them).',
      'rows[2]: 300 of 400 children shown (--max-children 300); the rest are not compared (raise --max-children to see them).',
      'And 3 more containers cut at --max-children 300: rows[3], rows[4], rows[5].',
    ]);
  });

  it('says where --max-variables stopped the reading, and what was not read', () => {
    const cuts: ChildrenCut[] = [
      { kind: 'max_variables', path: 'grid[3]', where: 'value', shown: 4, total: 10, limit: 50 },
      ...['grid[4]', 'grid[5]', 'grid[6]', 'grid[7]'].map(
        (path): ChildrenCut => ({ kind: 'max_variables', path, where: 'value', shown: 0, total: null, limit: 50 }),
      ),
      { kind: 'max_variables', path: 'Globals', where: 'scope', shown: 0, total: null, limit: 50 },
    ];
    expect(describeCuts(cuts, 50)).toEqual([
      'Reading stopped at --max-variables 50, so the comparison does not cover the rest: grid[3]: 4 of 10 children shown; the children of grid[4], grid[5], grid[6] and 2 more not read (raise --max-variables, or lower --depth or --max-children to see a smaller part in full).',
    ]);
  });

  it('names a value, scope or frame whose reading timed out or failed, and the run timeout', () => {
    expect(
      describeCuts(
        [
          { kind: 'timed_out', path: 's', where: 'value', seconds: 3 },
          { kind: 'failed', path: 'Locals', where: 'scope', message: 'Unable to find thread.' },
          { kind: 'failed', path: '', where: 'frame', message: 'invalid frame' },
          { kind: 'deadline', path: 'rows', where: 'value' },
          { kind: 'deadline', path: 'Globals', where: 'scope' },
        ],
        120,
      ),
    ).toEqual([
      'Reading the children of s timed out after 3 s: its own value is kept, its children are not compared (raise --value-timeout).',
      "Reading the scope 'Locals' failed: Unable to find thread: its variables are missing.",
      "Reading the frame's scopes failed: invalid frame: no variables were captured.",
      "Reading stopped at the run's --timeout after 120 variables: the children of rows, scope 'Globals' were not read (raise --timeout).",
    ]);
    expect(describeCuts([{ kind: 'deadline', path: '', where: 'frame' }], 0)).toEqual([
      "Reading stopped at the run's --timeout before the frame's scopes were read: no variables were captured (raise --timeout).",
    ]);
    expect(describeCuts([], 10)).toEqual([]);
  });
});

describe('clock readings', () => {
  const order = (side: 'a' | 'b', wall: string, clocks: string[] | undefined) => ({
    ...makeCapture({
      side,
      variables: {
        o: '*main.Order',
        '(*o).When': `time.Time(2026-11-30T13:56:3${side === 'a' ? 5 : 6}Z)`,
        '(*o).When.wall': wall,
        '(*o).ID': '1',
        total: side === 'a' ? '10' : '11',
      },
      types: { o: '*main.Order', '(*o).When': 'time.Time', '(*o).When.wall': 'uint64', '(*o).ID': 'int', total: 'int' },
    }),
    ...(clocks ? { clocks } : {}),
  });

  it('says a changed time may be a clock reading, once for the time and its fields, with the --ignore that leaves it out', () => {
    const said = hints(order('a', '1401', ['(*o).When']), order('b', '1402', ['(*o).When']));
    expect(said).toContain(
      "(*o).When (time.Time) is a time: if the program read it from the clock, any two runs read it differently — --ignore '(*o).When' leaves it out.",
    );
    expect(said.filter((hint) => hint.includes('--ignore'))).toHaveLength(1);
  });

  it('lists several, and says nothing of a time that is one in only one run or did not change', () => {
    const a = makeCapture({
      variables: {
        now: 'datetime.datetime(2026, 11, 30, 13, 57, 11)',
        today: 'datetime.date(2026, 11, 30)',
        late: "'x'",
      },
      types: { now: 'datetime', today: 'date', late: 'str' },
    });
    const b = makeCapture({
      side: 'b',
      variables: {
        now: 'datetime.datetime(2026, 11, 30, 13, 57, 12)',
        today: 'datetime.date(2026, 11, 30)',
        late: 'datetime.datetime(2026, 1, 1)',
      },
      types: { now: 'datetime', today: 'date', late: 'datetime' },
    });
    const said = hints({ ...a, clocks: ['now', 'today'] }, { ...b, clocks: ['late', 'now', 'today'] });
    expect(said).toContain(
      'now (datetime) is a time: if the program read it from the clock, any two runs read it differently — --ignore now leaves it out.',
    );
    // A time in both runs, whatever A's value was: both listed.
    const earlier = makeCapture({
      variables: { ...a.run.variables, late: 'datetime.datetime(2025, 1, 1)' },
      types: { ...a.types, late: 'datetime' },
    });
    expect(
      hints({ ...earlier, clocks: ['late', 'now', 'today'] }, { ...b, clocks: ['late', 'now', 'today'] }),
    ).toContain(
      '2 changed values are times or durations (late (datetime), now (datetime)): those the program read from the clock differ in any two runs — --ignore late --ignore now leaves them out.',
    );
    // Captures of older versions, without clocks: nothing said.
    expect(hints(order('a', '1401', undefined), order('b', '1402', undefined)).join('\n')).not.toContain('--ignore');
  });

  it('a number both runs hold as a count since 1970 within an hour of each other reads as a time (time.time(), Date.now())', () => {
    const at = (side: 'a' | 'b', t0: string, ms: string, total: string) =>
      makeCapture({ side, variables: { t0, ms, total }, types: { t0: 'float', ms: 'number', total: 'int' } });
    const said = hints(
      at('a', '1796066707.1234567', '1796066707123', '1796066707'),
      at('b', '1796066707.1301', '1796066707130', '1796070707'),
    );
    expect(said).toContain(
      '2 changed values are times or durations (ms (number), t0 (float)): those the program read from the clock differ in any two runs — --ignore ms --ignore t0 leaves them out.',
    );
    expect(
      hints(at('a', '1796066707.12', '5', '1'), at('b', '1796066708.5', '5', '1')).find((hint) =>
        hint.includes('--ignore'),
      ),
    ).toBe(
      't0 (float) reads as a time (seconds since 1970: 2026-11-30 19:25:07 UTC): if the program read it from the clock, any two runs read it differently — --ignore t0 leaves it out.',
    );
    // Counts, not times: apart by more than an hour, or no time this century.
    expect(hints(at('a', '12.5', '100', '1796066707'), at('b', '13.5', '200', '1796076707')).join('\n')).not.toContain(
      '--ignore',
    );
  });
});

describe('clocksOf', () => {
  it('names the outermost time of each, by the adapter clock types', () => {
    const types = {
      o: '*main.Order',
      '(*o).When': 'time.Time',
      '(*o).When.wall': 'uint64',
      '(*o).Took': 'time.Duration',
      started: 'time.Time',
      n: 'int',
    };
    expect(clocksOf(types, [/^\*?time\.(Time|Duration)$/])).toEqual(['(*o).Took', '(*o).When', 'started']);
    expect(clocksOf(types, [])).toEqual([]);
    // A time inside a time (a wrapper's field) is said as the outer one.
    expect(clocksOf({ t: 'Stamp', 't.at': 'datetime' }, [/^(Stamp|datetime)$/])).toEqual(['t']);
  });
});
