import { describe, expect, it } from 'vitest';
import { ANNOTATIONS_SHOWN, limitAnnotations, writeGithub } from '../../../src/output/format-github.js';
import { buildReport } from '../../../src/report/report.js';
import { makeCapture, PRICING_V1 } from '../fixtures/captures.js';

/** `::level prop=v,prop=v::message` parsed back, with GitHub's escapes undone. */
function parse(line: string): { level: string; props: Record<string, string>; message: string } | null {
  const match = /^::(\w+) ([^:]*)::(.*)$/.exec(line);
  if (!match) return null;
  const unescape = (text: string): string =>
    text
      .replaceAll('%0A', '\n')
      .replaceAll('%0D', '\r')
      .replaceAll('%3A', ':')
      .replaceAll('%2C', ',')
      .replaceAll('%25', '%');
  const props = Object.fromEntries(
    match[2]!.split(',').map((pair) => [pair.slice(0, pair.indexOf('=')), unescape(pair.slice(pair.indexOf('=') + 1))]),
  );
  return { level: match[1]!, props, message: unescape(match[3]!) };
}

describe('the github writer', () => {
  it("annotates the line in B's version when B's breakpoint followed A's line there (a baseline's line the pull request moved)", () => {
    const a = makeCapture({ label: 'baseline', variables: { rate: '0.1' } });
    const b = makeCapture({ side: 'b', breakpoint: { file: 'pricing.py', line: 70 }, variables: { rate: '1.0' } });
    const commands = writeGithub(buildReport([a, b]))
      .trimEnd()
      .split('\n')
      .map(parse)
      .filter((command) => command !== null);
    expect(commands.map((command) => `${command.props.file}:${command.props.line}`)).toEqual(['pricing.py:70']);
  });

  it('an error annotation at the breakpoint line for each changed variable and each name in one run only', () => {
    const a = makeCapture({ variables: { rate: '0.1', note: "'50%, then:\\nmore'", old: '1' } });
    const b = makeCapture({ side: 'b', variables: { rate: '1.0', note: "'x'" } });
    const lines = writeGithub(buildReport([a, b]))
      .trimEnd()
      .split('\n');
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

  it("shows the values a changed container's markers stand for, and the value of a name in one run only (issue 22 item 12)", () => {
    const cart = (qty: string, extra: Record<string, string>) => ({
      cart: "Cart(items=‹items›, note='x')",
      'cart.items': '[‹0›]',
      'cart.items[0]': qty,
      ...extra,
    });
    const a = makeCapture({ variables: cart('1', {}) });
    const b = makeCapture({
      side: 'b',
      variables: { ...cart('1', {}), cart: "Cart(items=‹items›, note='y')", gift: 'Gift(to=‹to›)', 'gift.to': "'ann'" },
    });
    const commands = writeGithub(buildReport([a, b]))
      .trimEnd()
      .split('\n')
      .map(parse)
      .filter((command) => command !== null);
    expect(commands.map((command) => command.message)).toEqual([
      "cart is Cart(items=[1], note='x') in A and Cart(items=[1], note='y') in B.",
      "Only in B (2): gift = Gift(to='ann'), gift.to = 'ann'.",
    ]);
  });

  it('one notice for a clean comparison, and an error for a run that did not stop', () => {
    const clean = writeGithub(
      buildReport([makeCapture({ variables: PRICING_V1 }), makeCapture({ side: 'b', variables: PRICING_V1 })]),
    );
    expect(clean.trimEnd().split('\n').map(parse)).toEqual([
      {
        level: 'notice',
        props: { file: 'pricing.py', line: '34', title: 'bpdiff: no differences' },
        message: 'No differences at pricing.py:34: 7 variables identical in A and B.',
      },
    ]);
    const missed = writeGithub(
      buildReport([
        makeCapture({ variables: { x: '1' } }),
        makeCapture({ side: 'b', noBreak: { kind: 'exited', exit_code: 3 } }),
      ]),
    );
    expect(parse(missed.split('\n')[0]!)).toMatchObject({
      level: 'error',
      props: { title: 'bpdiff: B did not stop' },
      message: 'B exited with code 3 without reaching pricing.py:34.',
    });
  });

  it('names the file from the root (where bpdiff runs) when the runs ran in their own folders (--cwd-a/-b)', () => {
    const a = { ...makeCapture({ variables: { rate: '0.1' } }), cwd: '/repo/main', resolved_file: 'pricing.py' };
    const b = {
      ...makeCapture({ side: 'b', variables: { rate: '1.0' } }),
      cwd: '/repo/pr',
      resolved_file: 'pricing.py',
    };
    const files = (root?: string): string[] =>
      writeGithub(buildReport([a, b]), { color: false, ...(root === undefined ? {} : { root }) })
        .trimEnd()
        .split('\n')
        .map(parse)
        .filter((command) => command !== null)
        .map((command) => `${command.props.file}:${command.props.line}`);
    expect(files('/repo')).toEqual(['pr/pricing.py:34']);
    // B's folder outside the root: A's copy, below it.
    expect(files('/repo/main')).toEqual(['pricing.py:34']);
    expect(files('/elsewhere')).toEqual(['pricing.py:34']);
    expect(files()).toEqual(['pricing.py:34']);
    // B stopping in a file of its own (--bp-b): the document's breakpoint is A's, named from A's folder.
    const own = writeGithub(
      buildReport([a, { ...b, breakpoint: { file: 'tax.py', line: 5 }, resolved_file: 'tax.py' }]),
      { color: false, root: '/repo' },
    );
    expect(parse(own.split('\n')[0]!)!.props).toMatchObject({ file: 'main/pricing.py', line: '34' });
  });

  it("annotates a crash at the line that raised it, in the run's own code", () => {
    const a = makeCapture({ variables: { x: '1' } });
    const crashed = makeCapture({
      side: 'b',
      noBreak: { kind: 'exception', message: 'ZeroDivisionError: division by zero' },
    });
    const b = {
      ...crashed,
      cwd: '/repo/pr',
      resolved_file: 'pricing.py',
      frames: [
        { name: 'divide', file: '/usr/lib/python3/fractions.py', line: 400 },
        { name: 'price', file: 'pricing.py', line: 21 },
        { name: 'main', file: 'pricing.py', line: 43 },
      ],
    };
    const [first] = writeGithub(buildReport([a, b]), { color: false, root: '/repo' })
      .split('\n')
      .map(parse);
    expect(first).toMatchObject({
      level: 'error',
      props: { file: 'pr/pricing.py', line: '21', title: 'bpdiff: B crashed here' },
    });
    expect(first!.message).toContain('ZeroDivisionError: division by zero');
    // Without its frames, at the breakpoint as before.
    const [atBreakpoint] = writeGithub(buildReport([a, { ...b, frames: [] }]), { color: false, root: '/repo' })
      .split('\n')
      .map(parse);
    expect(atBreakpoint!.props).toMatchObject({ file: 'pr/pricing.py', line: '34', title: 'bpdiff: B did not stop' });
  });

  it('an only-in annotation carries the values', () => {
    const a = makeCapture({ variables: { rate: '0.1' } });
    const b = makeCapture({ side: 'b', variables: { rate: '0.1', tax: '5.1', note: `'${'x'.repeat(100)}'` } });
    const only = writeGithub(buildReport([a, b]))
      .split('\n')
      .map(parse)
      .find((command) => command?.props.title === 'bpdiff: only in B');
    expect(only!.message).toBe(`Only in B (2): note = '${'x'.repeat(79)}… (102 chars), tax = 5.1.`);
  });

  it('shows at most 10 annotations of a level, the tenth counting the rest, as GitHub shows 10 per step', () => {
    const names = Array.from({ length: 14 }, (_, index) => `v${String(index).padStart(2, '0')}`);
    const a = makeCapture({ variables: Object.fromEntries(names.map((name) => [name, '1'])) });
    const b = makeCapture({ side: 'b', variables: Object.fromEntries(names.map((name) => [name, '2'])) });
    const commands = writeGithub(buildReport([a, b]))
      .split('\n')
      .map(parse)
      .filter((command) => command !== null);
    expect(commands).toHaveLength(ANNOTATIONS_SHOWN);
    expect(commands.slice(0, 9).map((command) => command.props.title)).toEqual(
      names.slice(0, 9).map((name) => `bpdiff: ${name} changed`),
    );
    expect(commands[9]).toMatchObject({ level: 'error', props: { title: 'bpdiff: 5 more' } });
    expect(commands[9]!.message).toBe(
      "5 more differences not shown as annotations (GitHub shows 10 per step): see the job summary (--summary) or this step's log.",
    );
    // Exactly ten of a level are all shown; other lines and levels are kept as they are.
    const ten = Array.from({ length: 10 }, (_, index) => `::error title=t${index}::m`);
    expect(limitAnnotations([...ten, '::notice title=n::m', 'bpdiff at x:1: counts'])).toEqual([
      ...ten,
      '::notice title=n::m',
      'bpdiff at x:1: counts',
    ]);
    // Put together with other outputs (bpdiff check), the writer leaves the limit to the whole.
    expect(
      writeGithub(buildReport([a, b]), { color: false, combined: true })
        .split('\n')
        .filter((line) => line.startsWith('::error')),
    ).toHaveLength(14);
  });
});
