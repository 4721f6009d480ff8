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
import { whichSync } from '../../src/adapters/find-executable.js';
import { memoAsync } from '../../src/adapters/memo.js';
import { runProbe } from '../../src/adapters/probe.js';
import { buildOnce, runBuild } from '../../src/adapters/run-build.js';
import { runEnvironment } from '../../src/adapters/run-env.js';
import { cacheDir, cacheHash, fileStamp } from '../../src/cache-dir.js';
import { BpdiffError } from '../../src/errors.js';
import { firstTopLevelType, JAVAC_JVM, plainSourceLaunch } from './source-launch.js';

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
  const [withArchive, launch] = await Promise.all([adapterArchive(context, plan), compiledOnce(context, plan)]);
  return { ...withArchive, launch };
}

/** The plan with the adapter's class-data archive named, where there is one. */
async function adapterArchive(context: LaunchContext, plan: LaunchPlan): Promise<LaunchPlan> {
  const jarAt = plan.adapterArgs.indexOf('-jar');
  const jar = jarAt >= 0 ? plan.adapterArgs[jarAt + 1] : undefined;
  if (!jar || plan.adapterArgs.some((arg) => arg.startsWith(ARCHIVE_OPTION))) return plan;
  const archive = await javaArchive(plan.adapterExecutable, jar, context.log);
  return archive ? { ...plan, adapterArgs: [`${ARCHIVE_OPTION}${archive}`, ...plan.adapterArgs] } : plan;
}

/**
 * The launch, with a source-file command (`java Main.java`) compiled once per comparison and started
 * from its classes (source-launch.ts); the launch as it was where the command is another, or in a form
 * not taken, or BPDIFF_JAVA_SOURCE_LAUNCHER=1 asks for the JDK's source launcher, or javac is missing
 * beside the java that runs it, or it fails (the source launcher then reports the error as it would).
 */
async function compiledOnce(context: LaunchContext, plan: LaunchPlan): Promise<Record<string, unknown>> {
  const { launch } = plan;
  const command = launch['command'];
  const env = runEnvironment(context.spec);
  if (!Array.isArray(command) || env['BPDIFF_JAVA_SOURCE_LAUNCHER'] === '1') return launch;
  const parts = plainSourceLaunch(command as string[], env);
  const cwd = context.spec.cwd;
  const java = parts ? whichSync(command[0] as string, cwd, env['PATH']) : null;
  if (!parts || !java) return launch;
  const file = path.resolve(cwd, parts.file);
  let javac: string;
  let main: string | null;
  try {
    javac = path.join(path.dirname(fs.realpathSync(java)), 'javac');
    main = firstTopLevelType(fs.readFileSync(file, 'utf8'));
  } catch {
    return launch;
  }
  if (main === null || !fs.existsSync(javac)) return launch;
  const mainClass = main;
  // The source launcher's class path: the one given, else the JVM's default, the working folder (its
  // classes and resources are the program's, at compile time and at run time).
  const given = parts.classPath ?? '.';
  try {
    const classes = await buildOnce(context, { javac, file, classPath: given, cwd }, async (dir) => {
      await runBuild(context, {
        label: 'javac',
        file: javac,
        // No annotation processing and no source path, as the source launcher compiles: the one file,
        // against its class path.
        args: [...JAVAC_JVM, '-g', '-proc:none', '-implicit:none', '-sourcepath', dir, '-cp', given, '-d', dir, file],
        cwd,
        env,
      });
      if (!fs.existsSync(path.join(dir, `${mainClass}.class`)))
        throw new BpdiffError('BUILD_FAILED', `javac wrote no ${mainClass}.class`);
      return dir;
    });
    context.log(
      `${parts.file} compiled once for the comparison (javac -g), started as java -cp <its classes> ${mainClass}; BPDIFF_JAVA_SOURCE_LAUNCHER=1 keeps the JDK's source launcher`,
    );
    // The given class path first: the source launcher's loader asks its parent, the application's, first.
    const classPath = `${given}${path.delimiter}${classes}`;
    const sourcePaths = Array.isArray(launch['sourcePaths']) ? (launch['sourcePaths'] as string[]) : [];
    return {
      ...launch,
      command: [command[0], ...parts.options, '-cp', classPath, mainClass, ...parts.args],
      // The adapter finds the file beside the classes' source name (the command no longer names it).
      sourcePaths: [...sourcePaths, path.dirname(file)],
    };
  } catch (error) {
    if (context.signal.aborted) throw error;
    context.log(`${parts.file} is started by the JDK's source launcher (${(error as Error).message.split('\n')[0]})`);
    return launch;
  }
}

const hooks: AdapterHooks = { prepare };
export default hooks;
