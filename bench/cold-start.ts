// `bpdiff --help` against a bare `node -e 0`, interleaved, median of 15 each (target < 2x).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, round, runCommand, type BenchRow } from './lib.js';

const RUNS = 15;

export default async function run(): Promise<BenchRow[]> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const bin = path.join(root, 'dist/src/cli/main.js');
  const bundled = fs.existsSync(path.join(root, 'dist/vendor/yargs.mjs'));
  const node: number[] = [];
  const help: number[] = [];
  // One untimed run of each fills the page cache.
  await runCommand(process.execPath, ['-e', '0']);
  await runCommand(process.execPath, [bin, '--help']);
  for (let i = 0; i < RUNS; i++) {
    node.push(await runCommand(process.execPath, ['-e', '0']));
    help.push(await runCommand(process.execPath, [bin, '--help']));
  }
  const base = median(node);
  const ours = median(help);
  const ratio = ours / base;
  return [
    { name: 'cold-start: node -e 0', value: round(base, 1), unit: 'ms', note: `median of ${RUNS}` },
    { name: 'cold-start: bpdiff --help', value: round(ours, 1), unit: 'ms', note: `median of ${RUNS}; yargs ${bundled ? 'pre-bundled' : 'from node_modules (no dist/vendor bundle)'}` },
    { name: 'cold-start: --help / node -e 0', value: round(ratio, 2), unit: 'x', target: '< 2', ok: ratio < 2 },
  ];
}
