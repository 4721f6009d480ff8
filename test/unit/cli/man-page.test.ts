// docs/bpdiff.1 is what the declarations say: regenerate it with `npm run docs`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderManPage } from '../../../src/cli/man-page.js';
import { OPTION_DECLARATIONS } from '../../../src/options/declarations.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };

describe('the manual page', () => {
  it('is docs/bpdiff.1, written from the declarations (npm run docs when this fails)', () => {
    expect(fs.readFileSync(path.join(ROOT, 'docs/bpdiff.1'), 'utf8')).toBe(renderManPage(version));
  });

  it('is the one package.json ships and names for man', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      man: string[];
      files: string[];
    };
    // An array: npm 11 links a `man` given as one string nowhere.
    expect(manifest.man).toEqual(['./docs/bpdiff.1']);
    expect(manifest.files).toContain('docs/bpdiff.1');
  });

  it('has an entry for every flag, its dashes escaped, and no line roff would read as a request', () => {
    const page = renderManPage(version);
    for (const declaration of OPTION_DECLARATIONS)
      expect(page, declaration.flag).toContain(`\n\\fB${`--${declaration.flag}`.replaceAll('-', '\\-')}\\fR`);
    expect(page).toContain('\\fB\\-\\-timeout\\fR \\fISECONDS\\fR\n');
    expect(page).toContain('Default: 60. Commands: bpdiff, capture, check, locate. Config key: timeout.');
    expect(page).toContain('.TH BPDIFF 1 "" "bpdiff ');
    const requests = page.split('\n').filter((line) => /^[.']/.test(line));
    expect(new Set(requests.map((line) => line.split(' ')[0]))).toEqual(
      new Set(['.\\"', '.TH', '.SH', '.SS', '.TP', '.B', '.I', '.br', '.PP', '.nf', '.fi', '.RS', '.RE']),
    );
  });
});
