// Which Python interpreter runs a command, and how, as the interpreter itself would take the command:
// the one the user typed (through pyenv shims, shebangs and console scripts such as `pytest`), its
// options (`-u -X dev`), and its target (a script, `-m pkg.mod`, `-c CODE`); and what it has (its own
// debugpy, its version), asked once and cached. Shared by the Python adapters' launches.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BpdiffError } from '../../src/errors.js';
import { whichSync } from '../../src/adapters/find-executable.js';
import { memoAsync } from '../../src/adapters/memo.js';
import { cachedFact } from '../../src/adapters/fact-cache.js';
import { runProbe } from '../../src/adapters/probe.js';
import { SHELLS } from '../../src/core/command-wrappers.js';

const INTERPRETER = /^(python|pypy)(\d+(\.\d+)*)?$/;
/** Interpreter options that take a value (`-X dev` or `-Xdev`). */
const OPTIONS_WITH_VALUE = new Set(['X', 'W', 'Q']);

export interface PythonCommand {
  /** The interpreter as typed or found in a shebang (may be a shim). */
  interpreter: string;
  interpreterOptions: string[];
  target: { program: string } | { module: string } | { code: string };
  args: string[];
}

/** Takes a command apart the way the Python interpreter would. Exported for tests. */
export function parsePythonCommand(argv: string[], cwd: string, envPath: string | undefined): PythonCommand {
  const first = argv[0]!;
  if (INTERPRETER.test(path.basename(first))) {
    const interpreter = whichSync(first, cwd, envPath) ?? notFound(first, cwd);
    return parseInterpreterArgs(interpreter, argv.slice(1));
  }
  // A script: an executable with a Python shebang, or a console script such as pytest.
  let script = whichSync(first, cwd, envPath) ?? notFound(first, cwd);
  script = throughPyenvShim(script, path.basename(first), cwd) ?? script;
  const head = readHead(script);
  const shebang = head === null ? null : shebangOf(head);
  if (!shebang || !INTERPRETER.test(shebangProgram(shebang))) {
    throw new BpdiffError('BAD_COMMANDS', notPython(argv, script, shebang, head !== null && isCompiled(head)));
  }
  let words = shebang;
  if (words[0] === '/usr/bin/env') words = words.slice(1).filter((word) => word !== '-S');
  const interpreter = whichSync(words[0]!, cwd, envPath) ?? notFound(words[0]!, cwd);
  return { interpreter, interpreterOptions: words.slice(1), target: { program: script }, args: argv.slice(1) };
}

function parseInterpreterArgs(interpreter: string, rest: string[]): PythonCommand {
  const options: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    if (word === '-m' || word.startsWith('-m')) {
      const module = word === '-m' ? rest[++i] : word.slice(2);
      if (!module)
        throw new BpdiffError(
          'BAD_COMMANDS',
          'python -m needs a module name — write the command as "python3 -m pkg.mod args"',
        );
      return { interpreter, interpreterOptions: options, target: { module }, args: rest.slice(i + 1) };
    }
    if (word === '-c' || word.startsWith('-c')) {
      const code = word === '-c' ? rest[++i] : word.slice(2);
      if (code === undefined) throw new BpdiffError('BAD_COMMANDS', 'python -c needs the code to run');
      return { interpreter, interpreterOptions: options, target: { code }, args: rest.slice(i + 1) };
    }
    if (word === '-' || !word.startsWith('-')) {
      if (word === '-')
        throw new BpdiffError(
          'BAD_COMMANDS',
          'bpdiff cannot debug a program read from stdin — save it to a file and give its path',
        );
      return { interpreter, interpreterOptions: options, target: { program: word }, args: rest.slice(i + 1) };
    }
    options.push(word);
    if (word.length === 2 && OPTIONS_WITH_VALUE.has(word[1]!) && i + 1 < rest.length) options.push(rest[++i]!);
  }
  throw new BpdiffError(
    'BAD_COMMANDS',
    `${path.basename(interpreter)} without a script, -m or -c starts a REPL — give the script to run`,
  );
}

/** A shell, by the name its command or shebang gives it (busybox's too). */
const SHELL = new Set([...SHELLS, 'busybox']);

/**
 * Why a command is not a Python program, and what to give instead: a shell starts the Python program
 * bpdiff would have to start itself (the command it runs is what to give), a compiled program is
 * another language's, and a text file without a python shebang is a script to start with python3.
 */
function notPython(argv: readonly string[], script: string, shebang: string[] | null, compiled: boolean): string {
  const first = argv[0]!;
  const shell = shebang === null ? path.basename(first) : shebangProgram(shebang);
  if (SHELL.has(shell)) {
    const code = shebang === null && argv[1] === '-c' ? argv[2] : undefined;
    return code !== undefined
      ? `${first} -c runs a shell, not a Python program — bpdiff starts the Python program itself: give it the command the shell runs (${code}) after --, and --cwd, --env for what the shell sets up`
      : `${first} is a shell ${shebang === null ? '' : 'script '}(${shell}), not a Python program — bpdiff starts the Python program itself: give it the python3 command the script runs after --, and --cwd, --env for what the script sets up`;
  }
  if (shebang === null && compiled)
    return `${first} is a compiled program, not a Python program — give the python3 command it runs, or choose the adapter of its language with --adapter`;
  return `${first} is not a Python program (no python shebang in ${script}) — start it as "python3 ${first} ..." or choose another adapter with --adapter`;
}

/** A file that starts as an ELF file does: a program compiled to machine code. */
function isCompiled(head: Buffer): boolean {
  return head.subarray(0, 4).toString('hex') === '7f454c46';
}

function notFound(name: string, cwd: string): never {
  throw new BpdiffError(
    'COMMAND_NOT_FOUND',
    `cannot find "${name}" (looked ${name.includes('/') ? `in ${cwd}` : 'on PATH'}) — check the command after --`,
  );
}

/** A file's first 256 bytes (its shebang line, or what it is), or null when it cannot be read. */
function readHead(file: string): Buffer | null {
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const buffer = Buffer.alloc(256);
      return buffer.subarray(0, fs.readSync(fd, buffer, 0, 256, 0));
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return null;
  }
}

/** The words of a file's `#!` line, or null when it has none. */
function shebangOf(head: Buffer): string[] | null {
  const text = head.toString('utf8');
  if (!text.startsWith('#!')) return null;
  return text.slice(2).split('\n')[0]!.trim().split(/\s+/);
}

/** The name of the program a shebang runs: its first word, or the one `/usr/bin/env [-S]` runs. */
function shebangProgram(shebang: readonly string[]): string {
  return path.basename(
    shebang[0] === '/usr/bin/env' ? (shebang.find((word, i) => i > 0 && !word.startsWith('-')) ?? '') : shebang[0]!,
  );
}

/** pyenv puts bash shims on PATH; `pyenv which` names the real file behind one. */
function throughPyenvShim(
  file: string,
  name: string,
  cwd: string,
  env: Record<string, string | undefined> = process.env,
): string | null {
  if (!file.includes(`${path.sep}shims${path.sep}`)) return null;
  const known = pyenvShimTarget(file, name, cwd, env);
  if (known) return known;
  const pyenv = whichSync('pyenv', cwd) ?? path.join(path.dirname(path.dirname(file)), 'bin', 'pyenv');
  if (!fs.existsSync(pyenv)) return null;
  try {
    const result = runForText(pyenv, ['which', name], cwd);
    return result && fs.existsSync(result) ? result : null;
  } catch {
    return null;
  }
}

/**
 * The file a pyenv shim runs, found the way `pyenv version-name` finds the version (PYENV_VERSION,
 * else the nearest .python-version from cwd up, else $(pyenv root)/version), without running pyenv
 * (a bash script: ~150 ms). Null when it cannot be told for sure (the "system" version, a version
 * prefix, a name without that command): the caller asks pyenv. Exported for tests.
 */
export function pyenvShimTarget(
  shim: string,
  name: string,
  cwd: string,
  env: Record<string, string | undefined>,
): string | null {
  const shims = path.dirname(shim);
  if (path.basename(shims) !== 'shims') return null;
  const root = path.dirname(shims);
  if (env.PYENV_ROOT && path.resolve(env.PYENV_ROOT) !== root) return null;
  if (!fs.existsSync(path.join(root, 'versions'))) return null;
  const versions = pyenvVersions(root, cwd, env);
  if (!versions || versions.length === 0) return null;
  for (const version of versions) {
    if (version === 'system') return null;
    const candidate = path.join(root, 'versions', version, 'bin', name);
    if (!fs.existsSync(path.join(root, 'versions', version))) return null; // a prefix ("3.11") pyenv itself resolves
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not in this version: pyenv tries the next one
    }
  }
  return null;
}

function pyenvVersions(root: string, cwd: string, env: Record<string, string | undefined>): string[] | null {
  const words = (text: string): string[] =>
    text
      .split(/\s+/)
      .map((word) => word.trim())
      .filter((word) => word && !word.startsWith('#'));
  if (env.PYENV_VERSION) return words(env.PYENV_VERSION.replaceAll(':', ' '));
  let dir = path.resolve(env.PYENV_DIR ?? cwd);
  for (;;) {
    const file = path.join(dir, '.python-version');
    if (fs.existsSync(file)) return readVersionFile(file);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  const global = path.join(root, 'version');
  return fs.existsSync(global) ? readVersionFile(global) : ['system'];
}

function readVersionFile(file: string): string[] | null {
  try {
    return fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .flatMap((line) => line.split(/\s+/))
      .filter((word) => word && word !== '..' && !word.includes('/'));
  } catch {
    return null;
  }
}

function runForText(file: string, args: string[], cwd: string): string {
  // Rare path (pyenv only), so a synchronous child is simpler than threading a promise through parsing.
  return execFileSync(file, args, {
    cwd,
    encoding: 'utf8',
    timeout: 10_000,
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
}

export interface InterpreterFacts {
  executable: string;
  /** The folders of sys.path (but cwd): installing or removing a package changes one of them. */
  paths?: string[];
  hasDebugpy: boolean;
  /** The folder of the interpreter's own debugpy, when it has one. */
  debugpyDir?: string | null;
  hasBytecode: boolean;
  debugpyVersion: string | null;
  /** sys.version_info[:2]. */
  version?: [number, number];
}

const PROBE = [
  'import sys, os, json, importlib.util as u',
  'v = None',
  'try:',
  '    import importlib.metadata as m; v = m.version("debugpy")',
  'except Exception: pass',
  'd = u.find_spec("debugpy")',
  'print(json.dumps({"executable": sys.executable, "paths": [p for p in sys.path if p and os.path.isdir(p)], "hasDebugpy": d is not None, "debugpyDir": os.path.dirname(d.origin) if d and d.origin else None, "hasBytecode": u.find_spec("bytecode") is not None, "debugpyVersion": v, "version": list(sys.version_info[:2])}))',
].join('\n');

const probes = memoAsync<InterpreterFacts>();

/**
 * What an interpreter has, asked once per interpreter and environment (both runs usually share it),
 * and kept in the user's cache folder until the interpreter or one of its sys.path folders changes.
 * A pyenv shim is asked through the interpreter it runs (pyenvShimTarget), the shim itself only when
 * that cannot be told.
 */
export function probeInterpreter(
  interpreter: string,
  env: Record<string, string>,
  cwd: string,
): Promise<InterpreterFacts> {
  const real = throughPyenvShim(interpreter, path.basename(interpreter), cwd, env) ?? interpreter;
  // -2: the answer names debugpy's folder and the interpreter's version.
  const key = `python-facts-2\0${env.PYTHONPATH ?? ''}\0${env.VIRTUAL_ENV ?? ''}\0${env.PYTHONHOME ?? ''}\0${env.PYTHONNOUSERSITE ?? ''}\0${env.PYTHONUSERBASE ?? ''}`;
  return probes(`${real}\0${key}`, () =>
    cachedFact({
      executable: real,
      key,
      compute: () => askInterpreter(real, interpreter, env, cwd),
      dependsOn: (facts) => facts.paths ?? [],
    }),
  );
}

async function askInterpreter(
  file: string,
  typed: string,
  env: Record<string, string>,
  cwd: string,
): Promise<InterpreterFacts> {
  const result = await runProbe(file, ['-c', PROBE], { cwd, env, timeoutMs: 20_000 });
  try {
    if (result.failure) throw new Error(result.failure);
    return JSON.parse(result.stdout.trim().split('\n').pop()!) as InterpreterFacts;
  } catch (error) {
    throw new BpdiffError(
      'COMMAND_NOT_FOUND',
      `cannot run the Python interpreter ${typed} (${(error as Error).message.split('\n')[0]}) — check the command after --`,
      { cause: error },
    );
  }
}

/**
 * Which interpreter options (`-I`, `-bE`...; not -X or -W) keep a sitecustomize on PYTHONPATH from
 * loading: -I and -E ignore PYTHONPATH, -S skips `site` (and with it dist-packages).
 */
export function interpreterOptionEffects(command: PythonCommand): {
  ignoresPythonPath: boolean;
  withoutSite: boolean;
  shortOptions: string[];
} {
  const shortOptions = command.interpreterOptions.filter(
    (option) => /^-[a-zA-Z]+$/.test(option) && !option.startsWith('-X') && !option.startsWith('-W'),
  );
  return {
    shortOptions,
    ignoresPythonPath: shortOptions.some((option) => /[IE]/.test(option.slice(1))),
    withoutSite: shortOptions.some((option) => option.slice(1).includes('S')),
  };
}

/** The program as the interpreter is told it (after a debugger's own options). */
export function targetArgs(target: PythonCommand['target'], cwd: string): string[] {
  if ('program' in target) return [path.resolve(cwd, target.program)];
  if ('module' in target) return ['-m', target.module];
  return ['-c', target.code];
}
