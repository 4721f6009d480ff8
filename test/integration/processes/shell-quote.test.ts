// quoteCommand against the shell itself: what it writes, sh parses back into the same argv.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { quoteCommand } from '../../../src/core/shell-quote.js';

describe('quoteCommand, read by sh', () => {
  it('gives back the same argv when sh parses the result', () => {
    // NUL cannot be in an argv; everything else must survive sh.
    const arg = fc.string({
      unit: fc.oneof(
        fc.constantFrom("'", '"', '\\', '$', '`', ' ', '\n', '*', '~', '#', '!', ';', '&', '|', '(', '{', '-', '='),
        fc.string({ minLength: 1, maxLength: 1 }).filter((c) => c !== '\0'),
      ),
      maxLength: 8,
    });
    fc.assert(
      fc.property(fc.array(arg, { minLength: 1, maxLength: 4 }), (argv) => {
        const out = execFileSync('/bin/sh', ['-c', `printf '%s\\0' ${quoteCommand(argv)}`], { encoding: 'utf8' });
        expect(out.split('\0').slice(0, -1)).toEqual(argv);
      }),
      { numRuns: 60 },
    );
  });
});
