// runCli with a stand-in engine and signal source: exit statuses, output routing, interruption.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/run-cli.js';
import type { IoDeps, Io } from '../../../src/intake/io.js';
import { BpdiffError } from '../../../src/errors.js';
import type { CaptureOptions, RunCapture, RunSpec } from '../../../src/core/types.js';
import { expectValidComparison, makeCapture, PRICING_V1, PRICING_V2 } from '../fixtures/captures.js';

let dir: string;
let out: string[];
let err: string[];
let io: Io;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-cli-'));
  for (const side of ['v1', 'v2']) {
    fs.mkdirSync(path.join(dir, side));
    fs.writeFileSync(
      path.join(dir, side, 'pricing.py'),
      Array.from({ length: 40 }, (_, i) => (i === 33 ? '        total += line_total' : `# line ${i + 1}`)).join('\n'),
    );
  }
  out = [];
  err = [];
  io = { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), stdoutIsTTY: false, env: {}, cwd: dir };
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const LIVE = [
  '--bp',
  'pricing.py:34',
  '--cwd-a',
  'v1',
  '--cwd-b',
  'v2',
  '--',
  'python3',
  'pricing.py',
  '10',
  '--',
  'python3',
  'pricing.py',
  '10',
];

function engine(
  captures: (specs: [RunSpec, RunSpec], options: CaptureOptions) => [RunCapture, RunCapture],
  seen?: { specs?: [RunSpec, RunSpec]; options?: CaptureOptions },
): IoDeps {
  return {
    captureRuns: async (specs, options, hooks) => {
      if (seen) Object.assign(seen, { specs, options });
      hooks?.log?.('[A] starting debugpy');
      const [a, b] = captures(specs, options);
      return [{ ...a, resolved_file: path.join(specs[0].cwd, 'pricing.py') }, b];
    },
  };
}
const differing = engine(() => [
  makeCapture({ variables: PRICING_V1 }),
  makeCapture({ side: 'b', variables: PRICING_V2 }),
]);

describe('runCli, live comparison with a stand-in engine', () => {
  it('passes resolved runs and options to the engine', async () => {
    const seen: { specs?: [RunSpec, RunSpec]; options?: CaptureOptions } = {};
    const code = await runCli(
      [
        ...LIVE.slice(0, 6),
        '--env',
        'K=1',
        '--env-b',
        'K=2',
        '--label-a',
        'v1',
        '--timeout',
        '5',
        '--quiet',
        ...LIVE.slice(6),
      ],
      io,
      engine(() => [makeCapture({ variables: PRICING_V1 }), makeCapture({ side: 'b', variables: PRICING_V1 })], seen),
    );
    expect(code).toBe(0);
    expect(seen.specs).toEqual([
      {
        side: 'a',
        label: 'v1',
        argv: ['python3', 'pricing.py', '10'],
        cwd: path.join(dir, 'v1'),
        env: { K: '1' },
        stdin_file: null,
        breakpoint: { file: 'pricing.py', line: 34, path: path.join(dir, 'v1/pricing.py') },
      },
      {
        side: 'b',
        label: 'B',
        argv: ['python3', 'pricing.py', '10'],
        cwd: path.join(dir, 'v2'),
        env: { K: '2' },
        stdin_file: null,
        breakpoint: { file: 'pricing.py', line: 34, path: path.join(dir, 'v2/pricing.py') },
      },
    ]);
    expect(seen.options).toMatchObject({
      run: { timeout_seconds: 5 },
      limits: { depth: 3, max_children: 100, max_value_length: 1000 },
      values: { scope: 'locals' },
    });
    expect(err).toEqual([]);
  });

  it('prints the JSON document, progress on stderr, and exits 1 on a difference', async () => {
    expect(await runCli(LIVE, io, differing)).toBe(1);
    const document = JSON.parse(out.join(''));
    expectValidComparison(document);
    expect(document.context).toContain('Source at line 34: total += line_total');
    expect(err.join('')).toContain('[A] starting debugpy');
    expect(err.join('')).toMatch(/^bpdiff: running A \(python3 pricing.py 10\) and B/);
  });

  it('--quiet keeps stderr empty; --format text prints text', async () => {
    expect(await runCli([...LIVE.slice(0, 6), '--quiet', '--format', 'text', ...LIVE.slice(6)], io, differing)).toBe(1);
    expect(err).toEqual([]);
    expect(out.join('')).toContain('rate\n  ± value change (up 0.9, 10x)\n  - A  0.1\n  + B  1.0\n');
  });

  it('-o writes the chosen format to the file and leaves stdout empty', async () => {
    expect(
      await runCli([...LIVE.slice(0, 6), '-o', 'out/result.json', '--quiet', ...LIVE.slice(6)], io, differing),
    ).toBe(2);
    expect(err.join('')).toContain('cannot write -o out/result.json: the folder');
    fs.mkdirSync(path.join(dir, 'out'));
    err = [];
    expect(
      await runCli([...LIVE.slice(0, 6), '-o', 'out/result.json', '--quiet', ...LIVE.slice(6)], io, differing),
    ).toBe(1);
    expect(out).toEqual([]);
    expectValidComparison(JSON.parse(fs.readFileSync(path.join(dir, 'out/result.json'), 'utf8')));
    expect(fs.readdirSync(path.join(dir, 'out'))).toEqual(['result.json']);
    expect(
      await runCli(
        [...LIVE.slice(0, 6), '-o', 'out/result.txt', '--format', 'text', '--quiet', ...LIVE.slice(6)],
        io,
        differing,
      ),
    ).toBe(1);
    expect(out).toEqual([]);
    expect(fs.readFileSync(path.join(dir, 'out/result.txt'), 'utf8')).toContain('2 changed, 5 unchanged');
  });

  it('on a terminal, text unless a format is asked for (--format, a config file) or the output is a file', async () => {
    const terminal: Io = { ...io, stdoutIsTTY: true, stdoutHasColors: false };
    const run = async (flags: string[]): Promise<string> => {
      out = [];
      expect(await runCli([...LIVE.slice(0, 6), '--quiet', ...flags, ...LIVE.slice(6)], terminal, differing)).toBe(1);
      return out.join('');
    };
    const text = await run([]);
    expect(text).toContain('rate\n  ± value change (up 0.9, 10x)\n  - A  0.1\n  + B  1.0\n');
    expect(text).not.toContain('$schema');
    expectValidComparison(JSON.parse(await run(['--format', 'json'])));
    expect(await run(['-o', 'result.json'])).toBe('');
    expectValidComparison(JSON.parse(fs.readFileSync(path.join(dir, 'result.json'), 'utf8')));
    fs.writeFileSync(path.join(dir, 'bpdiff.config.json'), JSON.stringify({ format: 'json' }));
    expectValidComparison(JSON.parse(await run([])));
    // Piped (no terminal), the document as before.
    out = [];
    expect(await runCli([...LIVE.slice(0, 6), '--quiet', ...LIVE.slice(6)], io, differing)).toBe(1);
    expectValidComparison(JSON.parse(out.join('')));
  });

  it('a run bpdiff could not debug: the document is printed, one line on stderr, exit 2', async () => {
    const failing = engine(() => [
      makeCapture({ variables: PRICING_V1 }),
      makeCapture({ side: 'b', noBreak: { kind: 'error', message: 'debugpy exited during launch' } }),
    ]);
    expect(await runCli([...LIVE.slice(0, 6), '--quiet', ...LIVE.slice(6)], io, failing)).toBe(2);
    expectValidComparison(JSON.parse(out.join('')));
    expect(err).toEqual([
      'bpdiff: run B could not be debugged: debugpy exited during launch — the result above says what each run produced\n',
    ]);
  });

  it('an engine error is one line and exit 2, with nothing on stdout', async () => {
    const broken: IoDeps = {
      captureRuns: async () => {
        throw new BpdiffError('ADAPTER_MISSING', 'debugpy is not installed — apt-get install python3-debugpy');
      },
    };
    expect(await runCli([...LIVE.slice(0, 6), '--quiet', ...LIVE.slice(6)], io, broken)).toBe(2);
    expect(out).toEqual([]);
    expect(err).toEqual(['bpdiff: debugpy is not installed — apt-get install python3-debugpy\n']);
    const bug: IoDeps = {
      captureRuns: async () => {
        throw new TypeError('x is undefined\n    at y');
      },
    };
    err = [];
    expect(await runCli([...LIVE.slice(0, 6), '--quiet', ...LIVE.slice(6)], io, bug)).toBe(2);
    expect(err).toEqual(['bpdiff: internal error: x is undefined (please report it with the command you ran)\n']);
  });

  it("a crash outside the engine's await chain (a throw in a handler, a rejection no one saw) is one line and exit 2, not 1", async () => {
    for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
      const crashes = new EventEmitter();
      const crashing: IoDeps = {
        crashes,
        // The engine never answers: the crash alone ends the command.
        captureRuns: () => {
          setImmediate(() => crashes.emit(event, new TypeError("Cannot read properties of null (reading 'write')")));
          return new Promise(() => undefined);
        },
      };
      out = [];
      err = [];
      expect(await runCli([...LIVE.slice(0, 6), '--quiet', ...LIVE.slice(6)], io, crashing)).toBe(2);
      expect(out).toEqual([]);
      expect(err).toHaveLength(1);
      expect(err[0]).toMatch(
        /^bpdiff: internal error: a crash outside the command's own steps: Cannot read properties of null \(reading 'write'\) \(at .*run-cli\.test\.ts:\d+:\d+\)\) \(please report it with the command you ran\)\n$/,
      );
      // Heard of only while the command runs.
      expect(crashes.listenerCount(event)).toBe(0);
    }
  });

  it('names the run and the resolved path when the breakpoint file is missing in one run', async () => {
    fs.rmSync(path.join(dir, 'v2', 'pricing.py'));
    expect(await runCli(LIVE, io, differing)).toBe(2);
    expect(err).toEqual([
      `bpdiff: the breakpoint file pricing.py does not exist for run B: ${path.join(dir, 'v2', 'pricing.py')} (resolved against ${path.join(dir, 'v2')}) — check --bp, or point --cwd-b (or --cwd) at the checkout that holds the file\n`,
    ]);
    expect(out).toEqual([]);
  });

  it('checks --stdin-a, --adapter-config and --cwd before starting anything', async () => {
    let started = false;
    const deps: IoDeps = {
      captureRuns: async () => {
        started = true;
        throw new Error('should not start');
      },
    };
    for (const [flags, message] of [
      [['--stdin-a', 'nope.txt'], 'bpdiff: --stdin-a nope.txt does not exist — check the path given to --stdin-a\n'],
      [
        ['--adapter-config', 'nope.json'],
        'bpdiff: --adapter-config nope.json does not exist — check the path given to --adapter-config\n',
      ],
      [
        ['--cwd-a', 'nowhere'],
        `bpdiff: the working directory of run A does not exist: ${path.join(dir, 'nowhere')} — check --cwd-a (run_a.cwd)\n`,
      ],
    ] as const) {
      err = [];
      const argv = [...LIVE.slice(0, 6), ...flags, ...LIVE.slice(6)];
      if (flags[0] === '--cwd-a') argv.splice(2, 2);
      expect(await runCli(argv, io, deps)).toBe(2);
      expect(err).toEqual([message]);
    }
    expect(started).toBe(false);
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('%s aborts the engine, waits for it, prints one line and exits %i', async (signal, code) => {
    const signals = new EventEmitter();
    let settled = false;
    const deps: IoDeps = {
      signals: signals as never,
      captureRuns: (_specs, _options, hooks) =>
        new Promise((_resolve, reject) => {
          hooks?.signal?.addEventListener('abort', () =>
            setTimeout(() => {
              settled = true;
              reject(new BpdiffError('INTERRUPTED', 'interrupted'));
            }, 20),
          );
          setTimeout(() => signals.emit(signal), 5);
        }),
    };
    expect(await runCli([...LIVE.slice(0, 6), '--quiet', '-o', 'r.json', ...LIVE.slice(6)], io, deps)).toBe(code);
    expect(settled).toBe(true);
    expect(err).toEqual([`bpdiff: interrupted by ${signal} — both runs were stopped and nothing was written\n`]);
    expect(out).toEqual([]);
    expect(fs.existsSync(path.join(dir, 'r.json'))).toBe(false);
    expect(signals.listenerCount('SIGINT') + signals.listenerCount('SIGTERM') + signals.listenerCount('SIGHUP')).toBe(
      0,
    );
  });

  it('a second signal exits at once', async () => {
    const signals = new EventEmitter();
    const exits: number[] = [];
    const deps: IoDeps = {
      signals: signals as never,
      forceExit: ((c: number) => {
        exits.push(c);
      }) as never,
      captureRuns: (_s, _o, hooks) =>
        new Promise((_resolve, reject) => {
          hooks?.signal?.addEventListener('abort', () => setTimeout(() => reject(new Error('aborted')), 30));
          setTimeout(() => {
            signals.emit('SIGINT');
            signals.emit('SIGINT');
          }, 5);
        }),
    };
    expect(await runCli([...LIVE.slice(0, 6), '--quiet', ...LIVE.slice(6)], io, deps)).toBe(130);
    expect(exits).toEqual([130]);
  });
});
