import { describe, expect, it } from 'vitest';
import { writeGithub } from '../../../src/output/format-github.js';
import { buildReport } from '../../../src/report/report.js';
import { makeCapture, PRICING_V1 } from '../fixtures/captures.js';

/** `::level prop=v,prop=v::message` parsed back, with GitHub's escapes undone. */
function parse(line: string): { level: string; props: Record<string, string>; message: string } | null {
  const match = /^::(\w+) ([^:]*)::(.*)$/.exec(line);
  if (!match) return null;
  const unescape = (text: string): string => text.replaceAll('%0A', '\n').replaceAll('%0D', '\r').replaceAll('%3A', ':').replaceAll('%2C', ',').replaceAll('%25', '%');
  const props = Object.fromEntries(match[2]!.split(',').map((pair) => [pair.slice(0, pair.indexOf('=')), unescape(pair.slice(pair.indexOf('=') + 1))]));
  return { level: match[1]!, props, message: unescape(match[3]!) };
}

describe('the github writer', () => {
  it('an error annotation at the breakpoint line for each changed variable and each name in one run only', () => {
    const a = makeCapture({ variables: { rate: '0.1', note: "'50%, then:\\nmore'", old: '1' } });
    const b = makeCapture({ side: 'b', variables: { rate: '1.0', note: "'x'" } });
    const lines = writeGithub(buildReport([a, b])).trimEnd().split('\n');
    const commands = lines.map(parse).filter((command) => command !== null);
    expect(commands.map((command) => [command.level, command.props.title])).toEqual([
      ['error', 'bpdiff: note changed'],
      ['error', 'bpdiff: rate changed'],
      ['error', 'bpdiff: only in A'],
    ]);
    for (const command of commands) expect(command.props).toMatchObject({ file: 'pricing.py', line: '34' });
    expect(commands[1]!.message).toBe('rate is 0.1 in A and 1.0 in B (up 0.9, 10x).');
    expect(commands[0]!.message).toContain("'50%, then:\\nmore'");
    expect(lines.at(-1)).toBe('bpdiff at pricing.py:34: 2 changed, 0 unchanged, 1 only in A, 0 only in B');
  });

  it('shows the values a changed container\'s markers stand for, and the value of a name in one run only (issue 22 item 12)', () => {
    const cart = (qty: string, extra: Record<string, string>) => ({ cart: "Cart(items=‹items›, note='x')", 'cart.items': '[‹0›]', 'cart.items[0]': qty, ...extra });
    const a = makeCapture({ variables: cart('1', {}) });
    const b = makeCapture({ side: 'b', variables: { ...cart('1', {}), cart: "Cart(items=‹items›, note='y')", gift: "Gift(to=‹to›)", 'gift.to': "'ann'" } });
    const commands = writeGithub(buildReport([a, b])).trimEnd().split('\n').map(parse).filter((command) => command !== null);
    expect(commands.map((command) => command.message)).toEqual([
      "cart is Cart(items=[1], note='x') in A and Cart(items=[1], note='y') in B.",
      "Only in B: gift = Gift(to='ann'); gift.to = 'ann'.",
    ]);
  });

  it('one notice for a clean comparison, and an error for a run that did not stop', () => {
    const clean = writeGithub(buildReport([makeCapture({ variables: PRICING_V1 }), makeCapture({ side: 'b', variables: PRICING_V1 })]));
    expect(clean.trimEnd().split('\n').map(parse)).toEqual([
      { level: 'notice', props: { file: 'pricing.py', line: '34', title: 'bpdiff: no differences' }, message: 'No differences at pricing.py:34: 7 variables identical in A and B.' },
    ]);
    const missed = writeGithub(buildReport([makeCapture({ variables: { x: '1' } }), makeCapture({ side: 'b', noBreak: { kind: 'exited', exit_code: 3 } })]));
    expect(parse(missed.split('\n')[0]!)).toMatchObject({ level: 'error', props: { title: 'bpdiff: B did not stop' }, message: 'B exited with code 3 without reaching pricing.py:34.' });
  });
});
