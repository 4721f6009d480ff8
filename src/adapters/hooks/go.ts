// dlv (Delve's DAP server): what the data in adapters/go.json cannot say.
// - `go run` and `go test` are built here, with optimisations off (-gcflags=all=-N -l) into this run's
//   own temp folder, and the binary is launched in dlv's `exec` mode: the build gets a time limit of
//   its own (--timeout is the program's), its own error (the compiler's first message), and its time
//   is recorded. `go test` flags become the test binary's -test.* flags; it runs in the package's folder.
// - A prebuilt binary is launched as it is, with a warning when its build info says it was optimised.
// - Map entries: dlv prints them in hash order, which changes with every run; they are sorted.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { BpdiffError } from '../../errors.js';
import { killTree } from '../../process/process-tree.js';
import { whichSync } from '../find-executable.js';
import { resolveProgram } from '../prepare-launch.js';
import type { AdapterHooks, LaunchContext, LaunchPlan } from './types.js';

/** The build's own limit when --timeout is shorter; BPDIFF_BUILD_TIMEOUT (seconds) replaces it. */
export const BUILD_TIMEOUT_SECONDS = 600;
const NO_OPTIMISATIONS = '-gcflags=all=-N -l';

/** go build flags that take a value (`-tags x` or `-tags=x`); the others are boolean. */
const BUILD_VALUE_FLAGS = new Set([
  'C', 'p', 'asmflags', 'buildmode', 'compiler', 'gccgoflags', 'gcflags', 'installsuffix', 'ldflags', 'mod', 'modfile',
  'overlay', 'pgo', 'pkgdir', 'tags', 'toolexec', 'covermode', 'coverpkg',
]);
/** go test flags that belong to the test binary (as -test.NAME), by whether they take a value. */
const TEST_VALUE_FLAGS = new Set([
  'bench', 'benchtime', 'blockprofile', 'blockprofilerate', 'count', 'coverprofile', 'cpu', 'cpuprofile', 'fuzz',
  'fuzzminimizetime', 'fuzztime', 'list', 'memprofile', 'memprofilerate', 'mutexprofile', 'mutexprofilefraction',
  'outputdir', 'parallel', 'run', 'shuffle', 'skip', 'timeout', 'trace',
]);
const TEST_BOOL_FLAGS = new Set(['benchmem', 'failfast', 'short', 'v', 'fullpath']);

export type GoCommand =
  | { kind: 'run'; buildFlags: string[]; packages: string[]; args: string[] }
  | { kind: 'test'; buildFlags: string[]; package: string; testArgs: string[]; ignored: string[] }
  | { kind: 'exec'; program: string; args: string[] };

interface Flag {
  name: string;
  /** The words the flag took (one, or two for `-name value`). */
  words: string[];
  value: string | undefined;
}

/** `-name`, `--name`, `-name=value`; `takesValue` says whether a bare `-name` eats the next word. */
function readFlag(words: string[], index: number, takesValue: (name: string) => boolean): Flag {
  const word = words[index]!;
  const body = word.replace(/^--?/, '');
  const eq = body.indexOf('=');
  if (eq >= 0) return { name: body.slice(0, eq), words: [word], value: body.slice(eq + 1) };
  if (takesValue(body) && index + 1 < words.length) return { name: body, words: [word, words[index + 1]!], value: words[index + 1] };
  return { name: body, words: [word], value: undefined };
}

const isFlag = (word: string): boolean => word.startsWith('-') && word !== '-' && word !== '--';

/** Takes a Go command apart the way the go tool would. Exported for tests. */
export function parseGoCommand(argv: string[]): GoCommand {
  const [first, sub, ...rest] = argv;
  if (path.basename(first ?? '') !== 'go') return { kind: 'exec', program: first!, args: argv.slice(1) };
  if (sub === 'run') return parseGoRun(rest);
  if (sub === 'test') return parseGoTest(rest);
  throw new BpdiffError('BAD_COMMANDS', `bpdiff debugs "go run", "go test" or a built binary, not "go ${sub ?? ''}" — write the command as "go run . args" or "go test ./pkg -run TestX"`);
}

function parseGoRun(words: string[]): GoCommand {
  const buildFlags: string[] = [];
  let i = 0;
  while (i < words.length && isFlag(words[i]!)) {
    const flag = readFlag(words, i, (name) => BUILD_VALUE_FLAGS.has(name) || name === 'exec' || name === 'o');
    if (flag.name === 'exec') throw new BpdiffError('BAD_COMMANDS', 'go run -exec cannot be debugged — run the program without -exec');
    buildFlags.push(...flag.words);
    i += flag.words.length;
  }
  if (words[i] === '--') i++;
  const packages: string[] = [];
  if (i < words.length && words[i]!.endsWith('.go')) {
    while (i < words.length && words[i]!.endsWith('.go')) packages.push(words[i++]!);
  } else if (i < words.length) {
    packages.push(words[i++]!);
  }
  if (packages.length === 0) throw new BpdiffError('BAD_COMMANDS', 'go run needs a package or .go files — write the command as "go run . args" or "go run ./cmd/x args"');
  return { kind: 'run', buildFlags, packages, args: words.slice(i) };
}

function parseGoTest(words: string[]): GoCommand {
  const buildFlags: string[] = [];
  const testArgs: string[] = [];
  const packages: string[] = [];
  const ignored: string[] = [];
  for (let i = 0; i < words.length; ) {
    const word = words[i]!;
    if (word === '-args' || word === '--args') {
      testArgs.push(...words.slice(i + 1));
      break;
    }
    if (!isFlag(word)) {
      packages.push(word);
      i++;
      continue;
    }
    const flag = readFlag(words, i, (name) => {
      const bare = name.replace(/^test\./, '');
      return BUILD_VALUE_FLAGS.has(name) || TEST_VALUE_FLAGS.has(bare) || ['o', 'exec', 'vet'].includes(name);
    });
    i += flag.words.length;
    const bare = flag.name.replace(/^test\./, '');
    if (TEST_VALUE_FLAGS.has(bare) || TEST_BOOL_FLAGS.has(bare)) {
      testArgs.push(flag.value === undefined ? `-test.${bare}` : `-test.${bare}=${flag.value}`);
    } else if (['c', 'o', 'exec', 'vet', 'json', 'i'].includes(flag.name)) {
      // go test's own flags: -c/-o are bpdiff's to choose; -vet and -json do not change what the test computes.
      if (flag.name === 'exec') throw new BpdiffError('BAD_COMMANDS', 'go test -exec cannot be debugged — run the tests without -exec');
      ignored.push(flag.words.join(' '));
    } else if (BUILD_VALUE_FLAGS.has(flag.name) || ['a', 'n', 'race', 'msan', 'asan', 'cover', 'work', 'x', 'trimpath', 'linkshared', 'modcacherw', 'buildvcs'].includes(flag.name)) {
      buildFlags.push(...flag.words);
    } else {
      testArgs.push(...flag.words); // an unknown flag goes to the test binary, as go test does
    }
  }
  if (packages.length > 1 || packages.some((pkg) => pkg.includes('...'))) {
    throw new BpdiffError('BAD_COMMANDS', `bpdiff debugs one test package at a time (got ${packages.join(' ')}) — name the package that holds the breakpoint, e.g. "go test ./pkg -run TestX"`);
  }
  return { kind: 'test', buildFlags, package: packages[0] ?? '.', testArgs, ignored };
}

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
  if (!go) throw new BpdiffError('ADAPTER_MISSING', 'the go tool is not installed (needed to build the program) — install it with: apt-get install -y delve golang-go');
  return go;
}

interface BuildResult {
  ms: number;
}

/** Runs `go build`/`go test -c` with its own time limit; the build is killed with everything it started. */
async function goBuild(go: string, args: string[], cwd: string, env: Record<string, string>, context: LaunchContext, limitSeconds: number): Promise<BuildResult> {
  context.log(`building: go ${args.join(' ')}`);
  const started = performance.now();
  const child = execa(go, args, { cwd, env, extendEnv: false, reject: false, stdin: 'ignore', detached: true, all: true, cancelSignal: context.signal });
  if (child.pid !== undefined) context.track(child.pid);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    if (child.pid !== undefined) killTree([child.pid], []);
  }, limitSeconds * 1000);
  const result = await child.finally(() => clearTimeout(timer));
  const ms = Math.round(performance.now() - started);
  if (context.signal.aborted) throw new BpdiffError('INTERRUPTED', 'interrupted');
  if (timedOut) {
    throw Object.assign(
      new BpdiffError('BUILD_TIMEOUT', `go ${args[0]} did not finish within ${limitSeconds} s (set BPDIFF_BUILD_TIMEOUT to allow longer)`),
      { seconds: limitSeconds },
    );
  }
  if (result.exitCode !== 0) {
    const output = String(result.all ?? '');
    throw new BpdiffError('BUILD_FAILED', `go ${args[0]} failed in ${cwd}: ${firstBuildError(output)} — fix the build, then run bpdiff again`);
  }
  return { ms };
}

/** The compiler's first error (`file.go:12:3: undefined: x`), else go's first line that is not a package header. */
export function firstBuildError(output: string): string {
  const lines = output.split('\n').map((line) => line.trim()).filter(Boolean);
  const compiler = lines.find((line) => /\.go:\d+(:\d+)?: /.test(line));
  return compiler ?? lines.find((line) => !line.startsWith('#')) ?? 'no message';
}

/** Where a test package's sources are: go test runs the test binary there. */
async function packageDir(go: string, pkg: string, cwd: string, env: Record<string, string>): Promise<string> {
  if (pkg === '.' || pkg === '..' || pkg.startsWith('./') || pkg.startsWith('../') || path.isAbsolute(pkg)) return path.resolve(cwd, pkg);
  const listed = await execa(go, ['list', '-f', '{{.Dir}}', pkg], { cwd, env, extendEnv: false, reject: false, stdin: 'ignore', timeout: 60_000 });
  if (listed.exitCode !== 0 || !listed.stdout.trim()) {
    throw new BpdiffError('BUILD_FAILED', `go cannot find the package ${pkg}: ${firstBuildError(String(listed.stderr))} — check the package after "go test"`);
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
  const info = await execa(go, ['version', '-m', program], { cwd, env, extendEnv: false, reject: false, stdin: 'ignore', timeout: 15_000 });
  if (info.exitCode !== 0) return null;
  if (builtOptimised(String(info.stdout)) !== true) return null;
  return `${path.basename(program)} was built with optimisations: dlv may show some variables as unreadable or leave them out — rebuild it with go build -gcflags='all=-N -l' to see every variable`;
}

async function prepare(context: LaunchContext, plan: LaunchPlan): Promise<LaunchPlan> {
  const { spec, tempDir, options } = context;
  const command = parseGoCommand(spec.argv);
  const runEnv = { ...process.env, ...spec.env } as Record<string, string>;
  const warnings = [...plan.warnings];
  const launch: Record<string, unknown> = { ...plan.launch, mode: 'exec' };

  if (command.kind === 'exec') {
    const program = resolveProgram(command.program, spec.cwd, runEnv);
    const warning = await optimisationWarning(program, runEnv, spec.cwd);
    if (warning) warnings.push(warning);
    return { ...plan, launch: { ...launch, program, args: command.args, cwd: spec.cwd }, warnings };
  }

  const go = findGo(runEnv, spec.cwd);
  const buildEnv = { ...runEnv, ...goToolEnv(runEnv) };
  const fromEnv = Number(runEnv.BPDIFF_BUILD_TIMEOUT);
  const limit = Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : Math.max(BUILD_TIMEOUT_SECONDS, options.run.timeout_seconds);
  if (command.buildFlags.some((flag) => /^--?gcflags/.test(flag))) {
    warnings.push(`the -gcflags given to go were overridden by ${NO_OPTIMISATIONS} (optimisations off, so that dlv can read every variable)`);
  }
  // User flags first, ours last (for -gcflags the last match wins). -buildvcs=false: no git calls, no VCS stamping errors.
  if (command.kind === 'run') {
    const output = path.join(tempDir, 'debuggee');
    const built = await goBuild(go, ['build', '-buildvcs=false', ...command.buildFlags, NO_OPTIMISATIONS, '-o', output, ...command.packages], spec.cwd, buildEnv, context, limit);
    return { ...plan, launch: { ...launch, program: output, args: command.args, cwd: spec.cwd }, buildMs: built.ms, warnings };
  }
  const dir = await packageDir(go, command.package, spec.cwd, buildEnv);
  const output = path.join(tempDir, 'debuggee.test');
  const built = await goBuild(go, ['test', '-c', ...command.buildFlags, NO_OPTIMISATIONS, '-o', output, command.package], spec.cwd, buildEnv, context, limit);
  if (!fs.existsSync(output)) {
    throw new BpdiffError('BUILD_FAILED', `go test -c built nothing for ${command.package}: the package has no test files — name a package with tests`);
  }
  if (command.ignored.length > 0) warnings.push(`go test flags with no effect under bpdiff were left out: ${command.ignored.join(' ')}`);
  return { ...plan, launch: { ...launch, program: output, args: command.testArgs, cwd: dir }, buildMs: built.ms, warnings };
}

const versions = new Map<string, Promise<string | null>>();

async function version(plan: LaunchPlan): Promise<string | null> {
  let found = versions.get(plan.adapterExecutable);
  if (!found) {
    found = execa(plan.adapterExecutable, ['version'], { reject: false, stdin: 'ignore', timeout: 10_000 }).then(
      (result) => /Version:\s*(\S+)/.exec(String(result.stdout))?.[1] ?? null,
      () => null,
    );
    versions.set(plan.adapterExecutable, found);
  }
  return found;
}

/**
 * dlv writes a map as `map[K]V [k1: v1, k2: v2, ]` in the map's hash order, which Go seeds anew in
 * every run: the entries are sorted, at every depth, so that equal maps compare equal. A map dlv
 * loaded only in part (`..., ,...+36 more]`) or whose value it cut at 256 characters (`"k9": 1...`)
 * shows a different subset each run: its entries are replaced by their count (`[…100 entries]`) or
 * by `[…]`; its children (`m["key"]`) still compare one by one.
 */
export function sortMapEntries(value: string): string {
  if (!value.includes(', ')) return value;
  return rewriteGroups(value);
}

const collator = new Intl.Collator('en', { numeric: true });

function rewriteGroups(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
      continue;
    }
    if (char === '[') {
      const close = matchingClose(text, i);
      if (close === MISMATCHED) return out + text.slice(i);
      if (close === UNTERMINATED) return out + (isCutMapList(text.slice(i + 1)) ? '[…]' : text.slice(i));
      out += `[${rewriteList(rewriteGroups(text.slice(i + 1, close)))}]`;
      i = close + 1;
      continue;
    }
    out += char;
    i++;
  }
  return out;
}

/** The start of an entry list dlv cut short: whole entries (`k: v`) before the cut. */
function isCutMapList(rest: string): boolean {
  const pieces = splitTopLevel(rest);
  return pieces.length >= 2 && pieces.slice(0, -1).every((entry) => hasTopLevelColon(entry));
}

function rewriteList(inner: string): string {
  const pieces = splitTopLevel(inner);
  if (pieces.length < 2) return inner;
  const last = pieces[pieces.length - 1]!;
  const entries = pieces.slice(0, -1);
  if (!entries.every((entry) => hasTopLevelColon(entry))) return inner;
  if (last === '') return `${[...entries].sort((x, y) => collator.compare(x, y) || (x < y ? -1 : x > y ? 1 : 0)).join(', ')}, `;
  const more = /^,\.\.\.\+(\d+) more$/.exec(last);
  if (more) return `…${entries.length + Number(more[1])} entries`;
  return inner;
}

/** Splits on `, ` outside strings and brackets. */
function splitTopLevel(text: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"') {
      i = stringEnd(text, i) - 1;
    } else if (char === '[' || char === '{' || char === '(') {
      depth++;
    } else if (char === ']' || char === '}' || char === ')') {
      depth--;
    } else if (depth === 0 && char === ',' && text[i + 1] === ' ') {
      pieces.push(text.slice(start, i));
      start = i + 2;
      i++;
    }
  }
  pieces.push(text.slice(start));
  return pieces;
}

function hasTopLevelColon(entry: string): boolean {
  let depth = 0;
  for (let i = 0; i < entry.length; i++) {
    const char = entry[i]!;
    if (char === '"') i = stringEnd(entry, i) - 1;
    else if (char === '[' || char === '{' || char === '(') depth++;
    else if (char === ']' || char === '}' || char === ')') depth--;
    else if (depth === 0 && char === ':' && entry[i + 1] === ' ') return true;
  }
  return false;
}

/** Index just past the string literal starting at `start` (a `"` with backslash escapes). */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}

const MISMATCHED = -1;
const UNTERMINATED = -2;

function matchingClose(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"') i = stringEnd(text, i) - 1;
    else if (char === '[' || char === '{' || char === '(') depth++;
    else if (char === ']' || char === '}' || char === ')') {
      depth--;
      if (depth === 0) return char === ']' ? i : MISMATCHED;
    }
  }
  return UNTERMINATED;
}

export const goHooks: AdapterHooks = {
  prepare,
  version,
  normaliseValue: sortMapEntries,
};
