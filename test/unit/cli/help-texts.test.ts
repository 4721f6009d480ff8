import { describe, expect, it } from 'vitest';
import { helpKey, helpRequests, helpWidth, prerenderedHelp, type HelpTexts } from '../../../src/cli/help-texts.js';
import { parseArgs } from '../../../src/cli/parse-args.js';
import { renderHelpTexts } from '../../../src/cli/render-help.js';

const table: HelpTexts = {
  texts: ['top at 80', 'top at 100', '0.1.0'],
  keys: {
    [helpKey(80, ['--help'])]: 0,
    [helpKey(80, ['-h'])]: 0,
    [helpKey(100, ['--help'])]: 1,
    [helpKey(80, ['--version'])]: 2,
  },
};

describe('help texts rendered at build time', () => {
  it('are found by width and command line; anything else is left to yargs', () => {
    expect(prerenderedHelp(['--help'], 80, table)).toBe('top at 80');
    expect(prerenderedHelp(['-h'], 80, table)).toBe('top at 80');
    expect(prerenderedHelp(['--help'], 100, table)).toBe('top at 100');
    expect(prerenderedHelp(['--version'], 80, table)).toBe('0.1.0');
    expect(prerenderedHelp(['--help'], 90, table)).toBeNull();
    expect(prerenderedHelp(['-h'], 100, table)).toBeNull();
    expect(prerenderedHelp(['--bp', 'x:1', '--help'], 80, table)).toBeNull();
    // From the sources nothing is built in.
    expect(prerenderedHelp(['--help'], 80)).toBeNull();
  });

  it('are laid out at the width yargs would use: the terminal, at most 100 columns; 80 without one', () => {
    expect(helpWidth(undefined)).toBe(80);
    expect(helpWidth(0)).toBe(80);
    expect(helpWidth(72)).toBe(72);
    expect(helpWidth(90)).toBe(90);
    expect(helpWidth(160)).toBe(100);
  });

  it('are what parseArgs renders, for every help request at both widths, each text once', {
    timeout: 30_000,
  }, async () => {
    const rendered = await renderHelpTexts();
    expect(Object.keys(rendered.keys)).toHaveLength(helpRequests().length * 2);
    expect(new Set(rendered.texts).size).toBe(rendered.texts.length);
    for (const width of [80, 100]) {
      for (const request of helpRequests()) {
        const text = rendered.texts[rendered.keys[helpKey(width, request)]!];
        expect(text).toBe(((await parseArgs(request, undefined, process.cwd(), width)) as { text: string }).text);
      }
    }
    // The widths differ where the layout does.
    expect(rendered.texts[rendered.keys[helpKey(80, ['--help'])]!]).not.toBe(
      rendered.texts[rendered.keys[helpKey(100, ['--help'])]!],
    );
    expect(rendered.texts[rendered.keys[helpKey(80, ['-h'])]!]).toBe(
      rendered.texts[rendered.keys[helpKey(80, ['--help'])]!],
    );
  });
});
