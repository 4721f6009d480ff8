// The Python hook's repr limit (adapters/debugpy/sitecustomize.py, part 4) on pydevd's own SafeRepr,
// without an adapter: a slow repr reads as timed out, one that raises as its error, and without
// BPDIFF_VALUE_TIMEOUT pydevd is left as it was.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { debugpyModulesFolder } from './debugpy-modules.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PYDEVD = '/usr/lib/python3/dist-packages/debugpy/_vendored/pydevd';

const PROGRAM = `
import sys, time
sys.path.insert(0, ${JSON.stringify(PYDEVD)})
from _pydevd_bundle.pydevd_safe_repr import SafeRepr

class Slow:
    def __repr__(self):
        time.sleep(3)
        return "Slow()"

class Raising:
    def __repr__(self):
        raise ValueError("no repr for you")

start = time.time()
print(SafeRepr()(Slow()))
print(round(time.time() - start))
print(SafeRepr()(Raising()))
print(SafeRepr()([Raising(), 1]))
print(SafeRepr()(5), SafeRepr()({"a": [1, 2]}))
`;

async function reprs(env: Record<string, string>): Promise<string[]> {
  const { stdout } = await execa('python3', ['-c', PROGRAM], {
    env: { ...env, PYTHONPATH: [path.join(ROOT, 'adapters/debugpy'), debugpyModulesFolder()].join(path.delimiter) },
    extendEnv: false,
    stdin: 'ignore',
    timeout: 20_000,
  });
  return stdout.split('\n');
}

describe.skipIf(!fs.existsSync(PYDEVD))('the Python repr limit', () => {
  it('reads a slow repr as timed out and one that raises as its error', async () => {
    expect(await reprs({ BPDIFF_VALUE_TIMEOUT: '0.5' })).toEqual([
      '<timed out after 0.5 s>',
      '1',
      '<error: repr raised ValueError: no repr for you>',
      '[<error: repr raised ValueError: no repr for you>, 1]',
      "5 {'a': [1, 2]}",
    ]);
  });

  it('leaves pydevd as it was without BPDIFF_VALUE_TIMEOUT', async () => {
    const lines = await reprs({});
    expect(lines.slice(0, 2)).toEqual(['Slow()', '3']);
    expect(lines[2]).toMatch(/^<__main__\.Raising object at 0x[0-9a-f]+>$/);
  });
});
