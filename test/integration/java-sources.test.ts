// Where bpdiff's Java adapter finds the program's sources, and what bpdiff says when it finds none:
// the modules of a Maven or Gradle multi-module build (the walk goes into the module the driver
// calls, and --within takes its files), a source outside the working folder named by --from (known
// for the whole walk), --source-path for the rest, and one line of what to give when no source is found.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXAMPLES, ROOT, describeWithTool, onPath, runBpdiff, type BpdiffRun } from './helpers.js';
import { JAVAC_JVM } from '../../adapters/java/source-launch.js';

const MODULES = path.join(ROOT, 'test/integration/fixtures-java/modules');
const DATA = path.join(EXAMPLES, 'locate/data');
const available = onPath('javac') && fs.existsSync(path.join(ROOT, 'dist/adapters/java/bpdiff-java-adapter.jar'));

function javaFiles(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.java'))
    .map((file) => path.join(folder, file));
}

function expectClean(run: BpdiffRun): void {
  expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
}

describeWithTool(
  'locate: where the Java adapter finds sources',
  'a JDK (apt-get install -y default-jdk-headless) and the built Java adapter',
  available,
  () => {
    let scratch = '';
    let modulesClasses = '';
    let recordsClasses = '';
    let gradle = '';
    beforeAll(() => {
      scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-java-sources-'));
      modulesClasses = path.join(scratch, 'modules-classes');
      execFileSync('javac', [...JAVAC_JVM, '-g', '-d', modulesClasses, ...javaFiles(MODULES)], { stdio: 'pipe' });
      recordsClasses = path.join(scratch, 'records-classes');
      execFileSync(
        'javac',
        [...JAVAC_JVM, '-g', '-d', recordsClasses, path.join(EXAMPLES, 'locate/java/Records.java')],
        {
          stdio: 'pipe',
        },
      );
      // The same modules as a Gradle build: settings.gradle at the root, no pom.xml.
      gradle = path.join(scratch, 'gradle-build');
      fs.cpSync(MODULES, gradle, { recursive: true, filter: (source) => path.basename(source) !== 'pom.xml' });
      fs.writeFileSync(path.join(gradle, 'settings.gradle'), "rootProject.name = 'modules'\ninclude 'core', 'app'\n");
      fs.writeFileSync(
        path.join(gradle, 'app/build.gradle'),
        "plugins { id 'application' }\ndependencies { implementation project(':core') }\n",
      );
    });
    afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

    const driver = (build: string, ...extra: string[]): string[] => [
      'locate',
      '--every-line',
      '--cwd',
      path.join(build, 'app'),
      '--env-b',
      'LEAP=1',
      ...extra,
      '--',
      'java',
      '-cp',
      modulesClasses,
      'com.acme.app.Main',
      '--',
      'java',
      '-cp',
      modulesClasses,
      'com.acme.app.Main',
    ];

    it.each([
      ['Maven', () => MODULES],
      ['Gradle', () => gradle],
    ])(
      'walks from the driver in app into the core module of a %s build, and --within takes its files',
      async (_build, build) => {
        const run = await runBpdiff(driver(build()));
        expectClean(run);
        expect(run.exitCode, run.stderr).toBe(1);
        expect(run.doc!.breakpoint).toEqual({ file: '../core/src/main/java/com/acme/core/Dates.java', line: 9 });
        expect(run.doc!.diff.changed).toEqual({ leap: { a: 'false', b: 'true' } });
        const within = await runBpdiff(driver(build(), '--within', 'core/*'));
        expect(within.exitCode, within.stderr).toBe(1);
        expect(within.doc!.analysis_hints[0]).toBe(
          'the runs part ways at ../core/src/main/java/com/acme/core/Dates.java:9 in Dates.daysIn() (step 2): leap is false in A and true in B',
        );
      },
    );

    const records = (...extra: string[]): string[] => [
      'locate',
      '--every-line',
      '--cwd-a',
      path.join(DATA, 'same'),
      '--cwd-b',
      path.join(DATA, 'changed'),
      ...extra,
      '--',
      'java',
      '-cp',
      recordsClasses,
      'Records',
      'records.csv',
      '--',
      'java',
      '-cp',
      recordsClasses,
      'Records',
      'records.csv',
    ];
    const parted =
      /^the runs part ways at \.\.\/\.\.\/java\/Records\.java:17 in Records\.main\(\) \(14th time on this line; step \d+\): line is .*item-13,7.* in A and .*item-13,9.* in B$/;

    it('walks from --from in a source outside the working folder to where the runs part (never "no divergence in 1 step")', async () => {
      const run = await runBpdiff(records('--from', '../../java/Records.java:14'));
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.analysis_hints[0]).toMatch(parted);
    });

    it('says no source was found for Records.main, and what to give; --source-path then walks it', async () => {
      const none = await runBpdiff(records());
      expectClean(none);
      expect(none.exitCode).toBe(2);
      expect(none.stdout).toBe('');
      expect(none.stderr.trim().split('\n').at(-1)).toBe(
        'bpdiff: no source was found for the code where the runs start (Records.main): the walk cannot compare its lines — give --source-path FOLDER, the folder that holds its sources by their package folders (repeatable), or --from FILE:LINE in its source',
      );
      const given = await runBpdiff(records('--source-path', path.join(EXAMPLES, 'locate/java')));
      expectClean(given);
      expect(given.exitCode, given.stderr).toBe(1);
      expect(given.doc!.analysis_hints[0]).toMatch(parted);
    });

    it('refuses --source-path for an adapter that takes no folders of sources (exit 2, one line)', async () => {
      const run = await runBpdiff([
        'locate',
        '--every-line',
        '--source-path',
        'src',
        '--cwd',
        path.join(DATA, 'same'),
        '--',
        'python3',
        '../../python/records.py',
        '--',
        'python3',
        '../../python/records.py',
      ]);
      expect(run.exitCode).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n').at(-1)).toMatch(
        /^bpdiff: --source-path is for an adapter that looks sources up by their package folders \(the Java adapter\); bpdiff-python-adapter takes no folders of sources — leave --source-path out/,
      );
    });
  },
);
