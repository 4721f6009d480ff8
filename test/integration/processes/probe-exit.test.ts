// A probe (src/adapters/probe.ts: `lldb --version`, `go version -m`) that its caller stopped waiting
// for (a capture waits 2 s for an adapter's version, the probe's own limit is 5 s) is killed when
// bpdiff exits, not left running alone: a process of bpdiff's own, run through tsx, starts a probe
// that would sleep 30 s (a shell and its child), does not wait for it, and exits.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { ROOT, leftoverProcesses } from '../helpers.js';

describe('runProbe', () => {
  it('kills a probe still running when bpdiff exits', async () => {
    const mark = randomUUID();
    const probe = path.join(ROOT, 'src/adapters/probe.ts');
    const script = `import { runProbe } from ${JSON.stringify(probe)};
void runProbe('/bin/sh', ['-c', 'sleep 30; :'], { cwd: '/', timeoutMs: 60_000, env: { PATH: process.env.PATH, BPDIFF_TEST_MARK: ${JSON.stringify(mark)} } });
setTimeout(() => process.exit(0), 300);`;
    await execa(path.join(ROOT, 'node_modules/.bin/tsx'), ['--eval', script], { cwd: ROOT, stdin: 'ignore' });
    expect(await leftoverProcesses(mark)).toEqual([]);
  });
});
