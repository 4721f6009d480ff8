// Shared by the integration tests: run the built bpdiff as a user would, find any process it left
// behind, and require the adapters a test needs (a missing adapter fails in CI, skips visibly elsewhere).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa, execaSync } from 'execa';
import { describe, expect } from 'vitest';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = path.join(ROOT, 'dist/bin/bpdiff.cjs');
export const EXAMPLES = path.join(ROOT, 'examples');

export interface BpdiffRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON when it is JSON. */
  doc: ComparisonDoc | null;
  /** Processes still alive that the run started (should always be empty). */
  leftovers: string[];
}

/** The result document, loosely typed for assertions. */
export interface ComparisonDoc {
  breakpoint: { file: string; line: number; condition?: string };
  run_a: RunDoc;
  run_b: RunDoc;
  diff: {
    changed: Record<string, { a: string; b: string }>;
    unchanged: string[];
    only_in_a: string[];
    only_in_b: string[];
  };
  analysis_hints: string[];
  context?: string;
  /** A locate's finding (src/core/types.ts LocateFinding). */
  locate?: import('../../src/core/types.js').LocateFinding;
}
export interface RunDoc {
  label: string;
  command: string;
  status: 'break' | 'no_break';
  location: { file: string; line: number };
  variables: Record<string, string>;
}

const MARK = 'BPDIFF_TEST_MARK';

/**
 * Runs `node dist/bin/bpdiff.cjs ...args`. Every process bpdiff starts inherits a marker in its
 * environment; after bpdiff exits, any live process carrying the marker is a leak.
 */
export async function runBpdiff(
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<BpdiffRun> {
  const mark = randomUUID();
  const result = await execa(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    env: { ...options.env, [MARK]: mark },
    reject: false,
    timeout: options.timeoutMs ?? 150_000,
    stdin: 'ignore',
  });
  let doc: ComparisonDoc | null = null;
  try {
    doc = JSON.parse(result.stdout) as ComparisonDoc;
  } catch {
    doc = null;
  }
  return {
    exitCode: result.exitCode ?? -1,
    stdout: result.stdout,
    stderr: result.stderr,
    doc,
    leftovers: await leftoverProcesses(mark),
  };
}

/**
 * `bpdiff locate` of a pair whose runs part ways, every line and then by effects (the default): `options`
 * (an adapter, B's environment) before the two commands, `argv` the command of both runs, from `cwd`.
 * Each walk exits 1 and leaves no process behind, and `check` checks its document, told the mode
 * (['--every-line'] or []).
 */
export async function locateBothModes(
  options: string[],
  argv: string[],
  cwd: string,
  check: (run: BpdiffRun, mode: string[]) => void,
): Promise<void> {
  for (const mode of [['--every-line'], []]) {
    const run = await runBpdiff(['locate', ...options, ...mode, '--', ...argv, '--', ...argv], { cwd });
    expect(run.leftovers).toEqual([]);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.doc, `no document on stdout; stderr:\n${run.stderr}`).not.toBeNull();
    // Nor does it say a run could not be debugged: not of the pair started ahead of a restart that never came (run/spare-starts.ts).
    expect(run.stderr).not.toMatch(/could not be debugged/);
    check(run, mode);
  }
}

/**
 * bpdiff started in the background with `BPDIFF_TEST_MARK=<mark>`, handed back once both runs' programs
 * run (`pattern`, a progress line, seen twice on its stderr), for a test that then signals it and looks
 * for what it left behind. Rejects with its stderr if it ends first or 30 s pass.
 */
export async function startBpdiffUntilRunning(
  args: string[],
  options: { mark: string; pattern: RegExp; env?: Record<string, string> },
): Promise<{ child: ReturnType<typeof execa>; stderr: string }> {
  const child = execa(process.execPath, [BIN, ...args], {
    env: { ...options.env, [MARK]: options.mark },
    reject: false,
    stdin: 'ignore',
  });
  let stderr = '';
  const global = new RegExp(options.pattern.source, 'g');
  const seen = () => (stderr.match(global) ?? []).length;
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (why: string) => {
        clearTimeout(timer);
        reject(
          new Error(
            `bpdiff ${why} before both runs printed ${String(options.pattern)} (seen ${seen()}); its stderr:\n${stderr}`,
          ),
        );
      };
      const timer = setTimeout(() => fail('took 30 s'), 30_000);
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (seen() >= 2) {
          clearTimeout(timer);
          resolve();
        }
      });
      void child.then((result) => fail(`ended (exit ${String(result.exitCode)})`));
    });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { child, stderr };
}

interface Timed {
  timing: { started_at: string; duration_ms: number };
}

/** Two captures that ran at once: B started well before A was half done. */
export function ranAtOnce(a: Timed, b: Timed): boolean {
  return Math.abs(Date.parse(b.timing.started_at) - Date.parse(a.timing.started_at)) < a.timing.duration_ms / 2;
}

/** B started once A had ended. started_at is wall-clock ms and duration_ms monotonic: allow 2 ms. */
export function ranOneAfterTheOther(a: Timed, b: Timed): boolean {
  return Date.parse(b.timing.started_at) >= Date.parse(a.timing.started_at) + a.timing.duration_ms - 2;
}

/** Live (non-zombie) processes whose environment holds `BPDIFF_TEST_MARK=<mark>`. */
export async function leftoverProcesses(mark: string): Promise<string[]> {
  const needle = `${MARK}=${mark}`;
  const found: string[] = [];
  // A process being killed may linger for a moment: look twice before calling it a leak.
  for (let attempt = 0; attempt < 2; attempt++) {
    found.length = 0;
    for (const name of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
        const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
        if (state === 'Z' || state === 'X') continue;
        const environ = fs.readFileSync(`/proc/${name}/environ`, 'utf8');
        if (!environ.split('\0').includes(needle)) continue;
        const cmdline = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').trim();
        found.push(`${name} ${cmdline}`);
      } catch {
        // gone already
      }
    }
    if (found.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return found;
}

/**
 * The processes marked `mark` still live once they have had `withinMs` to end: for a test whose
 * bpdiff was killed outright, so that what it started ends on its reaper's watch, not at once.
 */
export async function leftoversAfter(mark: string, withinMs: number): Promise<string[]> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const found = await leftoverProcesses(mark);
    if (found.length === 0 || Date.now() >= deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A describe block for tests that need an external tool. Outside CI a missing tool skips the block
 * with a visible reason; in CI (CI=true) the block runs and fails loudly, because CI installs every
 * tool it tests, except an `optionalInCi` one (a Rust toolchain: Debian's is old, so CI uses the
 * machine's own when there is one, and says which ran).
 */
export function describeWithTool(
  title: string,
  tool: string,
  available: boolean,
  body: () => void,
  options: { optionalInCi?: boolean } = {},
): void {
  if (!available && (!process.env.CI || options.optionalInCi)) {
    console.warn(
      `SKIPPED "${title}": ${tool} is not installed here${options.optionalInCi ? '' : ' (CI installs it; see .ci/run)'}`,
    );
    describe.skip(title, body);
    return;
  }
  describe(title, body);
}

export function onPath(name: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, name), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Which counter of passes gdb and lldb-dap get on this machine (adapters/native/bpdiff_cpu_count.py):
 * 'breakpoint' (a hardware breakpoint register: the signal's stop is pass N), 'uprobe' (the kernel's,
 * as root: the signal comes as pass N - 1 starts, and the breakpoint stops pass N), or null where none
 * counts (the debugger counts as before), with a warning that says why.
 */
export function cpuCountKind(): 'breakpoint' | 'uprobe' | null {
  const answer = execaSync('python3', [path.join(ROOT, 'adapters/native/bpdiff_cpu_count.py')], {
    reject: false,
  }).stdout.trim();
  const kind = /^ok \((breakpoint|uprobe)\)$/.exec(answer)?.[1];
  if (kind === 'breakpoint' || kind === 'uprobe') return kind;
  console.warn(`no pass count of the CPU's or the kernel's on this machine (${answer}): its own cases are skipped`);
  return null;
}
