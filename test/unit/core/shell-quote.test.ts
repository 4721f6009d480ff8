import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
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

  it('gives back the same argv when sh parses the result', () => {
    // NUL cannot be in an argv; everything else must survive sh.
    const arg = fc.string({ unit: fc.oneof(fc.constantFrom("'", '"', '\\', '$', '`', ' ', '\n', '*', '~', '#', '!', ';', '&', '|', '(', '{', '-', '='), fc.string({ minLength: 1, maxLength: 1 }).filter((c) => c !== '\0')), maxLength: 8 });
    fc.assert(
      fc.property(fc.array(arg, { minLength: 1, maxLength: 4 }), (argv) => {
        const out = execFileSync('/bin/sh', ['-c', `printf '%s\\0' ${quoteCommand(argv)}`], { encoding: 'utf8' });
        expect(out.split('\0').slice(0, -1)).toEqual(argv);
      }),
      { numRuns: 60 },
    );
  });
});
