// Top-level code, which has no local scope: the module scope of an ES module (plain, run by tsx,
// compiled by tsc) and the script scope of a classic script are its locals.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdapterSession, FIXTURES, lineOf, REPO } from './helpers.js';

const DIR = path.join(FIXTURES, 'top-level');
// tsc's output for this file only (dist/ is ignored by git; the bpdiff-level tests build their own).
const OUT = path.join(DIR, 'dist', 'adapter-tests');

let session: AdapterSession | null = null;
afterEach(async () => {
  await session?.finish();
  session = null;
});

beforeAll(() => {
  fs.rmSync(OUT, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', DIR, '--outDir', OUT],
    { stdio: 'pipe' },
  );
});

afterAll(() => {
  fs.rmSync(OUT, { recursive: true, force: true });
  try {
    fs.rmdirSync(path.dirname(OUT));
  } catch {
    // The bpdiff-level tests' output is still in dist/: they remove it.
  }
});

/** Stops at the first line of `file` containing `marker`; the scopes of the top frame and their variables. */
async function scopesAt(
  command: string[],
  file: string,
  marker: string,
): Promise<{ frame: DebugProtocol.StackFrame; scopes: Array<[string, boolean, string[]]> }> {
  session = await AdapterSession.start();
  const line = lineOf(file, marker);
  const result = await session.run({ command, cwd: DIR, breakpoints: [{ path: file, line }] });
  if (!result.stopped) throw new Error(`no stop: ${session.output()}`);
  const frame = await session.topFrame(result.stopped.body.threadId!);
  expect(frame).toMatchObject({ line, source: { path: file } });
  const scopes: Array<[string, boolean, string[]]> = [];
  for (const scope of await session.scopes(frame.id)) {
    const variables = scope.expensive ? [] : await session.children(scope.variablesReference);
    scopes.push([scope.name, scope.expensive, variables.map((variable) => `${variable.name} = ${variable.value}`)]);
  }
  return { frame, scopes };
}

describe('top-level code', () => {
  it('of an ES module reads its module scope as Local, a binding not yet initialised as undefined', async () => {
    const file = path.join(DIR, 'top.mjs');
    const { scopes } = await scopesAt(['node', 'top.mjs', '1'], file, 'console.log(b)');
    expect(scopes).toEqual([
      ['Local', false, ['a = 1', 'b = 2', 'later = undefined']],
      ['Global', true, []],
    ]);
  });

  it('of a TypeScript ES module run by node --import tsx', async () => {
    const file = path.join(DIR, 'top.mts');
    const { scopes } = await scopesAt(['node', '--import', 'tsx', 'top.mts', '3'], file, 'console.log(pair.b)');
    expect(scopes[0]).toEqual(['Local', false, ['a = 3', 'b = 6', 'pair = { a: 3, b: 6 }']]);
  });

  it('of a TypeScript module compiled by tsc to an ES module, the breakpoint on the .ts line', async () => {
    const file = path.join(DIR, 'src', 'top.ts');
    const { scopes } = await scopesAt(['node', path.join(OUT, 'top.js'), '4'], file, 'console.log(pair.b)');
    expect(scopes[0]).toEqual(['Local', false, ['a = 4', 'b = 8', 'pair = { a: 4, b: 8 }']]);
  });

  it('of a classic script reads its script scope as Local (its var stays a global)', async () => {
    const file = path.join(DIR, 'plain.js');
    const { scopes } = await scopesAt(['node', 'script.cjs', '5'], file, 'console.log(twice)');
    expect(scopes).toEqual([
      ['Local', false, ['count = 5', 'twice = 10']],
      ['Global', true, []],
    ]);
  });

  it('inside a block shows the Block scope in front of it, and evaluates with both in scope', async () => {
    const file = path.join(DIR, 'top.mjs');
    const { frame, scopes } = await scopesAt(['node', 'top.mjs', '2'], file, 'console.log(step + a)');
    expect(scopes).toEqual([
      ['Block', false, ['step = 2']],
      ['Local', false, ['a = 2', 'b = 4', 'later = undefined']],
      ['Global', true, []],
    ]);
    expect((await session!.evaluate('step + b', frame.id)).result).toBe('6');
  });
});
