// Messages name what was wrong without a file's content, and within bounds (issue 34): a file that is
// not JSON is said by its place, never its first characters; a long value in a message is cut, its
// length said.
import { describe, expect, it } from 'vitest';
import { boundLines, boundMessage, MESSAGE_LIMIT } from '../../../src/bound-message.js';
import { describeJsonProblem } from '../../../src/json-problem.js';

const problem = (text: string): string => {
  try {
    JSON.parse(text);
  } catch (error) {
    return describeJsonProblem(text, error);
  }
  throw new Error('parsed');
};

describe('describeJsonProblem', () => {
  it('says where, never what', () => {
    expect(problem('root:x:0:0:root:/root:/bin/bash\n')).toBe('at line 1, column 1: no JSON document starts there');
    // V8 names the character, not where it is: found by parsing prefixes.
    expect(problem('{"a": 1,\n "b": }')).toBe('at line 2, column 7');
    expect(problem('{"secret": hunter2}')).toBe('at line 1, column 12');
    expect(problem('[1, 2')).toBe('at line 1, column 6');
    expect(problem('  ')).toBe('the file is empty');
    for (const text of ['root:x:0:0', '{"secret": hunter2}', 'ghp_abc'])
      expect(problem(text)).not.toMatch(/root|hunter2|ghp_/);
  });
});

describe('boundMessage', () => {
  it('cuts a long value to its start and says its length; leaves a message of ordinary words as it is', () => {
    const path = 'a'.repeat(11_000_000);
    const message = boundMessage(`run capture ${path} does not exist — check the path ${path}`);
    expect(message).toBe(
      `run capture ${'a'.repeat(200)}… [11000000 characters] does not exist — check the path ${'a'.repeat(200)}… [11000000 characters]`,
    );
    const words = 'word '.repeat(100).trim();
    expect(boundMessage(words)).toBe(words);
  });

  it('a message of many words is cut at MESSAGE_LIMIT; each line of stderr on its own', () => {
    const long = 'word '.repeat(5000);
    expect(boundMessage(long).length).toBeLessThanOrEqual(MESSAGE_LIMIT);
    expect(boundMessage(long)).toMatch(/… \[message cut: 25000 characters\]$/);
    expect(boundLines(`one ${'b'.repeat(2000)}\ntwo\n`)).toBe(`one ${'b'.repeat(200)}… [2000 characters]\ntwo\n`);
  });
});
