#!/usr/bin/env node
// Build step: compile bpdiff's Java debug adapter (adapters/java/src, Java over the JDK's JDI) with
// `javac --release 17` into dist/adapters/java/bpdiff-java-adapter.jar. Its class-data archive is not
// made here: it works only with the JDK build that records it, so adapters/java/hooks.ts records it
// where the adapter runs, into the user's cache. Without a JDK it says so in one line and the rest of the build goes on: the Java
// adapter is then missing (bpdiff doctor says how to install it). Skipped when the jar is newer than
// every source.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = path.join(root, 'adapters/java/src');
const outDir = path.join(root, 'dist/adapters/java');
const jar = path.join(outDir, 'bpdiff-java-adapter.jar');

function javaTool(name) {
  const dirs = [
    ...(process.env.JAVA_HOME ? [path.join(process.env.JAVA_HOME, 'bin')] : []),
    ...(process.env.PATH ?? '').split(path.delimiter),
  ];
  for (const dir of dirs) {
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      // next
    }
  }
  return null;
}

function sources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : entry.name.endsWith('.java') ? [full] : [];
  });
}

function run(tool, args) {
  const result = spawnSync(tool, args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error(
      `${path.basename(tool)} ${args.slice(0, 3).join(' ')} ... failed (exit ${result.status ?? result.signal})`,
    );
  }
  return result;
}

const javac = javaTool('javac');
const jarTool = javaTool('jar');
if (!javac || !jarTool) {
  process.stderr.write(
    'build: the Java adapter is not built (no javac/jar: a JDK 17 or later is needed) — install it with: apt-get install -y default-jdk-headless\n',
  );
  process.exit(0);
}

const files = sources(sourceDir);
const newest = Math.max(
  ...files.map((file) => fs.statSync(file).mtimeMs),
  fs.statSync(fileURLToPath(import.meta.url)).mtimeMs,
);
const built = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
if (built(jar) > newest) process.exit(0);

fs.mkdirSync(outDir, { recursive: true });
// A former build's archive, recorded with this machine's JDK: not shipped, not used.
fs.rmSync(path.join(outDir, 'bpdiff-java-adapter.jsa'), { force: true });
const classes = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-java-build-'));
try {
  // -XDstringConcat=inline: string concatenation as StringBuilder calls, not invokedynamic call sites
  // that each link at their first run (as java.base itself is compiled): a cold JVM starts sooner.
  // javac's own JVM on the C1 compiler and the serial collector: a compile of this size ends before
  // C2 or G1's threads pay off (4.5 -> 2.2 s of CPU; adapters/java/source-launch.ts's JAVAC_JVM).
  run(javac, [
    '-J-XX:TieredStopAtLevel=1',
    '-J-XX:+UseSerialGC',
    '--release',
    '17',
    '-g',
    '-encoding',
    'UTF-8',
    '-Xlint:all,-serial',
    '-Werror',
    '-XDstringConcat=inline',
    '-d',
    classes,
    ...files,
  ]);
  fs.rmSync(jar, { force: true });
  run(jarTool, ['--create', '--file', jar, '--main-class', 'bpdiff.jdap.Main', '-C', classes, '.']);
} finally {
  fs.rmSync(classes, { recursive: true, force: true });
}
