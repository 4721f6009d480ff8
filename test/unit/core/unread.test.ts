// A container whose children one run did not read: the other run's values under it are set aside,
// not reported as only in that run (src/core/unread.ts), and the comparison says so.
import { describe, expect, it } from 'vitest';
import { analyseComparison, comparisonExitCode } from '../../../src/core/build-comparison.js';
import { setAsideUnread } from '../../../src/core/unread.js';
import { validateComparison } from '../../../src/core/schemas.js';
import type { RunCapture } from '../../../src/core/types.js';
import { makeCapture } from '../fixtures/captures.js';
import { buildReport } from '../../../src/report/report.js';
import { writeText } from '../../../src/output/format-text.js';

const items = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`items[${i}]`, String(i)]));
const summary = '[0, 1, 2, ...]';

function read(side: 'a' | 'b', variables: Record<string, string>, unread?: string[]): RunCapture {
  const capture = makeCapture({ side, variables });
  return unread ? { ...capture, unread, truncated: unread } : capture;
}

describe('setAsideUnread', () => {
  it("sets aside B's values under a container whose children A did not read, and nothing else", () => {
    const a = read('a', { items: summary, size: '30', label: "'big'" }, ['items']);
    const b = read('b', { items: summary, size: '30', label: "'small'", extra: '1', ...items });
    const { captures, setAside } = setAsideUnread(a, b);
    expect(setAside).toEqual([{ side: 'b', parents: ['items'], names: Object.keys(items), reason: 'unread' }]);
    expect(captures[0]).toBe(a);
    expect(Object.keys(captures[1].run.variables).sort()).toEqual(['extra', 'items', 'label', 'size']);
    // The original capture is left as it was.
    expect(Object.keys(b.run.variables)).toHaveLength(34);
  });

  it('works both ways, and for values deeper under the container', () => {
    const a = read('a', { cfg: '{...}', 'cfg.db': '{...}', 'cfg.db.host': "'h'", rows: '[...]' }, ['rows']);
    const b = read('b', { cfg: '{...}', rows: '[...]', 'rows[0]': '{...}', 'rows[0].id': '1' }, ['cfg']);
    const { captures, setAside } = setAsideUnread(a, b);
    expect(setAside).toEqual([
      { side: 'a', parents: ['cfg'], names: ['cfg.db', 'cfg.db.host'], reason: 'unread' },
      { side: 'b', parents: ['rows'], names: ['rows[0]', 'rows[0].id'], reason: 'unread' },
    ]);
    expect(Object.keys(captures[0].run.variables).sort()).toEqual(['cfg', 'rows']);
    expect(Object.keys(captures[1].run.variables).sort()).toEqual(['cfg', 'rows']);
  });

  it('leaves values that both runs hold, and a container the other run does not hold, to the diff', () => {
    const a = read('a', { items: summary, 'items[0]': '0' }, ['items', 'gone']);
    const b = read('b', { items: summary, 'items[0]': '9', 'items[1]': '1', gone: '1', 'gone.x': '2' });
    const { captures, setAside } = setAsideUnread(a, b);
    expect(setAside).toEqual([{ side: 'b', parents: ['items'], names: ['items[1]'], reason: 'unread' }]);
    expect(captures[1].run.variables['items[0]']).toBe('9');
    expect(captures[1].run.variables['gone.x']).toBe('2');
  });

  it('does nothing when a run did not stop, or nothing is unread', () => {
    const b = read('b', { items: summary, ...items });
    const noBreak = makeCapture({ side: 'a', noBreak: null });
    expect(setAsideUnread({ ...noBreak, unread: ['items'] }, b).setAside).toEqual([]);
    expect(setAsideUnread(read('a', { items: summary }), b).setAside).toEqual([]);
  });
});

describe('a comparison with a container one run did not read', () => {
  it('is no difference when all else is equal, and says what was not compared', () => {
    const a = read('a', { items: summary, size: '30' }, ['items']);
    const b = read('b', { items: summary, size: '30', ...items });
    const { result, findings } = analyseComparison(a, b);
    expect(validateComparison(result).errors).toEqual([]);
    expect(result.diff).toEqual({ changed: {}, unchanged: ['items', 'size'], only_in_a: [], only_in_b: [] });
    expect(comparisonExitCode(result)).toBe(0);
    expect(Object.keys(result.run_b.variables)).toEqual(['items', 'size']);
    expect(findings.map((finding) => finding.kind)).toContain('not_compared');
    expect(result.analysis_hints.join('\n')).toContain(
      '30 values of B under items were not compared (items[0], items[10], items[11], items[12], items[13], items[14], items[15], items[16], items[17], items[18], items[19], items[1], items[20], items[21], items[22], items[23], items[24], items[25], items[26], items[27] and 10 more): A did not read the children of items, so they are unknown there, not missing.',
    );
  });

  it("reads the other run's container back from its markers, so a masked summary is not a change", () => {
    // B read the children, so its summary holds markers where they stood; A's holds the text.
    const a = read('a', { items: summary, size: '30' }, ['items']);
    const b = read('b', { items: '[‹0›, ‹1›, ‹2›, ...]', size: '30', ...items });
    const { captures } = setAsideUnread(a, b);
    expect(captures[1].run.variables.items).toBe(summary);
    const { result } = analyseComparison(a, b);
    expect(result.diff.changed).toEqual({});
    expect(comparisonExitCode(result)).toBe(0);
    const changed = analyseComparison(
      a,
      read('b', { items: '[‹0›, ‹1›, ‹2›, ...]', size: '30', ...items, 'items[1]': '7' }),
    ).result;
    expect(changed.diff.changed).toEqual({ items: { a: summary, b: '[0, 7, 2, ...]' } });
  });

  it('still reports what differs elsewhere, and the container itself', () => {
    const a = read('a', { items: summary, size: '30' }, ['items']);
    const b = read('b', { items: '[5, 6, 7, ...]', size: '31', ...items });
    const { result } = analyseComparison(a, b);
    expect(Object.keys(result.diff.changed).sort()).toEqual(['items', 'size']);
    expect(result.diff.only_in_b).toEqual([]);
    expect(comparisonExitCode(result)).toBe(1);
  });
});

describe('a container the other run cut at --max-children', () => {
  // A Go map's first children follow its random order: two runs of one program read different keys.
  const keys = (from: number): Record<string, string> =>
    Object.fromEntries(Array.from({ length: 3 }, (_, i) => [`m["k${from + i}"]`, String(from + i)]));
  const cut = (side: 'a' | 'b', variables: Record<string, string>, truncated: string[]): RunCapture => ({
    ...makeCapture({ side, variables }),
    truncated,
  });

  it('sets aside what only one run read under it: identical runs are no difference, and it is said', () => {
    const a = cut('a', { m: 'map[string]int [...]', total: '1000000', ...keys(0), 'm["k9"]': '9' }, ['m']);
    const b = cut('b', { m: 'map[string]int [...]', total: '1000000', ...keys(5), 'm["k9"]': '9' }, ['m']);
    const { result, findings } = analyseComparison(a, b);
    expect(result.diff).toEqual({ changed: {}, unchanged: ['m', 'm["k9"]', 'total'], only_in_a: [], only_in_b: [] });
    expect(comparisonExitCode(result)).toBe(0);
    expect(
      findings
        .filter((finding) => finding.kind === 'not_compared')
        .map((finding) => finding.kind === 'not_compared' && finding.reason),
    ).toEqual(['cut', 'cut']);
    expect(result.analysis_hints.join('\n')).toContain(
      '3 values of A under m were not compared (m["k0"], m["k1"], m["k2"]): B read only some of the children of m (--max-children), which need not be the same ones in each run, so they are unknown there, not missing.',
    );
    // The text format says it too, among its notes: 'no differences' is not all there is to say.
    expect(writeText(buildReport([a, b]), { color: false })).toContain(
      '  3 values of B under m were not compared (m["k5"], m["k6"], m["k7"]): A read only some of the children of m',
    );
  });

  it('still reports a value both runs read that changed, and what lies under a container only one run cut', () => {
    // B's list is shorter and whole: A's items past its end are only in A.
    const a = cut(
      'a',
      { items: '[...]', 'items[0]': '1', 'items[1]': '2', 'items[2]': '3', m: '{...}', 'm["k0"]': '0' },
      ['items', 'm'],
    );
    const b = cut('b', { items: '[...]', 'items[0]': '1', m: '{...}', 'm["k0"]': '7' }, ['m']);
    const { result } = analyseComparison(a, b);
    expect(result.diff.only_in_a).toEqual(['items[1]', 'items[2]']);
    expect(Object.keys(result.diff.changed)).toEqual(['m["k0"]']);
  });

  it('a container whose own text was cut at --max-value-length is not taken for one cut at --max-children', () => {
    const a = cut('a', { d: "{'a': 1, 'b': 2…", 'd.a': '1', 'd.b': '2' }, ['d']);
    const b = cut('b', { d: "{'a': 1, 'c': 3…", 'd.a': '1', 'd.c': '3' }, ['d']);
    const { result } = analyseComparison(a, b);
    expect(result.diff.only_in_a).toEqual(['d.b']);
    expect(result.diff.only_in_b).toEqual(['d.c']);
  });
});

describe('values read only as a type and an address (issue 22 item 1)', () => {
  // What lldb-dap 19 showed for a libstdc++ std::u16string before bpdiff's formatter: `u"h!"` in A
  // and `u"h?"` in B both read so, and compared equal once the address was masked.
  const u16 = 'std::u16string @ 0x…';

  it('leaves them out of the diff in both runs and says so, never as unchanged', () => {
    const a = read('a', { s16: u16, n: '1', items: 'item[2] @ 0x…', 'items[0]': '1', 'items[1]': '2' });
    const b = read('b', { s16: u16, n: '1', items: 'item[2] @ 0x…', 'items[0]': '1', 'items[1]': '2' });
    const { captures, opaque } = setAsideUnread(a, b);
    expect(opaque).toEqual([{ name: 's16', text: u16 }]);
    expect(Object.keys(captures[0].run.variables)).toEqual(['n', 'items', 'items[0]', 'items[1]']);
    const { result } = analyseComparison(a, b);
    expect(validateComparison(result).errors).toEqual([]);
    expect(result.diff.unchanged).not.toContain('s16');
    expect(result.analysis_hints).toContain(
      's16 (std::u16string @ 0x…) was not compared: the debugger shows only its type and address in both A and B, not its contents (a type it has no formatter for, or a value at the --depth limit: raise --depth).',
    );
  });

  it('says a value cut at the capture limits as cut, not as unreadable', () => {
    const cut = (side: 'a' | 'b') => read(side, { s16: u16, n: '1' }, ['s16']);
    const { opaque } = setAsideUnread(cut('a'), cut('b'));
    expect(opaque).toEqual([]);
    const { result } = analyseComparison(cut('a'), cut('b'));
    expect(result.analysis_hints.join('\n')).toContain(
      'In both A and B, s16 was cut at the capture limits, so only its captured part was compared; it is identical only as far as captured',
    );
  });

  it('compares them when one run read more than that: a change is a change', () => {
    const { result } = analyseComparison(read('a', { s16: u16 }), read('b', { s16: 'u"h?"' }));
    expect(result.diff.changed).toEqual({ s16: { a: u16, b: 'u"h?"' } });
  });
});
