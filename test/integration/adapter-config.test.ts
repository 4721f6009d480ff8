// --adapter-config: a debug adapter bpdiff does not ship, described by data alone. The definition is
// the built-in lldb one (adapters/lldb/adapter.json) with its code hooks removed and a name of its
// own, exactly as the README's worked example shows, so it proves that the format needs no code for
// a plain stdio adapter.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findFirstExecutable } from '../../src/adapters/find-executable.js';
import { validateComparison } from '../../src/core/schemas.js';
import { EXAMPLES, ROOT, describeWithTool, runBpdiff } from './helpers.js';

const C = path.join(EXAMPLES, 'c');
const lldbDap = findFirstExecutable(['lldb-dap', 'lldb-dap-*', 'lldb-vscode'], ROOT);
let dir: string;
let config: string;

beforeAll(async () => {
  await execa('make', ['-s', '-C', C], { stdin: 'ignore' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-config-'));
  const definition = JSON.parse(fs.readFileSync(path.join(ROOT, 'adapters/lldb/adapter.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  delete definition.hooks;
  delete definition.$comment;
  Object.assign(definition, {
    id: 'my-lldb',
    name: 'my lldb-dap',
    adapter: { ...(definition.adapter as object), executables: [lldbDap ?? 'lldb-dap'] },
  });
  config = path.join(dir, 'my-lldb.json');
  fs.writeFileSync(config, JSON.stringify(definition, null, 2));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describeWithTool('a user-defined adapter from --adapter-config', 'lldb-dap', lldbDap !== null, () => {
  it('compares two builds with a data-only definition', async () => {
    const run = await runBpdiff([
      '--adapter-config',
      config,
      '--bp',
      'inventory.c:52',
      '--condition',
      '(int)strcmp(line->sku, "mug-l") == 0',
      '--cwd-a',
      path.join(C, 'v1'),
      '--cwd-b',
      path.join(C, 'v2'),
      '--',
      '../build/v1/inventory',
      'tea:4',
      'mug-l:3',
      'mug-s:2',
      '--',
      '../build/v2/inventory',
      'tea:4',
      'mug-l:3',
      'mug-s:2',
    ]);
    expect(run.leftovers).toEqual([]);
    expect(validateComparison(run.doc).errors).toEqual([]);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.doc!.diff.changed['it->qty']).toEqual({ a: '5', b: '2' });
    expect(run.stderr).toMatch(/starting my lldb-dap/);
  });

  it('walks hits with it too: --hit and --first-divergence with --watch', async () => {
    const loop = path.join(ROOT, 'test/integration/fixtures-hits/loop.c');
    const binary = path.join(dir, 'loop');
    await execa('cc', ['-g', '-O0', '-o', binary, loop], { stdin: 'ignore' });
    const third = await runBpdiff([
      '--adapter-config',
      config,
      '--bp',
      `${loop}:11`,
      '--hit',
      '3',
      '--',
      binary,
      '10',
      '99',
      '--',
      binary,
      '10',
      '99',
    ]);
    expect(third.leftovers).toEqual([]);
    expect(third.exitCode, third.stderr).toBe(0);
    expect(third.doc!.run_a.variables['i']).toBe('2');
    const walk = await runBpdiff([
      '--adapter-config',
      config,
      '--bp',
      `${loop}:11`,
      '--first-divergence',
      '--watch',
      'step',
      '--watch-only',
      '--',
      binary,
      '10',
      '5',
      '--',
      binary,
      '10',
      '99',
    ]);
    expect(walk.leftovers).toEqual([]);
    expect(walk.exitCode, walk.stderr).toBe(1);
    expect(walk.doc!.diff.changed).toEqual({ step: { a: '6', b: '5' } });
    expect(walk.doc!.analysis_hints.join('\n')).toContain(
      'first divergence at hit 6: the runs agree for hits 1-5 and part ways at hit 6',
    );
  });

  it('names the wrong field of a broken definition, exit 2', async () => {
    const broken = path.join(dir, 'broken.json');
    fs.writeFileSync(
      broken,
      JSON.stringify({
        ...JSON.parse(fs.readFileSync(config, 'utf8')),
        adapter: { transport: 'stdio', executables: [] },
      }),
    );
    const run = await runBpdiff([
      '--quiet',
      '--adapter-config',
      broken,
      '--bp',
      'inventory.c:52',
      '--cwd',
      path.join(C, 'v1'),
      '--',
      '../build/v1/inventory',
      '--',
      '../build/v1/inventory',
    ]);
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toMatch(
      /^bpdiff: .*broken\.json: "adapter.executables" must not be empty — see schema\/adapter-definition\.schema\.json$/m,
    );
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});
