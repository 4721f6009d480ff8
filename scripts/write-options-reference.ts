// npm run docs: what is written from the option declarations: docs/options.md (src/cli/options-reference.ts),
// the manual page docs/bpdiff.1 (src/cli/man-page.ts) and the config file's JSON Schema,
// schema/bpdiff-config.schema.json (src/config/config-schema.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderOptionReference } from '../src/cli/options-reference.js';
import { renderManPage } from '../src/cli/man-page.js';
import { renderConfigSchemaFile } from '../src/config/config-schema.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
for (const [name, text] of [
  ['docs/options.md', renderOptionReference()],
  ['docs/bpdiff.1', renderManPage(version)],
  ['schema/bpdiff-config.schema.json', renderConfigSchemaFile()],
] as const) {
  fs.writeFileSync(path.join(root, name), text);
  process.stdout.write(`wrote ${name}\n`);
}
