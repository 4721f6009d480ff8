// docs/options.md is what the declarations say: regenerate it with `npm run docs`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderOptionReference } from '../../../src/cli/options-reference.js';
import { OPTION_DECLARATIONS } from '../../../src/options/declarations.js';

const FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/options.md');

describe('the option reference', () => {
  it('is docs/options.md, written from the declarations (npm run docs when this fails)', () => {
    expect(fs.readFileSync(FILE, 'utf8')).toBe(renderOptionReference());
  });

  it('has a row for every flag', () => {
    const text = renderOptionReference();
    for (const declaration of OPTION_DECLARATIONS)
      expect(text, declaration.flag).toContain(`| \`--${declaration.flag}\``);
    expect(text).toContain('| `--update`, `-u` | text |');
    expect(text).toContain(
      '| `--timeout` | seconds (above 0 to 86400) | `60` | bpdiff, capture, check, locate | `timeout` |',
    );
  });
});
