// bpdiff locate on the real adapters: where two runs of real programs first part ways, with concrete
// expectations (locate-languages.ts: an off-by-one on its third call with lines added above it in B, a
// program against itself, two data files that differ at record 13, a run that ends early, --from,
// --max-steps, the way back). Here: both Python adapters, the library, --within, Ctrl-C halfway and bad
// input; lldb-dap, dlv and gdb in locate-native.test.ts; Java, Ruby, Node and TypeScript in locate-vm.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ROOT, describeWithTool, leftoverProcesses, onPath, runBpdiff, startBpdiffUntilRunning } from './helpers.js';
import { PYTHON_ADAPTERS } from './python-adapters.js';
import { DATA, LOCATE, describeLanguage, python, pythonOn } from './locate-languages.js';

for (const language of PYTHON_ADAPTERS.map(pythonOn)) describeLanguage(language);

describeWithTool('locate: the library', python.tool, python.available, () => {
  it('locate() returns the document, the step count, how the runs part ways and the way back', async () => {
    const { locate } = await import('../../src/library/locate.js');
    const shop = path.join(LOCATE, 'python');
    const lines: string[] = [];
    const outcome = await locate(
      {
        run_a: { command: ['python3', 'shop.py'], cwd: path.join(shop, 'v1') },
        run_b: { command: ['python3', 'shop.py'], cwd: path.join(shop, 'v2') },
        every_line: true,
        log: (line) => lines.push(line),
      },
      { base: ROOT },
    );
    expect(outcome.exit_code).toBe(1);
    expect(outcome.divergence).toBe('path');
    expect(outcome.steps).toBeGreaterThan(40);
    expect(outcome.result.breakpoint).toEqual({ file: 'shop.py', line: 7 });
    expect(outcome.reproduce).toBe(
      'bpdiff --bp-a shop.py:6 --hit-a 14 --bp-b shop.py:11 --hit-b 6 --cwd-a examples/locate/python/v1 --cwd-b examples/locate/python/v2 -- python3 shop.py -- python3 shop.py',
    );
    expect(lines[0]).toMatch(
      /^bpdiff: walking A \(python3 shop\.py\) and B \(python3 shop\.py\) line by line in lockstep/,
    );
    await expect(
      locate({ run_a: { command: ['python3', 'shop.py'] }, run_b: { command: ['python3', 'shop.py'] }, max_steps: 0 }),
    ).rejects.toThrow('--max-steps "0" is not a whole number from 1 up');
  });
});

describeWithTool('locate in CI', python.tool, python.available, () => {
  it('--format github: one annotation for the divergence, not an error and a notice for the same line', async () => {
    const run = await runBpdiff(['locate', '--every-line', '-q', '--format', 'github', ...python.shop('v2')]);
    expect(run.exitCode, run.stderr).toBe(1);
    const annotations = run.stdout.split('\n').filter((line) => line.startsWith('::'));
    expect(annotations).toHaveLength(1);
    expect(annotations[0]).toMatch(
      // From where bpdiff runs (the repository's root), in A's copy: the line is A's numbering.
      /^::error file=examples\/locate\/python\/v1\/shop\.py,line=7,title=bpdiff%3A where the runs part ways::the runs part ways after shop\.py:7/,
    );
  });

  it('--format markdown: the hints as a list, the command that compares the runs again as a code block', async () => {
    const run = await runBpdiff(['locate', '--every-line', '-q', '--format', 'markdown', ...python.shop('v2')]);
    expect(run.exitCode, run.stderr).toBe(1);
    const lines = run.stdout.split('\n');
    expect(lines[2]).toMatch(/^- the runs part ways after shop\.py:7 in discount\(\)/);
    expect(lines.slice(3, 8)).toEqual([
      '- to compare the runs there again:',
      '',
      '  ```sh',
      expect.stringMatching(
        /^ {2}bpdiff --bp-a shop\.py:6 --hit-a 14 --bp-b shop\.py:11 --hit-b 6 --cwd-a examples\/locate\/python\/v1 --cwd-b examples\/locate\/python\/v2 .*-- python3 shop\.py -- python3 shop\.py$/,
      ),
      '  ```',
    ]);
  });

  it('--ci: a walk --max-steps cut before the runs parted or ended fails (exit 1) and says so; without --ci it passes', async () => {
    const cut = await runBpdiff([
      'locate',
      '--every-line',
      '-q',
      '--ci',
      '--max-steps',
      '5',
      '--format',
      'github',
      ...python.shop('v2'),
    ]);
    expect(cut.exitCode).toBe(1);
    expect(cut.stderr).toBe(
      'bpdiff: the walk stopped at --max-steps after 5 steps, before the runs parted or ended: no divergence so far is not a pass under --ci (exit 1) — raise --max-steps, or start nearer with --from FILE:LINE',
    );
    expect(cut.stdout).toMatch(
      /^::error file=examples\/locate\/python\/v1\/shop\.py,line=\d+,title=bpdiff%3A no divergence so far::no divergence in 5 steps \(--max-steps 5/,
    );
    const local = await runBpdiff(['locate', '--every-line', '-q', '--max-steps', '5', ...python.shop('v2')]);
    expect(local.exitCode, local.stderr).toBe(0);
    // A walk that found the divergence within its steps is exit 1 either way; one that ran both runs to their end passes under --ci.
    const same = await runBpdiff(['locate', '--every-line', '-q', '--ci', ...python.shop('v1')]);
    expect(same.exitCode, same.stderr).toBe(0);
  });
});

describeWithTool('locate: --within, Ctrl-C and bad input', python.tool, python.available, () => {
  it('--within narrows the lines that count; one that matches none of the files run is an error', async () => {
    const within = await runBpdiff(['locate', '--every-line', '--within', 'shop.py', ...python.shop('v2')]);
    expect(within.exitCode, within.stderr).toBe(1);
    const none = await runBpdiff(['locate', '--every-line', '-q', '--within', 'lib/*', ...python.shop('v2')]);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toBe(
      "bpdiff: --within lib/* matches none of the files the runs executed (shop.py) — give a glob of their paths from the run's folder, e.g. --within 'src/*'",
    );
    expect(none.stdout).toBe('');
  });

  it('Ctrl-C halfway stops both runs, writes nothing and exits 130', async () => {
    const mark = randomUUID();
    // A loop long enough that the walk is still on (bpdiff's Python adapter streams its steps: the records example is walked within a second).
    const loop = path.join(ROOT, 'bench/programs/locate/loop.py');
    const args = [
      'locate',
      '--every-line',
      '--adapter',
      PYTHON_ADAPTERS[0]!.id,
      '--env',
      'COUNT=100000000',
      // Past the default 100,000 steps, which the stream walks in about 2 s on a quiet machine (the walk had ended before the signal).
      '--max-steps',
      '100000000',
      '--',
      'python3',
      loop,
      '--',
      'python3',
      loop,
    ];
    const { child } = await startBpdiffUntilRunning(args, { mark, pattern: /steps compared/, env: {} });
    child.kill('SIGINT');
    const result = await child;
    expect(result.exitCode).toBe(130);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('bpdiff: interrupted by SIGINT — both runs were stopped and nothing was written');
    expect(await leftoverProcesses(mark)).toEqual([]);
  });

  it.each([
    [
      ['--from', 'nope.py:3'],
      /^bpdiff: the breakpoint file nope\.py does not exist for run A: .*nope\.py \(resolved against .*python\/v1\) — check --bp/,
    ],
    [
      ['--from', 'shop.py:99'],
      /^bpdiff: --from shop\.py:99 is past the end of the file: shop\.py has 21 lines in run A — give a line from 1 to 21$/,
    ],
    [['--from', 'shop.py'], /^bpdiff: --from "shop\.py" has no line number — write it as FILE:LINE/],
    [
      ['--max-steps', '0'],
      /^bpdiff: --max-steps "0" is not a whole number from 1 up — give e\.g\. --max-steps 100000$/,
    ],
    [['--max-steps', 'many'], /^bpdiff: --max-steps "many" is not a whole number from 1 up/],
    [['--bp', 'shop.py:3'], /^bpdiff: unknown option --bp — see the options in bpdiff locate --help$/],
  ])('refuses %j in one line, exit 2, before anything starts', async (flags, message) => {
    const run = await runBpdiff(['locate', '--every-line', ...flags, ...python.shop('v2')]);
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr.trim()).toMatch(message);
  });

  it('an adapter whose definition says nothing of where a program starts needs --from', async () => {
    const definition = JSON.parse(fs.readFileSync(path.join(ROOT, 'adapters/debugpy/adapter.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    delete definition['locate'];
    const dir = fs.mkdtempSync(path.join(ROOT, 'test', '.locate-'));
    try {
      const file = path.join(dir, 'adapter.json');
      fs.writeFileSync(file, JSON.stringify({ ...definition, hooks: path.join(ROOT, 'adapters/debugpy/hooks.ts') }));
      fs.copyFileSync(path.join(ROOT, 'adapters/debugpy/sitecustomize.py'), path.join(dir, 'sitecustomize.py'));
      const run = await runBpdiff([
        'locate',
        '--every-line',
        '-q',
        '--adapter-config',
        file,
        ...python.shop('v2').slice(2),
      ]);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toBe(
        "bpdiff: bpdiff locate does not know where a program's own code starts under debugpy (its definition has no locate.entry) — give --from FILE:LINE, where both runs start the walk",
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeWithTool('locate: an adapter walked into every line by its definition', python.tool, python.available, () => {
  it("walks into every line without --every-line when the definition's locate.every_line says why, and the result says it", async () => {
    const definition = JSON.parse(fs.readFileSync(path.join(ROOT, 'adapters/python/adapter.json'), 'utf8')) as {
      locate: Record<string, unknown>;
      hooks?: string;
    };
    const dir = fs.mkdtempSync(path.join(ROOT, 'test', '.locate-'));
    try {
      const file = path.join(dir, 'adapter.json');
      const why = 'its runs write their output where the walk by effects cannot read it line by line';
      fs.writeFileSync(
        file,
        JSON.stringify({
          ...definition,
          id: 'python-lines',
          locate: { ...definition.locate, every_line: why },
          ...(definition.hooks ? { hooks: path.join(ROOT, 'adapters/python', definition.hooks) } : {}),
        }),
      );
      const run = await runBpdiff(['locate', '--adapter-config', file, ...python.shop('v2')]);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.locate!.mode).toBe('every-line');
      expect(run.doc!.analysis_hints[0]).toMatch(
        /^the runs part ways after shop\.py:7 in discount\(\) \(3rd call, 11th time on this line; step \d+\)/,
      );
      expect(run.doc!.analysis_hints).toContain(
        `walked into every line, not by effects, as the adapter's definition asks: ${why}`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('locate examples', () => {
  it('the data folders differ where the tests say', () => {
    const lines = (folder: string) => fs.readFileSync(path.join(DATA, folder, 'records.csv'), 'utf8').split('\n');
    expect(lines('same')[13]).toBe('item-13,7');
    expect(lines('changed')[13]).toBe('item-13,9');
    expect(lines('changed').filter((row, index) => row !== lines('same')[index])).toEqual(['item-13,9']);
    expect(fs.existsSync(path.join(DATA, 'missing', 'records.csv'))).toBe(false);
  });

  it("the data folder's README command runs as written, from that folder, and finds the record that differs", async () => {
    // It named ../python/records.py, a file no run's folder holds: both runs ended at once.
    const command = /^bpdiff (locate .*)$/m.exec(fs.readFileSync(path.join(DATA, 'README.md'), 'utf8'))![1]!;
    const run = await runBpdiff(command.split(' '), { cwd: DATA });
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.doc!.analysis_hints[0]).toMatch(
      /^the runs part ways at \.\.\/\.\.\/python\/records\.py:13 in main\(\) \(step \d+\): line is 'item-13,7\\n' in A and 'item-13,9\\n' in B$/,
    );
  });
});

describeWithTool(
  'locate: Ctrl-C while both debuggers start (gdb)',
  'gdb and cdt-gdb-adapter (scripts/setup.sh)',
  onPath('gdb') && onPath('cdtDebugAdapter') && onPath('cc'),
  () => {
    it('says it was interrupted, and nothing of the debuggers it killed', async () => {
      // Before: '[A] could not be debugged: cdt-gdb-adapter closed the connection during waiting for the
      // initialized event (it was killed by SIGKILL); run again with --sequential ...', for each run.
      const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-locate-interrupted-'));
      try {
        const program = path.join(scratch, 'qsort-callback');
        await execa(
          'cc',
          ['-g', '-O0', '-o', program, path.join(ROOT, 'test/integration/fixtures-native/qsort-callback.c')],
          {
            stdin: 'ignore',
          },
        );
        const mark = randomUUID();
        const { child } = await startBpdiffUntilRunning(['locate', '--adapter', 'gdb', '--', program, '--', program], {
          mark,
          pattern: /starting cdt-gdb-adapter/,
          env: {},
        });
        child.kill('SIGINT');
        const result = await child;
        expect(result.exitCode).toBe(130);
        expect(result.stdout).toBe('');
        expect(result.stderr).toContain(
          'bpdiff: interrupted by SIGINT — both runs were stopped and nothing was written',
        );
        expect(result.stderr).not.toMatch(/could not be debugged|killed by SIGKILL/);
        expect(await leftoverProcesses(mark)).toEqual([]);
      } finally {
        fs.rmSync(scratch, { recursive: true, force: true });
      }
    });
  },
);
