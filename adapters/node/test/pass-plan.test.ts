// Where a counting call may go (src/pass-plan.ts) and how it is put in (pass-insert.cjs): pure, no
// process. A call goes only before a statement that starts its line, in a list of statements, whose
// start V8 takes as the line's breakpoint location; the text it goes into must be the planned text.
import { createRequire } from 'node:module';
import * as vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { moduleText, passCall, planPassCount, textHash } from '../src/pass-plan.js';

const { instrument } = createRequire(import.meta.url)('../pass-insert.cjs') as {
  instrument: (text: string, file: string, entries: object[]) => string;
};

const SOURCE = [
  'function step(i, total) {', // 1
  '  const next = total + i;', // 2
  '  if (next > 3) total = 0;', // 3
  '  return next;', // 4
  '}', // 5
  'for (let i = 0; i < 3; i++) {', // 6
  '  step(i, 0); step(i, 1);', // 7
  '}', // 8
  'const shape = {', // 9
  '  a: step(1, 2),', // 10
  '};', // 11
  'let unset;', // 12
  'if (true) step(1, 1); else step(2, 2);', // 13
].join('\n');

describe('planPassCount', () => {
  it.each([
    [2, 'const next'],
    [3, 'if (next > 3)'],
    [4, 'return next'],
    [7, 'step(i, 0); step(i, 1)'],
    [13, 'if (true)'],
  ])('line %i: before the statement that starts it', (line, statement) => {
    const planned = planPassCount(SOURCE, line) as { offset: number; column: number };
    expect(SOURCE.slice(planned.offset).startsWith(statement)).toBe(true);
    expect(SOURCE.split('\n')[line - 1]!.slice(planned.column).startsWith(statement)).toBe(true);
  });

  it.each([
    [1, 'starts a FunctionDeclaration'],
    [5, 'no statement of a block starts line 5'],
    [6, 'starts a ForStatement'],
    [10, 'no statement of a block starts line 10'],
    [12, 'declares without a value'],
  ])('line %i: none (%s)', (line, why) => {
    expect((planPassCount(SOURCE, line) as { why: string }).why).toContain(why);
  });

  it('a directive is none; an ES module is planned too; text that does not parse says why', () => {
    expect((planPassCount("'use strict';\nfoo();", 1) as { why: string }).why).toBe('line 1 is a directive');
    expect(planPassCount("import fs from 'node:fs';\nfs.existsSync('x');", 2)).toEqual({ offset: 26, column: 0 });
    expect((planPassCount('let = ;', 1) as { why: string }).why).toMatch(/^the file does not parse as JavaScript/);
  });

  it('a statement after another on its line is none: the line starts with the other', () => {
    expect(planPassCount('a();\nb(); c();', 2)).toEqual({ offset: 5, column: 0 });
    expect((planPassCount('x = [1,\n2]; c();', 2) as { why: string }).why).toBe(
      'the statement on line 2 does not start the line',
    );
  });
});

describe('instrument (pass-insert.cjs)', () => {
  const plan = (text: string, line: number, id: number) => {
    const planned = planPassCount(moduleText(text), line) as { offset: number; column: number };
    return {
      id,
      files: ['/p/m.js'],
      hash: textHash(moduleText(text)),
      offset: planned.offset,
      call: passCall(id),
      count: 5,
    };
  };

  it('puts each call before its statement, and the program runs as before, counting', () => {
    const entries = [plan(SOURCE, 2, 7), plan(SOURCE, 4, 8)];
    const counted = instrument(SOURCE, '/p/m.js', entries);
    expect(counted.split('\n')[1]).toBe(`  ${passCall(7)}const next = total + i;`);
    expect(counted.split('\n')[3]).toBe(`  ${passCall(8)}return next;`);
    const counts: Record<number, number> = {};
    const context = vm.createContext({}) as Record<symbol, unknown>;
    context[Symbol.for('bpdiff.pass')] = (id: number) => (counts[id] = (counts[id] ?? 0) + 1);
    Object.defineProperty(context, 'globalThis', { value: context });
    vm.runInContext(counted, context);
    // Three loop passes of two calls, one in the object literal, two on line 13's if.
    expect(counts).toEqual({ 7: 8, 8: 8 });
  });

  it('leaves a text alone that is not the planned one, or another file', () => {
    const entries = [plan(SOURCE, 2, 7)];
    expect(instrument(`${SOURCE}\n`, '/p/m.js', entries)).toBe(`${SOURCE}\n`);
    expect(instrument(SOURCE, '/p/other.js', entries)).toBe(SOURCE);
  });

  it('a byte order mark: planned without it, put in after it', () => {
    const text = `\uFEFF${SOURCE}`;
    const counted = instrument(text, '/p/m.js', [plan(text, 2, 7)]);
    expect(counted.startsWith('\uFEFF')).toBe(true);
    expect(counted.split('\n')[1]).toBe(`  ${passCall(7)}const next = total + i;`);
  });
});
