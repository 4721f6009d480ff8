// bpdiff's Java adapter: what the data in adapter.json cannot say.
// - Its class-data archive (the adapter's classes as the JVM maps them at start: about half of its
//   start-up) works only with the JDK build that recorded it, so it is not in the package: it is
//   recorded here, on the first run with a JDK, into the user's cache (src/cache-dir.ts), one per JDK
//   build and adapter jar, and named by `-XX:SharedArchiveFile` (added before the definition's
//   arguments, unless they name an archive of their own) on every run after. Without a cache
//   (BPDIFF_NO_CACHE=1, a read-only home), or when recording fails, the adapter starts without one.
import fs from 'node:fs';
import path from 'node:path';
import type { AdapterHooks, LaunchContext, LaunchPlan } from '../../src/adapters/hooks.js';
import { memoAsync } from '../../src/adapters/memo.js';
import { runProbe } from '../../src/adapters/probe.js';
import { cacheDir, cacheHash, fileStamp } from '../../src/cache-dir.js';

/** The JVM's option that names the archive. */
const ARCHIVE_OPTION = '-XX:SharedArchiveFile=';

/** The time recording may take (the adapter's own warm-up: about a second). */
const RECORD_TIMEOUT_MS = 30_000;

const archives = memoAsync<string | null>();

/**
 * The cached archive for this JDK (the java executable's real path and its libjvm's stamp) and this
 * jar, recorded first when there is none yet; null when there is no cache or it could not be recorded.
 */
export function javaArchive(java: string, jar: string, log: (line: string) => void): Promise<string | null> {
  const folder = cacheDir();
  const jarStamp = fileStamp(jar);
  if (!folder || !jarStamp) return Promise.resolve(null);
  let real = java;
  try {
    real = fs.realpathSync(java);
  } catch {
    // The executable as it was named.
  }
  const jvm = path.resolve(path.dirname(real), '../lib/server/libjvm.so');
  const archive = path.join(
    folder,
    'java-adapter',
    `${cacheHash([real, fileStamp(real), fileStamp(jvm), jar, jarStamp].join('\n'))}.jsa`,
  );
  return archives(archive, async () => {
    if (fs.existsSync(archive)) return archive;
    // Another bpdiff may read the archive at the same moment: written beside it, then renamed.
    const temp = `${archive}.${process.pid}.tmp`;
    try {
      fs.mkdirSync(path.dirname(archive), { recursive: true });
      const recorded = await runProbe(
        java,
        [`-XX:ArchiveClassesAtExit=${temp}`, '-Xlog:cds=off', '-Xlog:cds+dynamic=off', '-jar', jar, '--warm-up'],
        { cwd: path.dirname(archive), timeoutMs: RECORD_TIMEOUT_MS },
      );
      if (recorded.failure || !fs.existsSync(temp)) {
        log(
          `the Java adapter's class-data archive was not recorded (${recorded.failure ?? 'no archive written'}); the adapter starts without it`,
        );
        return null;
      }
      fs.renameSync(temp, archive);
      return archive;
    } catch (error) {
      log(
        `the Java adapter's class-data archive was not recorded (${(error as Error).message.split('\n')[0]}); the adapter starts without it`,
      );
      return null;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  });
}

async function prepare(context: LaunchContext, plan: LaunchPlan): Promise<LaunchPlan> {
  const jarAt = plan.adapterArgs.indexOf('-jar');
  const jar = jarAt >= 0 ? plan.adapterArgs[jarAt + 1] : undefined;
  if (!jar || plan.adapterArgs.some((arg) => arg.startsWith(ARCHIVE_OPTION))) return plan;
  const archive = await javaArchive(plan.adapterExecutable, jar, context.log);
  return archive ? { ...plan, adapterArgs: [`${ARCHIVE_OPTION}${archive}`, ...plan.adapterArgs] } : plan;
}

const hooks: AdapterHooks = { prepare };
export default hooks;
