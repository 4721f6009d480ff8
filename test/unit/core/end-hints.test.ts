// The end of two runs a locate walk followed to their ends: which stream differs first, the line the
// hint shows (numbered only when the tails hold the whole output), and the hint's words.
import { describe, expect, it } from 'vitest';
import {
  compareEndings,
  describeEndDifference,
  firstDifferentLine,
  type RunOutput,
} from '../../../src/core/end-hints.js';

const output = (stdout: string, stderr = ''): RunOutput => ({
  stdout: { digest: `d:${stdout}`, total: stdout.length },
  stderr: { digest: `d:${stderr}`, total: stderr.length },
});
const LABELS = { a: 'A', b: 'B' };

describe('compareEndings', () => {
  it('alike: null; stdout before stderr; the exit only when the output is alike', () => {
    expect(
      compareEndings(
        { output: output('1\n'), how: 'exited with code 0' },
        { output: output('1\n'), how: 'exited with code 0' },
      ),
    ).toBeNull();
    expect(
      compareEndings(
        { output: output('1\n', 'x'), how: 'exited with code 0' },
        { output: output('2\n', 'y'), how: 'exited with code 3' },
      ),
    ).toEqual({ kind: 'output', stream: 'stdout', how: ['exited with code 0', 'exited with code 3'] });
    expect(
      compareEndings(
        { output: output('1\n', 'x'), how: 'exited with code 0' },
        { output: output('1\n', 'y'), how: 'exited with code 0' },
      )?.stream,
    ).toBe('stderr');
    expect(
      compareEndings(
        { output: output('1\n'), how: 'exited with code 0' },
        { output: output('1\n'), how: 'exited with code 3' },
      ),
    ).toEqual({ kind: 'exit', stream: null, how: ['exited with code 0', 'exited with code 3'] });
  });
});

describe('firstDifferentLine', () => {
  it('numbers the first line that differs in whole tails, a line one run lacks as null, and gives the last lines of cut tails', () => {
    expect(firstDifferentLine('a\nb\nc\n', 'a\nB\nc\n', true)).toEqual({ line: 2, a: 'b', b: 'B' });
    expect(firstDifferentLine('a\n', 'a\nmore\n', true)).toEqual({ line: 2, a: null, b: 'more' });
    expect(firstDifferentLine('x\nend a\n', 'x\nend b\n', false)).toEqual({ line: null, a: 'end a', b: 'end b' });
  });
});

describe('describeEndDifference', () => {
  it('says the line and each run’s text, or how the runs exited', () => {
    expect(
      describeEndDifference(
        {
          difference: { kind: 'output', stream: 'stdout', how: ['exited with code 0', 'exited with code 0'] },
          shown: { line: 1, a: '1234', b: '001234' },
        },
        LABELS,
      ),
    ).toBe(
      'the runs agreed in every step compared, but their output differs: stdout line 1 is "1234" in A, "001234" in B',
    );
    expect(
      describeEndDifference(
        {
          difference: { kind: 'output', stream: 'stderr', how: ['exited with code 0', 'exited with code 1'] },
          shown: { line: 2, a: null, b: 'oops' },
        },
        LABELS,
      ),
    ).toBe(
      'the runs agreed in every step compared, but their output differs: stderr line 2 is missing in A, "oops" in B; A exited with code 0, B exited with code 1',
    );
    expect(
      describeEndDifference(
        { difference: { kind: 'exit', stream: null, how: ['exited with code 0', 'exited with code 3'] }, shown: null },
        LABELS,
      ),
    ).toBe(
      'the runs agreed in every step compared and wrote the same output, but they ended differently: A exited with code 0, B exited with code 3',
    );
  });
});
