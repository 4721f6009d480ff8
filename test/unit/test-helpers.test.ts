// The integration files share their worker's modules (vitest.config.ts: isolate off): a hook a shared
// helper registers as it is imported would run for the first file of a worker only. Helpers hand their
// cleanup to atEachFileEnd (test/support/file-end.ts) instead; this keeps them so.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Vitest's setup files: run before each file, where a hook is registered for that file. */
const SETUP_FILES = ['test/support/register-hooks.ts', 'test/support/file-end-hook.ts'];

function helpers(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'fixtures' || entry.name.startsWith('fixtures-') ? [] : helpers(full);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

it('no shared test helper registers a hook as it is imported', () => {
  const adapters = fs.readdirSync(path.join(ROOT, 'adapters')).map((id) => path.join(ROOT, 'adapters', id, 'test'));
  const files = [path.join(ROOT, 'test'), ...adapters]
    .flatMap(helpers)
    .map((file) => path.relative(ROOT, file).split(path.sep).join('/'))
    .filter((file) => !SETUP_FILES.includes(file));
  expect(files.length).toBeGreaterThan(10);
  const registering = files.filter((file) =>
    /^(?:beforeAll|afterAll|beforeEach|afterEach)\(/m.test(fs.readFileSync(path.join(ROOT, file), 'utf8')),
  );
  expect(registering).toEqual([]);
});
