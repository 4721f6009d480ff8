// The Java adapter's class-data archive, recorded where the adapter runs: the package holds none (an
// archive maps only into the JDK build that recorded it); the first run records one into the user's
// cache, for this JDK, and every run after names the same file; the JVM maps it (-Xshare:on refuses an
// archive it cannot use); without a cache the adapter starts without one.
import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { expect, it } from 'vitest';
import { runBpdiff } from '../../../test/integration/helpers.js';
import { EXAMPLES, JAR, describeWithJava, tempFolder } from './helpers.js';

const PRICING = path.join(EXAMPLES, 'java', 'pricing');

function compareRates(cache: string, env: Record<string, string> = {}) {
  const command = ['java', 'Pricing.java', '10'];
  return runBpdiff(
    [
      '-q',
      '--bp',
      'Pricing.java:33',
      '--condition',
      'item.qty() > 3',
      '--cwd-a',
      path.join(PRICING, 'v1'),
      '--cwd-b',
      path.join(PRICING, 'v2'),
      '--',
      ...command,
      '--',
      ...command,
    ],
    {
      env: { XDG_CACHE_HOME: cache, ...env },
    },
  );
}

function archives(cache: string): string[] {
  const folder = path.join(cache, 'bpdiff', 'java-adapter');
  return fs.existsSync(folder) ? fs.readdirSync(folder).map((file) => path.join(folder, file)) : [];
}

describeWithJava('Java adapter: its class-data archive', () => {
  it("is recorded on the first run into the user's cache, once for both runs, used by the next run, and maps into this JDK", async () => {
    expect(fs.existsSync(path.join(path.dirname(JAR), 'bpdiff-java-adapter.jsa'))).toBe(false);
    const cache = tempFolder('bpdiff-java-archive-');
    const first = await compareRates(cache);
    expect(first.exitCode, first.stderr).toBe(1);
    expect(first.doc?.diff.changed['rate']).toEqual({ a: '0.1', b: '1.0' });
    const recorded = archives(cache);
    expect(recorded.map((file) => path.basename(file))).toEqual([expect.stringMatching(/^[0-9a-f]{16}\.jsa$/)]);
    const stamp = fs.statSync(recorded[0]!).mtimeMs;

    const second = await compareRates(cache);
    expect(second.exitCode, second.stderr).toBe(1);
    expect(second.leftovers).toEqual([]);
    expect(archives(cache)).toEqual(recorded);
    expect(fs.statSync(recorded[0]!).mtimeMs).toBe(stamp);

    // -Xshare:on: the JVM stops rather than start without an archive it cannot map.
    const mapped = await execa(
      'java',
      ['-Xshare:on', `-XX:SharedArchiveFile=${recorded[0]}`, '-Xlog:cds=warning', '-jar', JAR, '--warm-up'],
      { reject: false, stdin: 'ignore' },
    );
    expect(mapped.exitCode, mapped.stdout + mapped.stderr).toBe(0);
    const notThisJdk = path.join(cache, 'other.jsa');
    fs.writeFileSync(notThisJdk, Buffer.alloc(4096, 1));
    const refused = await execa(
      'java',
      ['-Xshare:on', `-XX:SharedArchiveFile=${notThisJdk}`, '-jar', JAR, '--warm-up'],
      { reject: false, stdin: 'ignore' },
    );
    expect(refused.exitCode).not.toBe(0);
  });

  it('is not recorded without a cache (BPDIFF_NO_CACHE=1), and the adapter starts without one', async () => {
    const cache = tempFolder('bpdiff-java-archive-');
    const run = await compareRates(cache, { BPDIFF_NO_CACHE: '1' });
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.doc?.diff.changed['rate']).toEqual({ a: '0.1', b: '1.0' });
    expect(archives(cache)).toEqual([]);
  });
});
