// dlv (Delve's DAP server): what the data in adapter.json cannot say.
// - `go run` and `go test` (taken apart in go-command.ts) are built here, with optimisations off
//   (-gcflags=all=-N -l) into this run's own temp folder, and the binary is launched in dlv's `exec`
//   mode: the build gets the build time limit (--timeout is the program's), its own error (the
//   compiler's first message), and its time is recorded. `go test` runs in the package's folder.
// - A prebuilt binary is launched as it is, with a warning when its build info says it was optimised.
// - Map entries: dlv prints them in hash order, which changes with every run; they are sorted (map-entries.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BpdiffError } from '../../src/errors.js';
import { whichSync } from '../../src/adapters/find-executable.js';
import { helperScript, type AdapterHooks, type LaunchContext, type LaunchPlan } from '../../src/adapters/hooks.js';
import { memoAsync } from '../../src/adapters/memo.js';
import { cachedFact } from '../../src/adapters/fact-cache.js';
import { runProbe } from '../../src/adapters/probe.js';
import { resolveProgram } from '../../src/adapters/prepare-launch.js';
import { buildOnce, runBuild, summariseBuildOutput } from '../../src/adapters/run-build.js';
import { runEnvironment } from '../../src/adapters/run-env.js';
import { callbackFunctions } from './callback-functions.js';
import { parseGoCommand } from './go-command.js';
import { holdsCount, PASS_ENV, planPasses, writeOverlay } from './pass-count.js';
import { sortMapEntries } from './map-entries.js';

const NO_OPTIMISATIONS = '-gcflags=all=-N -l';

/** The environment the go tool needs: a build cache and GOPATH it can write (a fresh CI user or HOME=/ may have none). */
export function goToolEnv(env: Record<string, string>): Record<string, string> {
  const extra: Record<string, string> = {};
  const cacheRoot = env.XDG_CACHE_HOME || (env.HOME ? path.join(env.HOME, '.cache') : '');
  if (!env.GOCACHE && !(cacheRoot && creatable(path.join(cacheRoot, 'go-build')))) {
    extra.GOCACHE = path.join(os.tmpdir(), `bpdiff-go-cache-${os.userInfo().uid}`);
  }
  // GOPATH (the module cache) must only be defined; go creates it when it downloads a module.
  if (!env.GOPATH && !env.HOME) extra.GOPATH = path.join(os.tmpdir(), `bpdiff-gopath-${os.userInfo().uid}`);
  return extra;
}

/**
 * go creates its cache folder on first use; doing it here tells whether it can (access() says yes to
 * root everywhere). One level at a time: a recursive mkdir under /proc never returns.
 */
function creatable(dir: string): boolean {
  const missing: string[] = [];
  for (let current = dir; !fs.existsSync(current); current = path.dirname(current)) {
    if (path.dirname(current) === current) return false;
    missing.unshift(current);
  }
  try {
    for (const folder of missing) fs.mkdirSync(folder);
    fs.accessSync(dir, fs.constants.W_OK);
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

function findGo(env: Record<string, string>, cwd: string): string {
  const go = whichSync('go', cwd, env.PATH);
  if (!go)
    throw new BpdiffError(
      'ADAPTER_MISSING',
      'the go tool is not installed (needed to build the program) — install it with: apt-get install -y delve golang-go',
    );
  return go;
}

/** The compiler's first error (`file.go:12:3: undefined: x`); null for another failure, whose last lines say more (`go: errors parsing go.mod:` and the line after it). */
export function firstBuildError(output: string): string | null {
  return (
    output
      .split('\n')
      .map((line) => line.trim())
      .find((line) => /\.go:\d+(:\d+)?: /.test(line)) ?? null
  );
}

/** Where a test package's sources are: go test runs the test binary there. */
async function packageDir(go: string, pkg: string, cwd: string, env: Record<string, string>): Promise<string> {
  if (pkg === '.' || pkg === '..' || pkg.startsWith('./') || pkg.startsWith('../') || path.isAbsolute(pkg))
    return path.resolve(cwd, pkg);
  const listed = await runProbe(go, ['list', '-f', '{{.Dir}}', pkg], { cwd, env, timeoutMs: 60_000 });
  if (listed.exitCode !== 0 || !listed.stdout.trim()) {
    throw new BpdiffError(
      'BUILD_FAILED',
      `go cannot find the package ${pkg}: ${summariseBuildOutput(listed.stderr, firstBuildError) ?? `exit code ${listed.exitCode}`} — check the package after "go test"`,
    );
  }
  return listed.stdout.trim().split('\n')[0]!;
}

/** What the binary's build info says about optimisations: `-gcflags` with -N, or none (optimised). Null when it cannot tell. */
export function builtOptimised(buildInfo: string): boolean | null {
  const settings = buildInfo.split('\n').filter((line) => /^\s*build\s/.test(line));
  if (settings.length === 0) return null;
  const gcflags = settings.find((line) => /^\s*build\s+-gcflags=/.test(line));
  return !(gcflags && /(^|[\s="])-N(\s|"|$)/.test(gcflags.replace(/^\s*build\s+-gcflags=/, ' ')));
}

async function optimisationWarning(program: string, env: Record<string, string>, cwd: string): Promise<string | null> {
  const go = whichSync('go', cwd, env.PATH);
  if (!go) return null;
  // The build info only changes with the binary: kept in the user's cache folder per path, mtime and size.
  const optimised = await cachedFact<boolean | null>({
    executable: program,
    key: `go-optimised\0${go}`,
    compute: async () => {
      const info = await runProbe(go, ['version', '-m', program], { cwd, env, timeoutMs: 15_000 });
      return info.exitCode === 0 ? builtOptimised(info.stdout) : null;
    },
    keep: (value) => value !== null,
  });
  if (optimised !== true) return null;
  return `${path.basename(program)} was built with optimisations: dlv may show some variables as unreadable or leave them out — rebuild it with go build -gcflags='all=-N -l' to see every variable`;
}

async function prepare(context: LaunchContext, given: LaunchPlan): Promise<LaunchPlan> {
  const { spec, tempDir } = context;
  const command = parseGoCommand(spec.argv);
  const runEnv = runEnvironment(spec);
  // dlv answers each trap (a breakpoint pass it counts for --hit N, a step) through its ptrace thread
  // and its DAP goroutines: on two Ps, the wake-ups between them cross threads and CPUs; a pass
  // counted on one CPU took 0.34 ms with dlv on two Ps and 0.21 ms on one (bench/programs/hit).
  const plan: LaunchPlan = { ...given, adapterEnv: { ...given.adapterEnv, GOMAXPROCS: '1' } };
  const warnings = [...plan.warnings];
  // dlv computes the package variables at every `scopes` request when it shows them (~30 ms a stop
  // in a small program): only when they are read (--scope globals).
  const launch: Record<string, unknown> = {
    ...plan.launch,
    mode: 'exec',
    showGlobalVariables: context.options.values.scope === 'globals',
    // dlv's own Go scheduler on one P (GOMAXPROCS=1, above), and the program's as the run's
    // environment has it: dlv passes its environment on, and null takes a variable away.
    env: { ...spec.env, GOMAXPROCS: runEnv.GOMAXPROCS ?? null },
  };

  if (command.kind === 'exec') {
    const program = resolveProgram(command.program, spec.cwd, runEnv);
    const warning = await optimisationWarning(program, runEnv, spec.cwd);
    if (warning) warnings.push(warning);
    return { ...plan, launch: { ...launch, program, args: command.args, cwd: spec.cwd }, warnings };
  }

  const go = findGo(runEnv, spec.cwd);
  // go's work folders (go-build*) go inside the run's own folder, which bpdiff removes even after Ctrl-C.
  const goTmp = path.join(tempDir, 'go-tmp');
  fs.mkdirSync(goTmp, { recursive: true });
  const buildEnv = { ...runEnv, ...goToolEnv(runEnv), GOTMPDIR: goTmp };
  if (command.buildFlags.some((flag) => /^--?gcflags/.test(flag))) {
    warnings.push(
      `the -gcflags given to go were overridden by ${NO_OPTIMISATIONS} (optimisations off, so that dlv can read every variable)`,
    );
  }
  // Built once per comparison for the same inputs (a walk's restarts, the other run of the same
  // program): the sources are not expected to change while bpdiff compares them, and the program's own
  // arguments are not among the inputs (one program on two inputs is built once). User flags first,
  // ours last (for -gcflags the last match wins). -buildvcs=false: no git calls, no VCS stamping errors.
  const build = (label: string, name: string, head: string[], tail: string[]) =>
    buildOnce(context, { go, cwd: spec.cwd, env: runEnv, label, head, tail }, async (dir) => {
      const output = path.join(dir, name);
      const args = [...head, '-o', output, ...tail];
      const built = await runBuild(context, {
        label,
        file: go,
        args,
        cwd: spec.cwd,
        env: buildEnv,
        firstError: firstBuildError,
      });
      return { output, ms: built.ms };
    });
  const flags = [...command.buildFlags, NO_OPTIMISATIONS];
  // --hit N counted by the program (pass-count.ts), where the line allows: else dlv counts.
  const counting = await passOverlay(context, go, buildEnv);
  /** Built with the count where there is one and the binary holds it; else as always. */
  const built = async (label: string, name: string, head: string[], tail: string[]) => {
    if (counting !== null) {
      const made = await build(label, name, [...head, `-overlay=${counting.overlay}`], tail);
      if (await holdsCount(go, made.output, counting.file, counting.line, spec.cwd)) return { ...made, counted: true };
      context.log(
        `the build holds no count of ${counting.file}:${counting.line} (its code not built in): dlv counts the passes`,
      );
    }
    return { ...(await build(label, name, head, tail)), counted: false };
  };
  const passes = (counted: boolean): Partial<LaunchPlan> =>
    counted && counting !== null ? { passesCounted: counting.count - 1 } : {};
  const countEnv = (counted: boolean): Record<string, string> =>
    counted && counting !== null ? { [PASS_ENV]: String(counting.count) } : {};
  if (command.kind === 'run') {
    const { output, ms, counted } = await built(
      'go build',
      'debuggee',
      ['build', '-buildvcs=false', ...flags],
      command.packages,
    );
    return {
      ...plan,
      launch: {
        ...launch,
        env: { ...(launch.env as Record<string, string | null>), ...countEnv(counted) },
        program: output,
        args: command.args,
        cwd: spec.cwd,
      },
      buildMs: ms,
      warnings,
      ...passes(counted),
    };
  }
  const dir = await packageDir(go, command.package, spec.cwd, buildEnv);
  const { output, ms, counted } = await built(
    'go test -c',
    'debuggee.test',
    ['test', '-c', ...flags],
    [command.package],
  );
  if (!fs.existsSync(output)) {
    throw new BpdiffError(
      'BUILD_FAILED',
      `go test -c built nothing for ${command.package}: the package has no test files — name a package with tests`,
    );
  }
  if (command.ignored.length > 0)
    warnings.push(`go test flags with no effect under bpdiff were left out: ${command.ignored.join(' ')}`);
  const tests = testFunctions(dir);
  return {
    ...plan,
    launch: {
      ...launch,
      env: { ...(launch.env as Record<string, string | null>), ...countEnv(counted) },
      program: output,
      args: command.testArgs,
      cwd: dir,
    },
    buildMs: ms,
    warnings,
    ...passes(counted),
    ...(tests.length > 0 ? { entryFunctions: tests } : {}),
  };
}

/**
 * The overlay that makes the program count the passes to --hit N (pass-count.ts), for a run that
 * only stops (context.passToReach), on a Go line with no condition that bpdiff_passplan.go finds a
 * statement starting; null, with why in the log, where there is none.
 */
async function passOverlay(
  context: LaunchContext,
  go: string,
  env: Record<string, string>,
): Promise<{ overlay: string; file: string; line: number; count: number } | null> {
  const count = context.passToReach;
  const { path: file, line, condition } = context.spec.breakpoint;
  if (count === undefined || count < 2 || condition !== undefined || !file.endsWith('.go')) return null;
  let tool: string;
  try {
    tool = helperScript(context.definition, 'bpdiff_passplan.go');
  } catch {
    return null;
  }
  const planned = await planPasses(go, tool, file, line, env, context.spec.cwd, context.tempDir);
  if ('why' in planned) {
    context.log(`dlv counts the passes to ${count} (${planned.why})`);
    return null;
  }
  return { overlay: writeOverlay(path.join(context.tempDir, 'go-pass'), file, line, planned), file, line, count };
}

/**
 * The functions a test binary of the package in `dir` runs of the package's own: its TestMain, tests
 * and fuzz tests, by name (dlv finds `TestTotal` in whichever package of the binary defines it). A
 * walk from where the program's own code starts starts in the first of them that runs: the binary's
 * main.main is the toolchain's, generated from no file of the user's.
 */
export function testFunctions(dir: string): string[] {
  const names = new Set<string>();
  let files: string[];
  try {
    files = fs.readdirSync(dir).filter((file) => file.endsWith('_test.go'));
  } catch {
    return [];
  }
  for (const file of files) {
    let text: string;
    try {
      text = fs.readFileSync(path.join(dir, file), 'utf8');
    } catch {
      continue;
    }
    for (const match of text.matchAll(/^func\s+((?:Test|Fuzz)[\p{L}\p{N}_]*)\s*\(/gmu)) names.add(match[1]!);
  }
  return [...names].sort();
}

const versions = memoAsync<string | null>();

/** dlv's version, asked once per dlv executable (path, mtime, size) and kept in the user's cache folder. */
function version(plan: LaunchPlan): Promise<string | null> {
  return versions(plan.adapterExecutable, () =>
    cachedFact<string | null>({
      executable: plan.adapterExecutable,
      key: 'dlv-version',
      compute: () =>
        runProbe(plan.adapterExecutable, ['version'], { cwd: process.cwd(), timeoutMs: 10_000 }).then(
          (result) => /Version:\s*(\S+)/.exec(result.stdout)?.[1] ?? null,
        ),
      keep: (value) => value !== null,
    }),
  );
}

const hooks: AdapterHooks = {
  prepare,
  version,
  normaliseValue: sortMapEntries,
  callbackFunctions,
};
export default hooks;
