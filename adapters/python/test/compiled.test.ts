// The build compiles bpdiff's Python adapter (scripts/compile-python.mjs) with the machine's python3: a
// program that may not write compiled files (PYTHONDONTWRITEBYTECODE, as in many containers) reads the
// build's instead of compiling the adapter at every start (~20 ms of a 0.2 s capture pair).
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { LIGHT } from './helpers.js';

describe('light adapter: compiled by the build', () => {
  it("loads the adapter's modules from the build's compiled files where Python may not write its own", async () => {
    // What the adapter loads in a program it starts in, and for a stream of steps and of hits.
    const { stderr } = await execa(
      'python3',
      ['-v', '-c', 'import _bpdiff_light.bootstrap, _bpdiff_light.steps, _bpdiff_light.hits'],
      { cwd: LIGHT, env: { PYTHONDONTWRITEBYTECODE: '1', PYTHONPATH: LIGHT }, stdin: 'ignore' },
    );
    // Python says where each module's code came from: a compiled file ('...pyc'), or its source compiled now.
    const loaded = [...stderr.matchAll(/^# code object from '?(.+?)'?$/gm)]
      .map((match) => match[1]!)
      .filter((file) => file.includes(`${path.sep}_bpdiff_light${path.sep}`));
    expect(loaded.length).toBeGreaterThan(15);
    expect(loaded.filter((file) => !/__pycache__[\\/]\w+\.cpython-\d+\.pyc$/.test(file))).toEqual([]);
  });
});
