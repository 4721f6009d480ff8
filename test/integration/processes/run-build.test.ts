import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildTimeoutSeconds,
  runBuild,
  summariseBuildOutput,
  type BuildContext,
} from '../../../src/adapters/run-build.js';
import { defaultCaptureOptions, type RunSpec } from '../../../src/core/types.js';
import { BpdiffError } from '../../../src/errors.js';
import { isAlive } from '../../../src/process/process-tree.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-build-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function context(
  env: Record<string, string> = {},
  signal = new AbortController().signal,
  timeout = 60,
): BuildContext & { logged: string[] } {
  const logged: string[] = [];
  return {
    spec: { env } as RunSpec,
    options: defaultCaptureOptions({ run: { timeout_seconds: timeout } }),
    signal,
    log: (line) => logged.push(line),
    track: () => {},
    logged,
  };
}

const sh = (script: string) => ({
  label: 'make it',
  file: '/bin/sh',
  args: ['-c', script],
  cwd: tmp,
  env: { PATH: process.env.PATH ?? '' },
});

async function failure(promise: Promise<unknown>): Promise<BpdiffError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof BpdiffError) return error;
    throw error;
  }
  throw new Error('expected the build to fail');
}

/** A build whose compiler (a background sleep) writes its pid, so that the test can see it was killed. */
const slowBuild = (pidFile: string) => sh(`sleep 30 & echo $! > ${pidFile}; wait`);

async function pidFrom(file: string): Promise<number> {
  for (let i = 0; i < 100 && !fs.existsSync(file); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  return Number(fs.readFileSync(file, 'utf8'));
}

describe('the build time limit', () => {
  it('is BPDIFF_BUILD_TIMEOUT, the run’s own over bpdiff’s, else the longer of 600 s and --timeout', () => {
    const saved = process.env.BPDIFF_BUILD_TIMEOUT;
    try {
      delete process.env.BPDIFF_BUILD_TIMEOUT;
      expect(buildTimeoutSeconds(context())).toBe(600);
      expect(buildTimeoutSeconds(context({}, undefined, 900))).toBe(900);
      process.env.BPDIFF_BUILD_TIMEOUT = '42';
      expect(buildTimeoutSeconds(context({}, undefined, 900))).toBe(42);
      expect(buildTimeoutSeconds(context({ BPDIFF_BUILD_TIMEOUT: '7.5' }))).toBe(7.5);
      expect(buildTimeoutSeconds(context({ BPDIFF_BUILD_TIMEOUT: 'soon' }))).toBe(600);
    } finally {
      if (saved === undefined) delete process.env.BPDIFF_BUILD_TIMEOUT;
      else process.env.BPDIFF_BUILD_TIMEOUT = saved;
    }
  });
});

describe('runBuild', () => {
  it('returns the output and the time, and logs the command', async () => {
    const run = context();
    const built = await runBuild(run, sh('echo out; echo err >&2'));
    expect(built).toMatchObject({ stdout: 'out', stderr: 'err' });
    expect(built.ms).toBeGreaterThanOrEqual(0);
    expect(run.logged).toEqual(['building: sh -c echo out; echo err >&2']);
  });

  it('says that a build longer than two seconds is still going, with its time', async () => {
    const run = context();
    await runBuild(run, sh('sleep 2.4'));
    expect(run.logged).toEqual(['building: sh -c sleep 2.4', 'still building (2 s)']);
  });

  it('says why a build failed with its last lines, or the line the adapter picks', async () => {
    const goMod = await failure(
      runBuild(
        context(),
        sh('echo "go: errors parsing go.mod:" >&2; echo "go.mod:3: unknown directive: foo" >&2; exit 1'),
      ),
    );
    expect(goMod.code).toBe('BUILD_FAILED');
    expect(goMod.message).toBe(
      `make it failed in ${tmp}: go: errors parsing go.mod: | go.mod:3: unknown directive: foo — run "make it" there to see the whole message`,
    );
    const long = await failure(runBuild(context(), sh('for i in 1 2 3 4 5 6 7; do echo line $i >&2; done; exit 3')));
    expect(long.message).toContain(': line 3 | line 4 | line 5 | line 6 | line 7 — ');
    const picked = await failure(
      runBuild(context(), {
        ...sh('echo "# pkg" >&2; echo "a.go:1:2: bad" >&2; echo "a.go:3:4: worse" >&2; exit 1'),
        firstError: (output) => output.split('\n').find((line) => line.includes('.go:')) ?? null,
      }),
    );
    expect(picked.message).toContain(': a.go:1:2: bad — ');
    expect((await failure(runBuild(context(), sh('exit 4')))).message).toContain(': exit code 4 — ');
  });

  it('says that a build program that is not there did not start', async () => {
    const missing = await failure(
      runBuild(context(), { label: 'make it', file: path.join(tmp, 'no-such-compiler'), args: [], cwd: tmp, env: {} }),
    );
    expect(missing.code).toBe('BUILD_FAILED');
    expect(missing.message).toBe(
      `make it failed in ${tmp}: it did not start (ENOENT) — run "make it" there to see the whole message`,
    );
  });

  it('stops a build that passes its limit, with everything it started', async () => {
    const pidFile = path.join(tmp, 'timeout.pid');
    const build = runBuild(context({ BPDIFF_BUILD_TIMEOUT: '0.3' }), slowBuild(pidFile));
    const compiler = await pidFrom(pidFile);
    const error = await failure(build);
    expect(error.code).toBe('BUILD_TIMEOUT');
    expect((error as BpdiffError & { seconds: number }).seconds).toBe(0.3);
    expect(error.message).toMatch(/^make it did not finish within 0\.3 s — .*BPDIFF_BUILD_TIMEOUT=SECONDS$/);
    expect(isAlive(compiler)).toBe(false);
  });

  it('stops the build on Ctrl-C', async () => {
    const pidFile = path.join(tmp, 'abort.pid');
    const abort = new AbortController();
    const build = runBuild(context({}, abort.signal), slowBuild(pidFile));
    const compiler = await pidFrom(pidFile);
    abort.abort();
    expect((await failure(build)).code).toBe('INTERRUPTED');
    expect(isAlive(compiler)).toBe(false);
    expect((await failure(runBuild(context({}, abort.signal), sh('true')))).code).toBe('INTERRUPTED');
  });
});

describe('summariseBuildOutput', () => {
  it('drops colours and blank lines; null for no output', () => {
    expect(summariseBuildOutput('\x1b[31merror\x1b[0m: x\n\n')).toBe('error: x');
    expect(summariseBuildOutput(' \n')).toBeNull();
  });
});
