// What bpdiff locate says when it cannot do what was asked: one line, what was wrong and what to do,
// exit 2, nothing on stdout. --from's Nth time that never comes; a program blocked during the walk (on
// both Python adapters: by its step stream and by steps); a binary without debug information (lldb)
// or stripped (gdb); --adapter-path for an adapter that would not run it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLES, ROOT, describeWithTool, onPath, runBpdiff, type BpdiffRun } from './helpers.js';
import { PYTHON_ADAPTERS } from './python-adapters.js';
import { c, lldbDap } from './locate-languages.js';

const SHOP = path.join(EXAMPLES, 'locate/python/v1');
let scratch = '';
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-locate-messages-'));
  fs.writeFileSync(path.join(scratch, 'blocked.py'), 'import time\nx = 1\ntime.sleep(3600)\ny = 2\n');
  fs.writeFileSync(
    path.join(scratch, 'plain.c'),
    '#include <stdio.h>\nint main(void) {\n  int x = 1;\n  printf("%d\\n", x);\n  return 0;\n}\n',
  );
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The one line bpdiff said last on stderr, after a refusal that wrote nothing. */
function refusal(run: BpdiffRun): string {
  expect(run.exitCode, run.stderr).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.leftovers).toEqual([]);
  return run.stderr.trim().split('\n').at(-1)!;
}

describeWithTool(
  'locate: messages that point the right way (Python)',
  PYTHON_ADAPTERS[0]!.tool,
  PYTHON_ADAPTERS[0]!.available,
  () => {
    it('--from FILE:LINE:N where the line is reached fewer than N times says how many times it was', async () => {
      const run = await runBpdiff([
        'locate',
        '--every-line',
        '--cwd',
        SHOP,
        '--from',
        'shop.py:7:500',
        '--',
        'python3',
        'shop.py',
        '--',
        'python3',
        'shop.py',
      ]);
      expect(refusal(run)).toBe(
        // bpdiff's Python adapter counts the passes before the 500th itself (issue 36): a run that ends first is counted again by stops.
        'bpdiff: --from shop.py:7:500: both runs reached the line 16 times before they ended, not the 500th time — give a time both runs reach it (--from shop.py:7:16), or another line',
      );
    });

    it("--adapter-path with the default Python adapter (the program's own Python) is refused, not ignored", async () => {
      const run = await runBpdiff([
        '--bp',
        'shop.py:7',
        '--cwd',
        SHOP,
        '--adapter-path',
        '/bin/false',
        '--',
        'python3',
        'shop.py',
        '--',
        'python3',
        'shop.py',
      ]);
      expect(refusal(run)).toMatch(
        /^bpdiff: --adapter-path is not used by bpdiff-python-adapter: it runs in \S*python3\S*, the one the command names — leave --adapter-path out/,
      );
    });
  },
);

describe('locate: a program blocked during the walk', () => {
  for (const adapter of PYTHON_ADAPTERS) {
    describeWithTool(`on ${adapter.name}`, adapter.tool, adapter.available, () => {
      it('says the program has not reached its next line within --timeout, never "both runs ended" or "the adapter did not answer"', async () => {
        const run = await runBpdiff([
          'locate',
          '--every-line',
          '--adapter',
          adapter.id,
          '--cwd',
          scratch,
          '--timeout',
          '3',
          '--',
          'python3',
          'blocked.py',
          '--',
          'python3',
          'blocked.py',
        ]);
        expect(refusal(run)).toBe(
          "bpdiff: the program has not reached its next line within the timeout (3 s) during the walk: it is blocked or running long (a sleep, a read, a loop outside the user's code, or a loop whose code stays on one line, which a step never leaves) — give a longer --timeout, or --from FILE:LINE past where it waits",
        );
      });
    });
  }
});

describeWithTool(
  'locate: a C program without debug information',
  `${c.tool} and cc`,
  c.available && onPath('cc'),
  () => {
    it('built without -g (lldb): no source for main, build it with -g', async () => {
      await execa('cc', ['-O0', '-o', path.join(scratch, 'plain'), path.join(scratch, 'plain.c')], { stdin: 'ignore' });
      const run = await runBpdiff(['locate', '--every-line', '--cwd', scratch, '--', './plain', '--', './plain']);
      expect(refusal(run)).toBe(
        'bpdiff: no source was found for the code where the runs start (main): the walk cannot compare its lines — build the program with debug information (-g), or give --from FILE:LINE in its source',
      );
    });

    describeWithTool(
      'under gdb',
      'gdb and cdt-gdb-adapter (scripts/setup.sh)',
      onPath('gdb') && onPath('cdtDebugAdapter'),
      () => {
        it('stripped: it never stopped in main, no debug information was found', async () => {
          await execa('cc', ['-O0', '-s', '-o', path.join(scratch, 'stripped'), path.join(scratch, 'plain.c')], {
            stdin: 'ignore',
          });
          const run = await runBpdiff([
            'locate',
            '--every-line',
            '--adapter',
            'gdb',
            '--cwd',
            scratch,
            '--',
            './stripped',
            '--',
            './stripped',
          ]);
          expect(refusal(run)).toBe(
            "bpdiff: neither run stopped in main, where the program's own code starts, before it ended: no debug information was found for it — build the program with debug information (-g, not stripped), or give --from FILE:LINE in its source",
          );
        });
      },
    );
  },
);

describeWithTool('locate: a debugger that ends in the middle of the walk', c.tool, c.available, () => {
  // lldb-dap behind a proxy (fixtures-native/crashing-dap.py) that, in the launches `crash` lists (1 and
  // 2 are the first walk's start, 3 and 4 the second's), ends it at the walk's 2nd `next` request and
  // exits as a Go program does after a panic.
  function crashing(crash: number[]): string {
    const folder = fs.mkdtempSync(path.join(scratch, 'crashing-'));
    const script = path.join(folder, 'crashing-lldb');
    const proxy = path.join(ROOT, 'test/integration/fixtures-native/crashing-dap.py');
    fs.writeFileSync(script, `#!/bin/sh\nexec python3 '${proxy}' "$0.d" ${crash.join(',')} '${lldbDap!}' "$@"\n`, {
      mode: 0o755,
    });
    return script;
  }

  it("is walked again from both programs' start, once, and the document says why; a second end is the walk's error (exit 2)", async () => {
    await c.build!();
    const run = await runBpdiff(['locate', '--adapter-path', crashing([1]), ...c.shop('v2')]);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.stderr).toMatch(
      /^bpdiff: lldb-dap ended during 'next' \(it exited with code 2; its last words: panic: runtime error: index out of range \[3\] with length 3\): the walk starts again from the beginning, once$/m,
    );
    expect(run.doc!.analysis_hints[0]).toMatch(/^the runs part ways after shop\.c:9 in discount\(\) /);
    expect(run.doc!.analysis_hints).toContain(
      "this walk was made again from both programs' start: in the first, lldb-dap ended during 'next' (it exited with code 2; its last words: panic: runtime error: index out of range [3] with length 3); a program that runs another way each time may part elsewhere",
    );
    expect(run.leftovers).toEqual([]);
    const twice = await runBpdiff(['locate', '--adapter-path', crashing([1, 3]), ...c.shop('v2')]);
    expect(twice.stderr).toMatch(/: the walk starts again from the beginning, once$/m);
    expect(refusal(twice)).toMatch(
      /^bpdiff: lldb-dap closed the connection during 'next' \(it exited with code 2; its last words: panic: runtime error: index out of range \[3\] with length 3\); run again with --sequential, or check that the adapter works on its own$/,
    );
    expect(twice.leftovers).toEqual([]);
  });
});

describeWithTool('locate: a debugger that does not start again for a restart', c.tool, c.available, () => {
  // lldb-dap behind a script that refuses the launches its .fail file names (counted across both runs
  // by mkdir, which only one launch wins): launches 1 and 2 are the walk's start, 3 and 4 its first restart.
  function flaky(fail: number[]): string {
    const folder = fs.mkdtempSync(path.join(scratch, 'flaky-'));
    const script = path.join(folder, 'flaky-lldb');
    fs.writeFileSync(`${script}.fail`, fail.join(' '));
    fs.writeFileSync(
      script,
      [
        '#!/bin/sh',
        'mkdir -p "$0.d"; i=1',
        'while ! mkdir "$0.d/$i" 2>/dev/null; do i=$((i+1)); done',
        'for n in $(cat "$0.fail"); do if [ "$n" = "$i" ]; then echo "flaky-lldb: launch $i refused" >&2; exit 1; fi; done',
        `exec '${lldbDap!}' "$@"`,
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    return script;
  }

  it('is started once more and the walk goes on; a second refusal ends it (exit 2), naming what the debugger said', async () => {
    await c.build!();
    const once = await runBpdiff(['locate', '--adapter-path', flaky([3]), ...c.shop('v2')]);
    expect(once.exitCode, once.stderr).toBe(1);
    expect(once.stderr).toMatch(
      /^bpdiff: a program could not be started again \(lldb-dap closed the connection during 'initialize' \(it exited with code 1; its last words: flaky-lldb: launch 3 refused\).*\); starting both once more$/m,
    );
    expect(once.doc!.analysis_hints[0]).toMatch(/^the runs part ways after shop\.c:9 in discount\(\) /);
    expect(once.leftovers).toEqual([]);
    const twice = await runBpdiff(['locate', '--adapter-path', flaky([3, 5]), ...c.shop('v2')]);
    expect(refusal(twice)).toMatch(
      /^bpdiff: bpdiff locate started both programs again to come back to the step where they part ways, and one could not be started, twice \(lldb-dap closed the connection during 'initialize' \(it exited with code 1; its last words: flaky-lldb: launch 5 refused\).*\) — run it again; if it fails the same way, run that command by hand to see why it does not start$/,
    );
  });
});

describe('locate: neither run can be debugged', () => {
  it("exit 2, each run's reason, and no word of the runs parting ways", async () => {
    const shell = ['sh', '-c', 'cd v1 && python3 shop.py'];
    const run = await runBpdiff([
      'locate',
      '--adapter',
      'python',
      '--format',
      'text',
      '--cwd',
      path.dirname(SHOP),
      '--',
      ...shell,
      '--',
      ...shell,
    ]);
    expect(run.exitCode, run.stderr).toBe(2);
    const said = run.stdout.split('\n');
    // It had said: "the runs part ways before its first step: A ends there (...) while B goes on".
    expect(said[1]).toMatch(
      /^ {2}the walk ended before its first step: A could not be debugged: sh -c runs a shell, not a Python program .*; B could not be debugged: sh -c runs a shell/,
    );
    expect(run.stdout).not.toContain('part ways');
    expect(run.leftovers).toEqual([]);
  });
});
