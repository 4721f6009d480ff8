// One line per case: argv in, the parsed command (or the one-line error) out.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs, type CliCommand, type LiveArgs } from '../../../src/cli/parse-args.js';
import { splitArgv } from '../../../src/cli/split-argv.js';
import { BpdiffError } from '../../../src/errors.js';

const CMDS = ['--', 'python3', 'a.py', '--', 'python3', 'b.py'];
const compare = async (...flags: string[]): Promise<LiveArgs> => {
  const command = await parseArgs([...flags, ...CMDS]);
  if (command.kind !== 'compare') throw new Error(`expected compare, got ${command.kind}`);
  return command.args;
};
const failure = async (argv: string[]): Promise<string> => {
  try {
    await parseArgs(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(BpdiffError);
    expect((error as BpdiffError).message).not.toContain('\n');
    expect((error as BpdiffError).message).toContain(' — ');
    return `${(error as BpdiffError).code}: ${(error as BpdiffError).message}`;
  }
  throw new Error(`parseArgs(${JSON.stringify(argv)}) did not fail`);
};

describe('splitArgv', () => {
  it.each([
    [[], { options: [], commands: [] }],
    [['--bp', 'x:1'], { options: ['--bp', 'x:1'], commands: [] }],
    [
      ['--bp', 'x:1', '--', 'a', '-v', '--', 'b', '--x'],
      {
        options: ['--bp', 'x:1'],
        commands: [
          ['a', '-v'],
          ['b', '--x'],
        ],
      },
    ],
    [['--', '--', 'b'], { options: [], commands: [[], ['b']] }],
    [['--', 'a', '--', 'b', '--', 'c'], { options: [], commands: [['a'], ['b'], ['c']] }],
    // A command's own `--` is written `\--`; one backslash less for each extra one.
    [
      ['--', 'cargo', 'run', '\\--', '3', '--', 'npm', 'run', 'x', '\\\\--', '\\-x'],
      {
        options: [],
        commands: [
          ['cargo', 'run', '--', '3'],
          ['npm', 'run', 'x', '\\--', '\\-x'],
        ],
      },
    ],
  ])('%j', (argv, expected) => expect(splitArgv(argv)).toEqual(expected));
});

describe("parseArgs: a live comparison becomes the library's input", () => {
  it('defaults', async () =>
    expect(await compare('--bp', 'src/x.py:40')).toEqual({
      input: { bp: 'src/x.py:40', run_a: { command: ['python3', 'a.py'] }, run_b: { command: ['python3', 'b.py'] } },
      plan: expect.objectContaining({ kind: 'compare' }),
      quiet: false,
      output: {
        format: 'json',
        formatAsked: false,
        failOn: 'any',
        outputFile: null,
        also: [],
        maxOutputBytes: null,
        color: 'auto',
      },
      saveCaptures: null,
      warnings: [],
      config: null,
    } satisfies LiveArgs));
  it('warns about bpdiff flags given to program B', async () => {
    const command = await parseArgs([
      '--bp',
      'x:1',
      '--',
      'python3',
      'x.py',
      '--',
      'python3',
      'x.py',
      '--format',
      'text',
      '-o',
      'r.json',
    ]);
    expect(command).toMatchObject({
      args: {
        warnings: [
          "warning: --format -o come after the second --, so they went to program B, not to bpdiff — put bpdiff's options before the first --",
        ],
      },
    });
    const same = await parseArgs(['--bp', 'x:1', '--', 'app', '--timeout', '3', '--', 'app', '--timeout', '3']);
    expect(same).toMatchObject({ args: { warnings: [] } });
  });
  it('condition', async () =>
    expect((await compare('--bp', 'x.py:3', '--condition', 'n > 3')).input).toMatchObject({
      bp: 'x.py:3',
      condition: 'n > 3',
    }));
  it('the plan: the command line read once, its values typed', async () => {
    const { plan } = await compare(
      '--bp',
      'x.py:3',
      '--condition',
      'n > 3',
      '--fail-on',
      'changed',
      '--max-output-bytes',
      '4096',
      '--depth',
      '2',
    );
    expect(plan).toMatchObject({
      kind: 'compare',
      report: { failOn: 'changed', maxOutputBytes: 4096 },
      options: { limits: { depth: 2 } },
      runs: [{ breakpoint: { file: 'x.py', line: 3, condition: 'n > 3' } }, { breakpoint: { condition: 'n > 3' } }],
    });
  });
  it("a breakpoint of each run's own", async () =>
    expect((await compare('--bp-a', 'x.py:3', '--bp-b', 'x.py:5', '--condition', 'n')).input).toMatchObject({
      condition: 'n',
      run_a: { bp: 'x.py:3' },
      run_b: { bp: 'x.py:5' },
    }));
  it('--bp for one run, --bp-b for the other', async () =>
    expect((await compare('--bp', 'x.py:3', '--bp-b', 'y.py:5')).input).toMatchObject({
      bp: 'x.py:3',
      run_b: { bp: 'y.py:5' },
    }));
  it('labels', async () =>
    expect((await compare('--bp', 'x:1', '--label-a', 'main', '--label-b', 'feature')).input).toMatchObject({
      run_a: { label: 'main' },
      run_b: { label: 'feature' },
    }));
  it('cwd', async () =>
    expect((await compare('--bp', 'x:1', '--cwd', 'w', '--cwd-b', '../b')).input).toMatchObject({
      cwd: 'w',
      run_b: { cwd: '../b' },
    }));
  it('env, repeated and per run, as typed', async () =>
    expect(
      (await compare('--bp', 'x:1', '--env', 'A=1', '--env', 'B=x=y', '--env-a', 'A=2', '--env-b', 'E=')).input,
    ).toMatchObject({ env: ['A=1', 'B=x=y'], run_a: { env: 'A=2' }, run_b: { env: 'E=' } }));
  it('stdin, shared and per run', async () =>
    expect((await compare('--bp', 'x:1', '--stdin', 'in.txt', '--stdin-b', 'in2.txt')).input).toMatchObject({
      stdin_file: 'in.txt',
      run_b: { stdin_file: 'in2.txt' },
    }));
  it('capture options by their snake_case names, as typed', async () =>
    expect(
      (
        await compare(
          '--bp',
          'x:1',
          '--ignore',
          '*.created_at',
          '--ignore',
          't.common',
          '--max-variables',
          '50',
          '--value-timeout',
          '0.5',
          '--raw-values',
          '--adapter-path',
          '/opt/dap',
          '--fail-on',
          'changed',
        )
      ).input,
    ).toMatchObject({
      ignore: ['*.created_at', 't.common'],
      max_variables: '50',
      value_timeout: '0.5',
      raw_values: true,
      adapter_path: '/opt/dap',
      fail_on: 'changed',
    }));
  it('--baseline: run A is the baseline, named by --label-a', async () =>
    expect(
      (await parseArgs(['--baseline', 'b.json', '--label-a', 'main', '--', 'python3', 'x.py'])) as CliCommand,
    ).toMatchObject({
      args: { input: { baseline: 'b.json', run_a: { label: 'main' }, run_b: { command: ['python3', 'x.py'] } } },
    }));
  it('output', async () =>
    expect((await compare('--bp', 'x:1', '--format', 'text', '-o', 'out.json')).output).toEqual({
      format: 'text',
      formatAsked: true,
      failOn: 'any',
      outputFile: 'out.json',
      also: [],
      maxOutputBytes: null,
      color: 'auto',
    }));
  it('--fail-on and --format markdown', async () =>
    expect((await compare('--bp', 'x:1', '--format', 'markdown', '--fail-on', 'changed')).output).toEqual({
      format: 'markdown',
      formatAsked: true,
      failOn: 'changed',
      outputFile: null,
      also: [],
      maxOutputBytes: null,
      color: 'auto',
    }));
  it('--format twice, each with its -o but one, and --summary', async () =>
    expect(
      (await compare('--bp', 'x:1', '--format', 'markdown', '-o', 's.md', '--format', 'github', '--summary', 'sum.md'))
        .output,
    ).toEqual({
      format: 'github',
      formatAsked: true,
      failOn: 'any',
      outputFile: null,
      also: [
        { format: 'markdown', file: 's.md' },
        { format: 'markdown', file: 'sum.md' },
      ],
      maxOutputBytes: null,
      color: 'auto',
    }));
  it('one format on stdout at most, one -o per format at most', async () => {
    await expect(compare('--bp', 'x:1', '--format', 'text', '--format', 'github')).rejects.toThrow(
      'text and github would all go to stdout',
    );
    await expect(compare('--bp', 'x:1', '-o', 'a', '-o', 'b')).rejects.toThrow('-o is given 2 times for 1 --format');
  });
  it('save captures', async () =>
    expect((await compare('--bp', 'x:1', '--save-captures', 'caps')).saveCaptures).toBe('caps'));
  it('a command keeps its own flags and dashes', async () =>
    expect(
      (await parseArgs(['--bp', 'x:1', '--', 'node', '--inspect', 'x.js', '-v', '--', 'node', '--help'])) as CliCommand,
    ).toMatchObject({
      args: {
        input: { run_a: { command: ['node', '--inspect', 'x.js', '-v'] }, run_b: { command: ['node', '--help'] } },
      },
    }));
});

describe('parseArgs: subcommands, help, version', () => {
  it('diff', async () =>
    expect(await parseArgs(['diff', 'a.json', 'b.json'])).toEqual({
      kind: 'diff',
      captureA: 'a.json',
      captureB: 'b.json',
      input: {},
      output: {
        format: 'json',
        formatAsked: false,
        failOn: 'any',
        outputFile: null,
        also: [],
        maxOutputBytes: null,
        color: 'auto',
      },
      config: null,
    }));
  it('diff with options', async () =>
    expect(
      await parseArgs([
        'diff',
        '007',
        'b.json',
        '--format',
        'text',
        '-o',
        'r.json',
        '--label-a',
        'old',
        '--ignore',
        'x',
      ]),
    ).toMatchObject({
      captureA: '007',
      input: { label_a: 'old', ignore: 'x' },
      output: { format: 'text', outputFile: 'r.json' },
    }));
  it('schema', async () => expect(await parseArgs(['schema'])).toEqual({ kind: 'schema', capture: false }));
  it('schema --capture', async () =>
    expect(await parseArgs(['schema', '--capture'])).toEqual({ kind: 'schema', capture: true }));
  it('validate', async () =>
    expect(await parseArgs(['validate', 'r.json'])).toEqual({ kind: 'validate', file: 'r.json' }));
  it('doctor, and doctor --adapter-config', async () => {
    expect(await parseArgs(['doctor'])).toEqual({ kind: 'doctor', adapterConfig: null });
    expect(await parseArgs(['doctor', '--adapter-config', 'perl.json'])).toEqual({
      kind: 'doctor',
      adapterConfig: 'perl.json',
    });
  });
  it("--help is yargs' help", async () =>
    expect(await parseArgs(['--help'])).toMatchObject({
      kind: 'help',
      text: expect.stringContaining('bpdiff --bp FILE:LINE [options] -- CMD_A [ARGS...] -- CMD_B [ARGS...]'),
    }));
  it('-h', async () => expect((await parseArgs(['-h'])).kind).toBe('help'));
  it('diff --help', async () =>
    expect(await parseArgs(['diff', '--help'])).toMatchObject({
      kind: 'help',
      text: expect.stringContaining('bpdiff diff <capture_a> <capture_b>'),
    }));
  it('-V is --version', async () =>
    expect(await parseArgs(['-V'])).toMatchObject({ kind: 'version', text: expect.stringMatching(/^\d+\.\d+\.\d+/) }));
  it("every subcommand's help has examples, and shows numbers and choices as such", async () => {
    for (const command of ['diff', 'capture', 'check', 'schema', 'validate', 'doctor', 'mcp', 'completion']) {
      expect((await parseArgs([command, '--help'])) as { text: string }, command).toMatchObject({
        text: expect.stringMatching(new RegExp(`\nExamples:\n(  .*\n)*  bpdiff ${command}`)),
      });
    }
    const help = ((await parseArgs(['--help'])) as { text: string }).text;
    expect(help).toMatch(/--timeout .*\n.*\[number\] \[default: 60\]/);
    expect(help).toMatch(/--depth +how deep[^[]*\[number\] \[default: 3\]/);
    expect(help).toMatch(/\[choices: "any", "changed", "never"\]/);
  });
  it('--version', async () =>
    expect(await parseArgs(['--version'])).toMatchObject({
      kind: 'version',
      text: expect.stringMatching(/^\d+\.\d+\.\d+/),
    }));
});

describe('parseArgs: bad input, one line each', () => {
  it.each<[string[], string]>([
    [[], 'USAGE: no arguments given'],
    [[...CMDS], 'BAD_BREAKPOINT: --bp is missing'],
    [['--bp', ...CMDS], 'BAD_BREAKPOINT: --bp is empty'],
    [['--bp', 'x.py', ...CMDS], 'BAD_BREAKPOINT: --bp "x.py" has no line number'],
    [['--bp', ':3', ...CMDS], 'BAD_BREAKPOINT: --bp ":3" has no file before the colon'],
    [['--bp', 'x.py:0', ...CMDS], 'BAD_BREAKPOINT: --bp "x.py:0": the line "0" is not a line number'],
    [['--bp', 'x.py:-3', ...CMDS], 'BAD_BREAKPOINT: --bp "x.py:-3": the line "-3" is not a line number'],
    [['--bp', 'x.py:abc', ...CMDS], 'BAD_BREAKPOINT: --bp "x.py:abc": the line "abc" is not a line number'],
    [['--bp', 'x.py:3.5', ...CMDS], 'BAD_BREAKPOINT: --bp "x.py:3.5": the line "3.5" is not a line number'],
    [['--bp', 'x.py:', ...CMDS], 'BAD_BREAKPOINT: --bp "x.py:": the line "" is not a line number'],
    [['--bp', 'x:1', '--bp', 'y:2', ...CMDS], 'BAD_OPTION: --bp was given more than once'],
    [['--bp', 'x:1', '--condition', ' ', ...CMDS], 'BAD_OPTION: --condition is empty'],
    [['--bp', 'x:1'], 'BAD_COMMANDS: no commands given'],
    [['--bp', 'x:1', '--', 'python3', 'a.py'], 'BAD_COMMANDS: only one command given'],
    [['--bp', 'x:1', '--', 'a', '--', 'b', '--', 'c'], 'BAD_COMMANDS: 3 commands given'],
    [['--bp', 'x:1', '--', '--', 'python3', 'x.py'], 'BAD_COMMANDS: command A is empty'],
    [['--bp', 'x:1', '--', 'python3', 'x.py', '--'], 'BAD_COMMANDS: command B is empty'],
    [['--bp', 'x:1', '--'], 'BAD_COMMANDS: command A is empty'],
    [
      ['--bp', 'x:1', 'python3', 'a.py', ...CMDS],
      'BAD_COMMANDS: unexpected arguments before the first --: python3 a.py',
    ],
    [['--bogus', ...CMDS], 'USAGE: unknown option --bogus — see the options in bpdiff --help'],
    [['--bp', 'x:1', '-x', ...CMDS], 'USAGE: unknown option -x — see the options in bpdiff --help'],
    // The flag or subcommand probably meant.
    [
      ['--conditon', 'n > 1', ...CMDS],
      'USAGE: unknown option --conditon — did you mean --condition? (see bpdiff --help)',
    ],
    [
      ['--bp', 'x:1', '--max-childern=3', ...CMDS],
      'USAGE: unknown option --max-childern — did you mean --max-children?',
    ],
    [
      ['chek'],
      'USAGE: unknown subcommand chek — did you mean check? (the commands to compare go after --; see bpdiff --help)',
    ],
    [['check', '--recrod'], 'USAGE: unknown option --recrod — did you mean --record? (see bpdiff check --help)'],
    [['diff', 'a.json', 'b.json', '--lable-a', 'x'], 'did you mean --label-a?'],
    [['--bp', 'x:1', '--timeout', '-5', ...CMDS], 'BAD_OPTION: --timeout "-5" is not a number of seconds above 0'],
    [['--bp', 'x:1', '--timeout', 'abc', ...CMDS], 'BAD_OPTION: --timeout "abc" is not a number of seconds above 0'],
    [['--bp', 'x:1', '--timeout', '0', ...CMDS], 'BAD_OPTION: --timeout "0" is not a number of seconds above 0'],
    [['--bp', 'x:1', '--timeout', ...CMDS], 'BAD_OPTION: --timeout is empty'],
    [
      ['--bp', 'x:1', '--timeout', '2147484', ...CMDS],
      'BAD_OPTION: --timeout "2147484" is more than it takes (at most 86400 (a day))',
    ],
    [['--bp', 'x:1', '--timeout', '86401', ...CMDS], 'BAD_OPTION: --timeout "86401" is more than it takes'],
    [
      ['--bp', 'x:1', '--value-timeout', '0', ...CMDS],
      'BAD_OPTION: --value-timeout "0" is not a number of seconds above 0',
    ],
    [
      ['--bp', 'x:1', '--max-variables', '0', ...CMDS],
      'BAD_OPTION: --max-variables "0" is not a whole number from 1 up',
    ],
    [['--bp', 'x:1', '--hit-a', '0', ...CMDS], 'BAD_OPTION: --hit-a "0" is not a whole number from 1 up'],
    [
      ['--baseline', 'b.json', '--hit-a', '2', '--', 'python3', 'x.py'],
      'USAGE: --hit-a cannot be used with --baseline (there is one live run) — give --hit N for the live run',
    ],
    [
      ['--bp-a', 'x:3', ...CMDS],
      'BAD_BREAKPOINT: run B has no breakpoint (--bp-a is given, --bp-b and --bp are not) — add --bp-b FILE:LINE, or --bp for both runs',
    ],
    [
      ['--bp', 'x:1', '--bp-b', 'y', ...CMDS],
      'BAD_BREAKPOINT: --bp-b "y" has no line number — write it as FILE:LINE, e.g. --bp-b src/app.py:42',
    ],
    [
      ['--bp', 'x:1', '--normalize', 'abc', ...CMDS],
      'BAD_OPTION: --normalize "abc" has no => — write it as --normalize \'REGEX=>REPLACEMENT\'',
    ],
    [
      ['--bp', 'x:1', '--normalize', '([a-z]=>x', ...CMDS],
      'BAD_OPTION: --normalize "([a-z]=>x" has an invalid regex (error parsing regexp: missing closing ): `([a-z]`)',
    ],
    // Patterns run in linear time (RE2): lookaround and backreferences are refused when given, not run.
    [
      ['--bp', 'x:1', '--normalize', '(?=a)b=>x', ...CMDS],
      'has an invalid regex (error parsing regexp: invalid or unsupported Perl syntax: `(?=`; bpdiff runs patterns in linear time (RE2), which has no lookahead, lookbehind or backreferences)',
    ],
    [
      ['--bp', 'x:1', '--ignore', 'x'.repeat(1001), ...CMDS],
      `BAD_OPTION: --ignore "${'x'.repeat(60)}..." is 1001 characters long, more than the 1000 bpdiff takes — give a shorter one`,
    ],
    [
      ['--bp', 'x:1', ...Array.from({ length: 1001 }, (_, i) => ['--ignore', `v${i}`]).flat(), ...CMDS],
      "BAD_OPTION: --ignore was given 1001 times, more than the 1000 bpdiff takes — give at most 1000 (one pattern can match many names: '*.created_at')",
    ],
    [['--bp', 'x:1', '--max-input-bytes', '100', ...CMDS], 'BAD_OPTION: --max-input-bytes'],
    [['--bp', 'x:1', '--normalize', '=>x', ...CMDS], 'BAD_OPTION: --normalize "=>x" has no regex before =>'],
    [['--bp', 'x:1', '--ignore', '', ...CMDS], 'BAD_OPTION: --ignore is empty'],
    [
      ['--bp', 'x:4294967296', ...CMDS],
      'BAD_BREAKPOINT: --bp "x:4294967296": the line "4294967296" is not a line number',
    ],
    [
      ['--bp', 'x:2147483648', ...CMDS],
      'BAD_BREAKPOINT: --bp "x:2147483648": the line "2147483648" is not a line number',
    ],
    [['--bp', 'x:1', '--depth', '-1', ...CMDS], 'BAD_OPTION: --depth "-1" is not a whole number from 0 up'],
    [['--bp', 'x:1', '--max-children', '0', ...CMDS], 'BAD_OPTION: --max-children "0" is not a whole number from 1 up'],
    [
      ['--bp', 'x:1', '--max-value-length', '15', ...CMDS],
      'BAD_OPTION: --max-value-length "15" is not a whole number from 16 up',
    ],
    [['--bp', 'x:1', '--depth', '2.5', ...CMDS], 'BAD_OPTION: --depth "2.5" is not a whole number from 0 up'],
    [['--bp', 'x:1', '--scope', 'all', ...CMDS], 'BAD_OPTION: --scope "all" is not one of locals, globals'],
    [
      ['--bp', 'x:1', '--format', 'xml', ...CMDS],
      'BAD_OPTION: --format "xml" is not one of json, text, markdown, github, junit, side-by-side',
    ],
    [
      ['--bp', 'x:1', '--fail-on', 'sometimes', ...CMDS],
      'BAD_OPTION: --fail-on "sometimes" is not one of any, changed, never',
    ],
    [['--bp', 'x:1', '--env', 'NOVALUE', ...CMDS], 'BAD_OPTION: --env "NOVALUE" is not NAME=VALUE'],
    [['--bp', 'x:1', '--env-b', '=1', ...CMDS], 'BAD_OPTION: --env-b "=1" is not NAME=VALUE'],
    [['--bp', 'x:1', '-o', '', ...CMDS], 'BAD_OPTION: --output is empty'],
    [['--bp', 'x:1', '--label-a', '', ...CMDS], 'BAD_OPTION: --label-a is empty'],
    [['diff', 'a.json'], 'USAGE: not enough non-option arguments'],
    [['diff', 'a.json', 'b.json', 'c.json'], 'USAGE: unknown argument: c.json'],
    [['diff', 'a.json', 'b.json', '--bp', 'x:1'], 'USAGE: unknown option --bp — see the options in bpdiff diff --help'],
    [['diff', 'a.json', 'b.json', '--', 'x', '--', 'y'], 'BAD_COMMANDS: bpdiff diff takes no commands after --'],
    [['schema', '--bp', 'x:1'], 'USAGE: unknown option --bp — see the options in bpdiff schema --help'],
    [['validate'], 'USAGE: not enough non-option arguments'],
    [['frobnicate'], 'BAD_COMMANDS: unexpected argument before the first --: frobnicate'],
  ])('%j', async (argv, expected) => {
    expect(await failure(argv)).toContain(expected);
  });
});

describe('the config of bpdiff locate', () => {
  it("is read as for a comparison: its options are the walk's defaults (redact rules included), named for stderr and the context", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-parse-locate-'));
    try {
      fs.mkdirSync(path.join(folder, '.git'));
      const config = path.join(folder, 'bpdiff.config.json');
      fs.writeFileSync(config, JSON.stringify({ redact: ['pin'], fail_on: 'never' }));
      const command = await parseArgs(
        ['locate', '--', 'python3', 'p.py', '1', '--', 'python3', 'p.py', '2'],
        undefined,
        folder,
      );
      expect(command.kind).toBe('locate');
      const args = (command as Extract<CliCommand, { kind: 'locate' }>).args;
      expect(args.config).toBe(config);
      expect(args.input).toMatchObject({ redact: ['pin'], fail_on: 'never' });
      // The command line's own flags win over the config's.
      const own = await parseArgs(
        ['locate', '--redact', 'code', '--', 'python3', 'p.py', '--', 'python3', 'p.py'],
        undefined,
        folder,
      );
      expect((own as Extract<CliCommand, { kind: 'locate' }>).args.input).toMatchObject({
        redact: 'code',
        fail_on: 'never',
      });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('a hostile flag', () => {
  it("a flag of 100000 letters is refused as unknown without a suggestion (no edit-distance table of its length times each flag's: 47 s)", async () => {
    const flag = `--${'a'.repeat(100_000)}`;
    expect(await failure([flag, ...CMDS])).toBe(`USAGE: unknown option ${flag} — see the options in bpdiff --help`);
  });
});
