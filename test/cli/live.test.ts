// The built bin on a live comparison under each Python adapter (bpdiff's own, the default, and
// debugpy): the result, and Ctrl-C / SIGTERM mid-run. Skipped (visibly) where an adapter is missing,
// except in CI, where that fails loudly.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectValidComparison } from '../unit/fixtures/captures.js';
import { describeWithTool, leftoverProcesses } from '../integration/helpers.js';
import { PYTHON_ADAPTERS } from '../integration/python-adapters.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'dist/bin/bpdiff.cjs');
const PRICING = path.join(ROOT, 'examples/python/pricing');
let tmp: string;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-live-'));
  // Sleeps before the breakpoint line, so a signal arrives while both runs are under the debugger.
  fs.writeFileSync(path.join(tmp, 'slow.py'), 'import time\ntime.sleep(60)\nx = 1\nprint(x)\n');
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

for (const adapter of PYTHON_ADAPTERS)
  describeWithTool(`live comparison (${adapter.name})`, adapter.tool, adapter.available && fs.existsSync(BIN), () => {
    it('compares two versions of the pricing example: exit 1, a valid document, the 10x hint', async () => {
      const result = await execa(
        'node',
        [
          BIN,
          '--adapter',
          adapter.id,
          '--bp',
          'pricing.py:34',
          '--cwd-a',
          path.join(PRICING, 'v1'),
          '--cwd-b',
          path.join(PRICING, 'v2'),
          '--condition',
          "item.sku == 'mug'",
          '--quiet',
          '--',
          'python3',
          'pricing.py',
          '10',
          '--',
          'python3',
          'pricing.py',
          '10',
        ],
        { reject: false },
      );
      expect(result.stderr).toBe('');
      expect(result.exitCode, result.stderr).toBe(1);
      const document = JSON.parse(String(result.stdout));
      expectValidComparison(document);
      expect(document.breakpoint).toEqual({ file: 'pricing.py', line: 34, condition: "item.sku == 'mug'" });
      expect(document.diff.changed.rate).toEqual({ a: '0.1', b: '1.0' });
      expect(document.analysis_hints).toContain('rate is 0.1 in A and 1.0 in B (up 0.9, 10x).');
      expect(document.context).toContain('Source at line 34: total += line_total');
    });

    it.each([
      ['SIGINT', 130],
      ['SIGTERM', 143],
      ['SIGHUP', 129],
    ] as const)('%s during the runs: one line, exit %i, nothing written', async (signal, code) => {
      const target = path.join(tmp, `${signal}.json`);
      const mark = `live-${signal}-${process.pid}-${Date.now()}`;
      // A temp folder of the test's own, so that the runs' temp folders can be counted.
      const runTmp = fs.mkdtempSync(path.join(tmp, `tmp-${signal}-`));
      const child = execa(
        'node',
        [
          BIN,
          '--adapter',
          adapter.id,
          '--bp',
          'slow.py:3',
          '--timeout',
          '120',
          '-o',
          target,
          '--',
          'python3',
          'slow.py',
          '--',
          'python3',
          'slow.py',
        ],
        {
          cwd: tmp,
          reject: false,
          env: { BPDIFF_TEST_MARK: mark, TMPDIR: runTmp },
        },
      );
      let stderr = '';
      await new Promise<void>((resolve) => {
        child.stderr!.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          // Both runs are under the debugger once each says it is waiting for the breakpoint.
          if ((stderr.match(/waiting for/g) ?? []).length >= 2) resolve();
        });
      });
      child.kill(signal);
      const result = await child;
      expect(result.exitCode, result.stderr).toBe(code);
      // Every adapter and debuggee of both runs is gone.
      expect(await leftoverProcesses(mark)).toEqual([]);
      const lines = String(result.stderr).split('\n');
      expect(lines.at(-1)).toBe(`bpdiff: interrupted by ${signal} — both runs were stopped and nothing was written`);
      expect(lines.filter((line) => line.startsWith('bpdiff: interrupted'))).toHaveLength(1);
      expect(result.stdout).toBe('');
      expect(fs.existsSync(target)).toBe(false);
      expect(fs.readdirSync(runTmp).filter((name) => name.startsWith('bpdiff-'))).toEqual([]);
    });
  });
