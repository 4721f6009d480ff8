#!/usr/bin/env node
// `npm test`: the build when its inputs changed (scripts/prepare.mjs keeps a hash of them in dist/; a
// clean clone's setup has just built, and the build is 17 s of a 2-core machine), then every test, with
// the type check and the style check running beside the tests instead of before them (tsc is one
// thread: run first, it left a core idle for 14 s). Either check failing stops the tests at once and
// fails `npm test` with its own output, as if it had run first; so does a test failing.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

const built = spawnSync(process.execPath, [path.join(root, 'scripts/prepare.mjs')], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

/** A check run beside the tests: its output kept, and said only when it fails. */
function check(label, file, args) {
  const child = spawn(file, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => resolve({ label, ok: false, output: `${error.message}\n` }));
    child.on('close', (code) => resolve({ label, ok: code === 0, output }));
  });
}

const tests = spawn(bin('vitest'), ['run', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
const testsEnded = new Promise((resolve) => tests.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
/** The check whose failure stopped the tests (said as it came). */
let stoppedBy = null;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => tests.kill(signal));

const checks = [
  check('type check (npm run typecheck)', bin('tsc'), ['-p', 'tsconfig.test.json']),
  check('style check (npm run check:style)', bin('biome'), ['ci', '.']),
];
for (const pending of checks)
  pending.then((result) => {
    if (result.ok || stoppedBy !== null) return;
    stoppedBy = result;
    process.stderr.write(`\nnpm test: the ${result.label} failed; the tests are stopped:\n${result.output}`);
    tests.kill('SIGTERM');
  });

const [code, ...results] = await Promise.all([testsEnded, ...checks]);
const failed = results.filter((result) => !result.ok);
if (failed.length > 0) {
  // The first failure was said as it came; the others are said now.
  for (const result of failed.slice(1))
    process.stderr.write(`\nnpm test: the ${result.label} failed:\n${result.output}`);
  process.exit(1);
}
process.exit(code);
