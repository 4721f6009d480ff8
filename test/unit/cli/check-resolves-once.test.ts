// `bpdiff check` resolves each check's live run once (src/cli/command-check.ts): before any check
// runs, to refuse a run that cannot start, and the run so resolved is the one compared with its
// baseline. Each resolution looks at the run's folder (intake/runs.ts); counted here by its stat.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { runCli } from '../../../src/cli/run-cli.js';
import type { IoDeps, Io } from '../../../src/intake/io.js';
import type { RunSpec } from '../../../src/core/types.js';
import { makeCapture, PRICING_V1, PRICING_V2 } from '../fixtures/captures.js';

let dir: string;
let out: string[];
let err: string[];
let io: Io;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-check-once-'));
  for (const name of ['one', 'two']) {
    fs.mkdirSync(path.join(dir, name));
    fs.writeFileSync(
      path.join(dir, name, 'pricing.py'),
      Array.from({ length: 40 }, (_, i) => (i === 33 ? '        total += line_total' : `# line ${i + 1}`)).join('\n'),
    );
  }
  fs.mkdirSync(path.join(dir, 'baselines'));
  for (const name of ['one', 'two'])
    fs.writeFileSync(
      path.join(dir, 'baselines', `${name}.json`),
      JSON.stringify(makeCapture({ label: 'baseline', variables: PRICING_V1 })),
    );
  const check = (name: string) => ({
    bp: 'pricing.py:34',
    cmd: ['python3', 'pricing.py'],
    cwd: name,
    baseline: `baselines/${name}.json`,
  });
  fs.writeFileSync(
    path.join(dir, 'bpdiff.config.json'),
    JSON.stringify({ checks: { one: check('one'), two: check('two') } }),
  );
  out = [];
  err = [];
  io = { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), stdoutIsTTY: false, env: {}, cwd: dir };
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('resolves each check’s run once, before any check runs, and compares the run so resolved', async () => {
  const folders = [path.join(dir, 'one'), path.join(dir, 'two')];
  const looks: string[] = [];
  const statSync = fs.statSync;
  vi.spyOn(fs, 'statSync').mockImplementation(((file: fs.PathLike, options?: fs.StatSyncOptions) => {
    if (folders.includes(String(file))) looks.push(String(file));
    return statSync(file, options);
  }) as typeof fs.statSync);
  const started: RunSpec[] = [];
  const deps: IoDeps = {
    captureOneRun: async (spec) => {
      // Both runs were resolved before the first started.
      expect(looks).toEqual(folders);
      started.push(spec);
      return makeCapture({ side: 'b', label: spec.label, variables: PRICING_V2 });
    },
  };
  const code = await runCli(['check', '--format', 'json'], io, deps);
  expect(err.join('')).not.toMatch(/^bpdiff: .*error/m);
  expect(code).toBe(1);
  expect(looks).toEqual(folders);
  expect(started.map((spec) => spec.cwd)).toEqual(folders);
  expect(started.map((spec) => spec.breakpoint.path)).toEqual(folders.map((folder) => path.join(folder, 'pricing.py')));
});
