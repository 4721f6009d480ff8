// npm run docs: docs/options.md from the option declarations (src/cli/options-reference.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderOptionReference } from '../src/cli/options-reference.js';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/options.md');
fs.writeFileSync(file, renderOptionReference());
process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
