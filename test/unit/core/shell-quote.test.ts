import { describe, expect, it } from 'vitest';
import { quoteCommand, quoteShellArg } from '../../../src/core/shell-quote.js';

describe('quoteShellArg', () => {
  it.each([
    ['python3', 'python3'],
    ['src/app.py', 'src/app.py'],
    ['--rate=0.1', '--rate=0.1'],
    ['a:b,c@d%e+f', 'a:b,c@d%e+f'],
    ['', "''"],
    ['two words', "'two words'"],
    ["it's", "'it'\\''s'"],
    ['$HOME', "'$HOME'"],
    ['~/x', "'~/x'"],
    ['#c', "'#c'"],
    ['a*b', "'a*b'"],
    ['line\nbreak', "'line\nbreak'"],
    ['é', "'é'"],
    ['"q"', `'"q"'`],
    ['back\\slash', "'back\\slash'"],
  ])('%j -> %s', (arg, quoted) => {
    expect(quoteShellArg(arg)).toBe(quoted);
  });

  it('joins a command line with spaces', () => {
    expect(quoteCommand(['python3', '-c', "print('hi')", 'a b'])).toBe("python3 -c 'print('\\''hi'\\'')' 'a b'");
  });
});
