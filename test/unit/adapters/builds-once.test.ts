// The builds of one comparison (src/adapters/run-build.ts Builds, buildOnce): made once for the same
// inputs, shared by starts that ask at the same time, made again after a failure, removed at the end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Builds, buildOnce } from '../../../src/adapters/run-build.js';

/** A build that writes its output into the folder it is given and counts how often it ran. */
function counted(): { runs: string[]; build: (dir: string) => Promise<string> } {
  const runs: string[] = [];
  return {
    runs,
    build: async (dir) => {
      runs.push(dir);
      const output = path.join(dir, 'program');
      fs.writeFileSync(output, 'built');
      return output;
    },
  };
}

describe('Builds', () => {
  it('makes a build once for the same inputs, and again for other inputs', async () => {
    const builds = new Builds();
    const { runs, build } = counted();
    const first = await buildOnce({ builds, tempDir: '/nowhere' }, { cwd: '/a', argv: ['go', 'run', '.'] }, build);
    const again = await buildOnce({ builds, tempDir: '/nowhere' }, { cwd: '/a', argv: ['go', 'run', '.'] }, build);
    const other = await buildOnce({ builds, tempDir: '/nowhere' }, { cwd: '/b', argv: ['go', 'run', '.'] }, build);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(runs).toHaveLength(2);
    expect(fs.readFileSync(first, 'utf8')).toBe('built');
    builds.dispose();
  });

  it('shares one build between starts that ask for it at the same time (both runs of one folder)', async () => {
    const builds = new Builds();
    const { runs, build } = counted();
    const [a, b] = await Promise.all([builds.once('same', build), builds.once('same', build)]);
    expect(a).toBe(b);
    expect(runs).toHaveLength(1);
    builds.dispose();
  });

  it('makes a build that failed again at the next start, which then says why it fails or succeeds', async () => {
    const builds = new Builds();
    let tries = 0;
    const flaky = async (dir: string): Promise<string> => {
      tries++;
      if (tries === 1) throw new Error('go build failed');
      return dir;
    };
    await expect(builds.once('key', flaky)).rejects.toThrow('go build failed');
    await expect(builds.once('key', flaky)).resolves.toMatch(/build-/);
    expect(tries).toBe(2);
    builds.dispose();
  });

  it('removes every build it made when the comparison ends, and makes them again after', async () => {
    const builds = new Builds();
    const { runs, build } = counted();
    const output = await builds.once('key', build);
    expect(fs.existsSync(output)).toBe(true);
    builds.dispose();
    expect(fs.existsSync(output)).toBe(false);
    expect(fs.existsSync(path.dirname(path.dirname(output)))).toBe(false);
    const rebuilt = await builds.once('key', build);
    expect(fs.existsSync(rebuilt)).toBe(true);
    expect(runs).toHaveLength(2);
    builds.dispose();
  });

  it("without the comparison's builds, builds into the run's own folder each time", async () => {
    const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-builds-test-'));
    try {
      const { runs, build } = counted();
      await buildOnce({ tempDir }, { cwd: '/a' }, build);
      await buildOnce({ tempDir }, { cwd: '/a' }, build);
      expect(runs).toEqual([tempDir, tempDir]);
    } finally {
      fs.rmSync(tempDir, { recursive: true, force: true });
    }
  });
});
