#!/usr/bin/env node
// npm's `prepare`: the build (npm run build), which npm runs after `npm ci` or `npm install` in a
// clone, for `npm pack`, and in a temporary clone for `npm install -g git+https://...`. Two things
// make the last one need more than `npm run build`:
// - npm runs that clone's `npm install` with the global install's settings (npm/cli#8440): it
//   installs the clone into the global folder instead of installing the clone's devDependencies, so
//   the build's tools (esbuild, tsc) are missing. When they are, this installs them into this folder
//   first, from package-lock.json, whatever global, prefix or omit settings npm handed down.
//   (That global `npm install` also links the global folder's bpdiff to the clone while npm unpacks
//   the real install there, so `npm install -g git+URL` still fails in npm 11; `npm pack git+URL`
//   then `npm install -g` of the tarball works: README, "Install".)
// - npm runs `prepare` twice for a git dependency (once in that `npm install`, once to pack it). A
//   build whose inputs have not changed since the last one (a hash of them, kept in dist/) is not
//   run again, so bpdiff is built once.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = path.join(root, 'dist/.build-inputs');
const say = (line) => process.stderr.write(`bpdiff prepare: ${line}\n`);

/** Whether `name` can be loaded from this folder's node_modules. */
function installed(name) {
  try {
    createRequire(path.join(root, 'package.json')).resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

/** npm, as the npm that runs this script (npm_execpath), else the one on PATH. */
function npm(args, env, stdout = 'inherit') {
  const cli = process.env.npm_execpath;
  const [file, argv] = cli && /\.(c?js)$/.test(cli) ? [process.execPath, [cli, ...args]] : ['npm', args];
  return execFileSync(file, argv, { cwd: root, stdio: ['ignore', stdout, 'inherit'], env, encoding: 'utf8' });
}

/** A hash of everything the build reads. */
function buildInputs() {
  const hash = createHash('sha256');
  const visit = (relative) => {
    const full = path.join(root, relative);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isDirectory()) {
      for (const name of fs.readdirSync(full).sort())
        if (!['node_modules', 'dist', '__pycache__'].includes(name)) visit(path.join(relative, name));
    } else {
      hash.update(`${relative}\0`).update(fs.readFileSync(full)).update('\0');
    }
  };
  for (const input of [
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'src',
    'adapters',
    'bench',
    'schema',
    'scripts',
  ])
    visit(input);
  return hash.digest('hex');
}

if (!installed('esbuild') || !installed('typescript')) {
  say(
    'the build tools are not installed here (npm install -g from git does not install them: npm/cli#8440); installing them',
  );
  const env = { ...process.env, npm_config_include: 'dev' };
  for (const key of Object.keys(env)) {
    if (/^npm_config_(global|location|prefix|omit|only|production|dry_run|package_lock_only)$/i.test(key))
      delete env[key];
  }
  delete env.NODE_ENV;
  npm(['ci', '--ignore-scripts', '--include=dev', '--no-audit', '--no-fund', '--prefix', root], env);
}

const inputs = buildInputs();
if (
  fs.existsSync(stampFile) &&
  fs.readFileSync(stampFile, 'utf8') === inputs &&
  fs.existsSync(path.join(root, 'dist/bpdiff.cjs'))
) {
  say('the build is up to date');
} else {
  npm(['run', '--silent', 'build'], process.env);
  fs.writeFileSync(stampFile, inputs);
}
