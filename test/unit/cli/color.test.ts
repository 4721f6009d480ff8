// When --format text is coloured (src/cli/io.ts useColor): --color, FORCE_COLOR, NO_COLOR, the terminal.
import { describe, expect, it } from 'vitest';
import { useColor, type Io } from '../../../src/intake/io.js';

function io(env: Record<string, string>, tty: boolean, colors = true): Io {
  return { stdout: () => undefined, stderr: () => undefined, stdoutIsTTY: tty, stdoutHasColors: colors, env, cwd: '/' };
}

describe('useColor', () => {
  it('--color always and never decide whatever the environment', () => {
    expect(useColor(io({ NO_COLOR: '1' }, false), 'always')).toBe(true);
    expect(useColor(io({ FORCE_COLOR: '1' }, true), 'never')).toBe(false);
  });
  it('auto: a terminal with colours, unless NO_COLOR; FORCE_COLOR forces it', () => {
    expect(useColor(io({}, true))).toBe(true);
    expect(useColor(io({}, true, false))).toBe(false);
    expect(useColor(io({}, false))).toBe(false);
    expect(useColor(io({ NO_COLOR: '1' }, true))).toBe(false);
    expect(useColor(io({ NO_COLOR: '' }, true))).toBe(true);
    expect(useColor(io({ FORCE_COLOR: '1' }, false))).toBe(true);
    expect(useColor(io({ FORCE_COLOR: '0' }, false))).toBe(false);
    expect(useColor(io({ FORCE_COLOR: '1', NO_COLOR: '1' }, false))).toBe(true);
  });
});

describe('--help', () => {
  it('has no line over 80 columns that breaks an example command', async () => {
    const { parseArgs } = await import('../../../src/cli/parse-args.js');
    const help = await parseArgs(['--help']);
    const text = help.kind === 'help' ? help.text : '';
    const examples = text.slice(text.indexOf('Examples:'), text.indexOf('Everything after'));
    const commands = examples.split('\n').filter((line) => line.trimStart().startsWith('bpdiff'));
    expect(commands.length).toBeGreaterThan(5);
    for (const line of commands) expect(line.length).toBeLessThanOrEqual(80);
    // A command is whole on its line: none ends in the middle of a quoted or -- part.
    for (const line of examples.split('\n').filter((line) => line.trim() !== '' && line.trim() !== 'Examples:'))
      expect(line.trimStart()).toMatch(/^(#|bpdiff )/);
  });
});
