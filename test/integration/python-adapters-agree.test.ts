// bpdiff's own Python adapter against debugpy (issue 27, "same answers"): each program of
// python-adapters-agree.ts captured by both (`--adapter debugpy`, `--adapter python`), and the two
// capture documents compared apart from the adapter's name. A deliberate difference is named in the
// case and must still be there (else the case is stale).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeWithTool, runBpdiff } from './helpers.js';
import { agreeCases, comparable, differences, type AgreeCase } from './python-adapters-agree.js';

const debugpyInstalled = fs.existsSync('/usr/lib/python3/dist-packages/debugpy');

async function capture(
  adapter: 'debugpy' | 'python',
  item: AgreeCase,
  dir: string,
): Promise<Record<string, unknown> | { failed: string }> {
  const out = path.join(dir, `${adapter}.json`);
  // One redaction key for both, so that a secret reads as the same marker.
  const run = await runBpdiff(
    ['capture', '--quiet', '--adapter', adapter, '--bp', item.bp, ...item.options, '-o', out, '--', ...item.command],
    { cwd: item.cwd, env: { BPDIFF_REDACT_KEY: 'agree' } },
  );
  expect(run.leftovers, `${adapter} left processes behind`).toEqual([]);
  if (!fs.existsSync(out)) return { failed: `exit ${run.exitCode}: ${run.stderr.trim().split('\n').pop()}` };
  return JSON.parse(fs.readFileSync(out, 'utf8')) as Record<string, unknown>;
}

describeWithTool("bpdiff's Python adapter and debugpy agree", 'python3-debugpy', debugpyInstalled, () => {
  describe.each(agreeCases())('$name', (item) => {
    it(item.deliberate ? `differs only as named: ${item.deliberate}` : 'writes the same capture', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-agree-'));
      try {
        // Both at once, as a comparison runs them.
        const [a, b] = await Promise.all([capture('debugpy', item, dir), capture('python', item, dir)]);
        if ('failed' in a || 'failed' in b) {
          // Refused before any run (a condition that fails in both runs): the same refusal.
          expect(b).toEqual(a);
          return;
        }
        const found = differences(comparable(a), comparable(b));
        if (item.deliberate) expect(found.length, 'a deliberate difference that is no longer there').toBeGreaterThan(0);
        else expect(found).toEqual([]);
        expect((b as { adapter: { id: string } }).adapter.id).toBe('python');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
