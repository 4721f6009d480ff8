// bpdiff's own Python adapter's hooks (adapters/python/hooks.ts) against a fake python3: which runs it
// leaves to debugpy and why, and the program it starts: as typed, the adapter's folder first on its
// PYTHONPATH, its DAP socket named, bpdiff's limits in the attach.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import hooks, { unservable } from '../../../adapters/python/hooks.js';
import { parsePythonCommand } from '../../../adapters/python/interpreter.js';
import type { LaunchContext, LaunchPlan } from '../../../src/adapters/hooks.js';
import { builtinDefinitions } from '../../../src/adapters/registry.js';
import { defaultCaptureOptions } from '../../../src/core/types.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-python-adapter-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const python = builtinDefinitions().find((definition) => definition.id === 'python')!;

let cases = 0;
const savedPath = process.env.PATH;
let bin = '';
beforeEach(() => {
  bin = path.join(tmp, `case${cases++}`, 'bin');
  fs.mkdirSync(bin, { recursive: true });
  process.env.PATH = bin;
});
afterEach(() => {
  process.env.PATH = savedPath;
});

/** A python3 (or other name) on PATH whose probe answers this version. */
function fakePython(version: [number, number], name = 'python3'): string {
  const file = path.join(bin, name);
  const answer = JSON.stringify({
    executable: file,
    hasDebugpy: false,
    hasBytecode: false,
    debugpyVersion: null,
    version,
    paths: [],
  });
  fs.writeFileSync(file, `#!/bin/sh\necho '${answer}'\n`, { mode: 0o755 });
  return file;
}

function context(argv: string[], env: Record<string, string> = {}): LaunchContext {
  return {
    definition: python,
    spec: {
      side: 'a',
      label: 'A',
      argv,
      cwd: tmp,
      env,
      stdin_file: null,
      breakpoint: { file: 'x.py', line: 1, path: path.join(tmp, 'x.py') },
    },
    options: defaultCaptureOptions({ limits: { max_children: 300, max_variables: 200, value_timeout_seconds: 4 } }),
    signal: new AbortController().signal,
    log: () => undefined,
    tempDir: tmp,
    track: () => undefined,
  };
}

const basePlan: LaunchPlan = {
  launch: {},
  adapterExecutable: 'python3',
  adapterArgs: [],
  adapterEnv: {},
  adapterName: python.name,
  buildMs: null,
  warnings: [],
};

describe("bpdiff's Python adapter: what it leaves to debugpy", () => {
  it('serves CPython 3.8 and later, without -I, -E or -S', () => {
    const interpreter = fakePython([3, 11]);
    const command = (...argv: string[]) => parsePythonCommand(['python3', ...argv], tmp, bin);
    expect(unservable(command('-u', '-X', 'dev', 'x.py'), [3, 8])).toBeNull();
    expect(unservable(command('x.py'), [3, 13])).toBeNull();
    expect(unservable(command('x.py'), [3, 7])).toBe("Python 3.7 is older than bpdiff's Python adapter supports (3.8)");
    expect(unservable(command('-I', 'x.py'), [3, 11])).toBe(
      "python3 runs with -I, which keeps bpdiff's Python adapter from starting in the program (PYTHONPATH ignored)",
    );
    expect(unservable(command('-bE', 'x.py'), [3, 11])).toBe(
      "python3 runs with -bE, which keeps bpdiff's Python adapter from starting in the program (PYTHONPATH ignored)",
    );
    expect(unservable(command('-S', 'x.py'), [3, 11])).toBe(
      "python3 runs with -S, which keeps bpdiff's Python adapter from starting in the program (no site module)",
    );
    expect(interpreter).toBe(path.join(bin, 'python3'));
    fakePython([3, 10], 'pypy3');
    expect(unservable(parsePythonCommand(['pypy3', 'x.py'], tmp, bin), [3, 10])).toBe(
      "pypy3 is PyPy, and bpdiff's Python adapter needs CPython",
    );
  });

  it('defers such a run to debugpy, with the reason for the hints', async () => {
    fakePython([3, 7]);
    expect(await hooks.defer!(context(['python3', 'x.py']))).toEqual({
      adapter: 'debugpy',
      reason:
        "Python 3.7 is older than bpdiff's Python adapter supports (3.8): this run is debugged with debugpy (--adapter debugpy)",
    });
    // (An interpreter's answers are kept per file: another name for another version.)
    fakePython([3, 12], 'python3.12');
    expect(await hooks.defer!(context(['python3.12', 'x.py']))).toBeNull();
  });
});

describe("bpdiff's Python adapter: the program it starts", () => {
  it("starts the command as typed, its socket named, the adapter first on PYTHONPATH, bpdiff's limits in the attach", async () => {
    const interpreter = fakePython([3, 12]);
    const plan = await hooks.prepare!(
      context(['python3', '-u', 'x.py', 'a b'], { PYTHONPATH: '/mine', KEEP: '1' }),
      basePlan,
    );
    expect(plan.request).toBe('attach');
    expect(plan.launch).toEqual({ valueTimeout: 4, maxChildren: 200 });
    expect(plan.program).toEqual({
      executable: interpreter,
      args: ['-u', 'x.py', 'a b'],
      env: {
        KEEP: '1',
        PYTHONPATH: `${path.join(ROOT, 'adapters/python')}:/mine`,
        BPDIFF_DAP_FD: '3',
        PYTHONUNBUFFERED: '1',
        PYTHONIOENCODING: 'utf-8',
        // The same seed in both runs (adapters/python/hash-seed.ts): the environment here sets none.
        PYTHONHASHSEED: '0',
      },
      cwd: tmp,
      stdinFile: null,
      fixedAddresses: true,
    });
    expect(plan.adapterArgs).toEqual([path.join(ROOT, 'adapters/python/sitecustomize.py')]);
    expect(plan.version).toBe(
      (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version,
    );
    expect((await hooks.prepare!(context(['python3', '-m', 'pkg.tool', 'x']), basePlan)).program!.args).toEqual([
      '-m',
      'pkg.tool',
      'x',
    ]);
    expect((await hooks.prepare!(context(['python3', '-c', 'print(1)', 'x']), basePlan)).program!.args).toEqual([
      '-c',
      'print(1)',
      'x',
    ]);
    expect((await hooks.prepare!(context(['python3', 'x.py']), basePlan)).program!.env.PYTHONPATH).toBe(
      path.join(ROOT, 'adapters/python'),
    );
  });
});
