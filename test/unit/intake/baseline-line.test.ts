// A baseline follows its line into the live copy of its file (issue 22 item 9), through the hashes of
// its file's lines the capture keeps, with the line map a live pair uses.
import { describe, expect, it } from 'vitest';
import { followBaselineLine, lineDoubt, type LoadedBaseline } from '../../../src/intake/baseline.js';
import { hashLines } from '../../../src/core/line-map.js';
import { makeCapture } from '../fixtures/captures.js';

const before = [
  'class Shop:',
  '    def add(self, qty):',
  '        line = qty * 2',
  '        self.total += line',
  '        return line',
];
const docstring = [
  '        """',
  ...Array.from({ length: 34 }, (_, i) => `        Line ${i} of a docstring the fix added.`),
  '        """',
];
const after = [...before.slice(0, 2), ...docstring, ...before.slice(2)];

function baseline(lines: string[] | null, note?: string): LoadedBaseline {
  const capture = makeCapture({ breakpoint: { file: 'app.py', line: 4, condition: 'self.total > 0' } });
  return {
    capture: lines === null ? capture : { ...capture, source_lines: { count: lines.length, hashes: hashLines(lines) } },
    name: 'base.json',
    breakpoint: capture.breakpoint,
    ...(note ? { note } : {}),
  };
}
const live = (
  line = 4,
): { label: string; breakpoint: { file: string; line: number; condition: string; path: string; note?: string } } => ({
  label: 'B',
  breakpoint: { file: 'app.py', line, condition: 'self.total > 0', path: '/w/app.py' },
});
const reading = (lines: string[]) => () => lines;

describe('followBaselineLine', () => {
  it("moves the live run to where the baseline's line went, and says so", () => {
    const followed = followBaselineLine(baseline(before), live(), reading(after));
    expect(followed.breakpoint.line).toBe(40);
    expect(followed.breakpoint.note).toBe(
      "the baseline was captured at line 4 of app.py; that line is line 40 in B's copy (lines above it were added or removed), so B stops at line 40",
    );
  });

  it("stops at the line that took a changed line's place, and refuses a deleted one", () => {
    const changed = followBaselineLine(
      baseline(before),
      live(),
      reading(before.map((line, i) => (i === 3 ? '        self.total += line * 2' : line))),
    );
    expect(changed.breakpoint.line).toBe(4);
    expect(changed.breakpoint.note).toMatch(
      /^line 4 of app\.py, where the baseline was captured, was changed in B's copy; B stops at line 4, which took its place \("self\.total \+= line \* 2"\)/,
    );
    expect(() => followBaselineLine(baseline(before), live(), reading(before.filter((_, i) => i !== 3)))).toThrow(
      /line 4 of app\.py, where the baseline base\.json was captured, was deleted in the live run's copy of the file/,
    );
  });

  it('leaves the live run alone: the same file, a line the user gave, an older baseline without hashes', () => {
    expect(followBaselineLine(baseline(before), live(), reading(before))).toEqual(live());
    expect(
      followBaselineLine(baseline(before, 'the live run stops at line 9, as its --bp says'), live(9), reading(after)),
    ).toEqual(live(9));
    expect(followBaselineLine(baseline(null), live(), reading(after))).toEqual(live());
  });
});

describe('lineDoubt', () => {
  it('says when the live line reads otherwise, or when the baseline cannot tell; nothing when it is the same line', () => {
    expect(lineDoubt(baseline(before), live(20), reading(after))).toBe(
      `line 20 of app.py in B's copy reads otherwise than line 4, where the baseline was captured ("Line 16 of a docstring the fix added.")`,
    );
    expect(lineDoubt(baseline(null), live(), reading(after))).toMatch(
      /^the baseline holds no hashes of its file's lines/,
    );
    expect(lineDoubt(baseline(before), live(40), reading(after))).toBeNull();
  });
});
