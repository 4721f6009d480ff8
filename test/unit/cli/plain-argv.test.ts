// The usual command line is read without yargs (src/cli/plain-argv.ts): whatever it reads must give
// the same command as yargs does, and whatever it cannot read goes to yargs (same result, same error).
import { describe, expect, it } from 'vitest';
import { parseArgs, type CliCommand } from '../../../src/cli/parse-args.js';
import { readPlainArgv } from '../../../src/cli/plain-argv.js';
import { loadYargs } from '../../../src/cli/load-yargs.js';
import { declarationsFor } from '../../../src/options/declarations.js';
import { splitArgv } from '../../../src/cli/split-argv.js';

const CMDS = ['--', 'python3', 'a.py', '--', 'python3', 'b.py'];

/** The command parseArgs makes of argv, or the error it throws, as text. */
async function outcome(argv: string[], throughYargs: boolean): Promise<CliCommand | string> {
  try {
    return await parseArgs(argv, throughYargs ? await loadYargs() : undefined, '/');
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
}

const plainLines: string[][] = [
  ['--bp', 'x.py:3'],
  ['--bp=x.py:3', '--condition', 'qty > 3'],
  ['--bp', 'x.py:3', '--condition=a == b', '-q', '-o', 'out.json'],
  ['--bp-a', 'x.py:3', '--bp-b', 'y.py:9', '--cwd-a', 'v1', '--cwd-b', 'v2', '--label-a', 'main', '--label-b', ''],
  ['--bp', 'x.py:3', '--env', 'A=1', '--env', 'B=2', '--env-a', 'C=3', '--env-b=D=4'],
  ['--bp', 'x.py:3', '--ignore', 'tmp*', '--ignore', 'cache', '--only', 'order.*', '--redact', 'pin'],
  [
    '--bp',
    'x.py:3',
    '--depth',
    '2',
    '--max-children',
    '50',
    '--max-variables',
    '900',
    '--max-value-length',
    '80',
    '--timeout',
    '9.5',
    '--value-timeout',
    '1',
  ],
  ['--bp', 'x.py:3', '--format', 'text', '--fail-on', 'changed', '--max-output-bytes', '4096', '--color', 'never'],
  [
    '--bp',
    'x.py:3',
    '--tolerance',
    '1%',
    '--normalize',
    's/[0-9]+/N/',
    '--raw-values',
    '--no-redact',
    '--exact-line',
    '--scope',
    'globals',
  ],
  ['--bp', 'x.py:3', '--watch', 'len(items)', '--watch', 'total', '--watch-only', '--hit', '3'],
  [
    '--bp',
    'x.py:3',
    '--first-divergence',
    '--max-hits',
    '40',
    '--save-captures',
    'caps',
    '--stdin-a',
    'in.txt',
    '--stdin-b',
    'in2.txt',
  ],
  ['--baseline', 'base.json', '--bp', 'x.py:3'],
  ['--bp', 'x.py:3', '--adapter', 'python', '--adapter-config', 'a.json', '--adapter-path', '/usr/bin/x'],
  // Mistakes yargs does not see, which the values' own checks word.
  ['--bp', 'x.py'],
  ['--bp', 'x.py:3', '--depth', 'many'],
  ['--bp', 'x.py:3', '--bp', 'y.py:4'],
  ['--bp', 'x.py:3', '--format', 'yaml'],
  ['--bp', 'x.py:3', '--env', 'NOEQUALS'],
];

const yargsLines: string[][] = [
  [],
  ['--help'],
  ['-h'],
  ['--version'],
  ['--bp', 'x.py:3', '--help'],
  ['--bp'],
  ['--bp', 'x.py:3', '--condition', '-1 < x'],
  ['--bp', 'x.py:3', '--quiet', '--quiet'],
  ['--bp', 'x.py:3', '--quiet=true'],
  ['--bp', 'x.py:3', '--quiet', 'true'],
  ['--bp', 'x.py:3', '-qo', 'out.json'],
  ['--bp', 'x.py:3', '--unknown', '1'],
  ['--bp', 'x.py:3', '--record'],
  ['--bp', 'x.py:3', 'python3'],
  ['diff', 'a.json', 'b.json'],
  ['capture', '--bp', 'x.py:3'],
];

describe('readPlainArgv', () => {
  it.each(plainLines.map((line) => [line.join(' '), line]))('reads %s plainly, as yargs does', async (_name, line) => {
    expect(readPlainArgv(splitArgv([...line, ...CMDS]).options, declarationsFor('compare'))).not.toBeNull();
    expect(await outcome([...line, ...CMDS], false)).toEqual(await outcome([...line, ...CMDS], true));
  });

  it.each(yargsLines.map((line) => [line.join(' ') || '(nothing)', line]))(
    'leaves %s to yargs',
    async (_name, line) => {
      const argv = line[0] === 'diff' ? line : [...line, ...CMDS];
      expect(readPlainArgv(splitArgv(argv).options, declarationsFor('compare'))).toBeNull();
      expect(await outcome(argv, false)).toEqual(await outcome(argv, true));
    },
  );

  it('gives a repeated flag its values in order, as yargs does', () => {
    expect(readPlainArgv(['--env', 'A=1', '--env=B=2', '--env', 'C=3', '-q'], declarationsFor('compare'))).toEqual({
      _: [],
      env: ['A=1', 'B=2', 'C=3'],
      quiet: true,
    });
  });
});
