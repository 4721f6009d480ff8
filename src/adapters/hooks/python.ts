// debugpy: what the data in adapters/python.json cannot say.
// - Which interpreter runs the program: the one the user typed (through pyenv shims, shebangs and
//   console scripts such as `pytest`), and which debugpy serves it (its own, else Debian's).
// - `python -m pkg.mod`, interpreter options (`-u -X dev`), `-c CODE`.
// - A sitecustomize on the debuggee's PYTHONPATH that (1) defines the condition helper, because
//   debugpy silently treats a condition that raises as false, and (2) sets TCP_NODELAY on the
//   loopback sockets between pydevd and the adapter, which otherwise cost ~45 ms per request.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { BpdiffError } from '../../errors.js';
import { whichSync } from '../find-executable.js';
import type { AdapterHooks, LaunchContext, LaunchPlan } from './types.js';

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
  const shebang = readShebang(script);
  if (!shebang || !INTERPRETER.test(path.basename(shebang[0] === '/usr/bin/env' ? (shebang.find((word, i) => i > 0 && !word.startsWith('-')) ?? '') : shebang[0]!))) {
    throw new BpdiffError('BAD_COMMANDS', `${first} is not a Python program (no python shebang in ${script}) — start it as "python3 ${first} ..." or choose another adapter with --adapter`);
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
      if (!module) throw new BpdiffError('BAD_COMMANDS', 'python -m needs a module name — write the command as "python3 -m pkg.mod args"');
      return { interpreter, interpreterOptions: options, target: { module }, args: rest.slice(i + 1) };
    }
    if (word === '-c' || word.startsWith('-c')) {
      const code = word === '-c' ? rest[++i] : word.slice(2);
      if (code === undefined) throw new BpdiffError('BAD_COMMANDS', 'python -c needs the code to run');
      return { interpreter, interpreterOptions: options, target: { code }, args: rest.slice(i + 1) };
    }
    if (word === '-' || !word.startsWith('-')) {
      if (word === '-') throw new BpdiffError('BAD_COMMANDS', 'bpdiff cannot debug a program read from stdin — save it to a file and give its path');
      return { interpreter, interpreterOptions: options, target: { program: word }, args: rest.slice(i + 1) };
    }
    options.push(word);
    if (word.length === 2 && OPTIONS_WITH_VALUE.has(word[1]!) && i + 1 < rest.length) options.push(rest[++i]!);
  }
  throw new BpdiffError('BAD_COMMANDS', `${path.basename(interpreter)} without a script, -m or -c starts a REPL — give the script to run`);
}

function notFound(name: string, cwd: string): never {
  throw new BpdiffError('COMMAND_NOT_FOUND', `cannot find "${name}" (looked ${name.includes('/') ? `in ${cwd}` : 'on PATH'}) — check the command after --`);
}

function readShebang(file: string): string[] | null {
  let head: string;
  try {
    const fd = fs.openSync(file, 'r');
    const buffer = Buffer.alloc(256);
    const read = fs.readSync(fd, buffer, 0, 256, 0);
    fs.closeSync(fd);
    head = buffer.subarray(0, read).toString('utf8');
  } catch {
    return null;
  }
  if (!head.startsWith('#!')) return null;
  return head.slice(2).split('\n')[0]!.trim().split(/\s+/);
}

/** pyenv puts bash shims on PATH; `pyenv which` names the real file behind one. */
function throughPyenvShim(file: string, name: string, cwd: string): string | null {
  if (!file.includes(`${path.sep}shims${path.sep}`)) return null;
  const pyenv = whichSync('pyenv', cwd) ?? path.join(path.dirname(path.dirname(file)), 'bin', 'pyenv');
  if (!fs.existsSync(pyenv)) return null;
  try {
    const result = runForText(pyenv, ['which', name], cwd);
    return result && fs.existsSync(result) ? result : null;
  } catch {
    return null;
  }
}

function runForText(file: string, args: string[], cwd: string): string {
  // Rare path (pyenv only), so a synchronous child is simpler than threading a promise through parsing.
  return execFileSync(file, args, { cwd, encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

interface InterpreterFacts {
  executable: string;
  hasDebugpy: boolean;
  hasBytecode: boolean;
  debugpyVersion: string | null;
}

const PROBE = [
  'import sys, json, importlib.util as u',
  'v = None',
  'try:',
  '    import importlib.metadata as m; v = m.version("debugpy")',
  'except Exception: pass',
  'print(json.dumps({"executable": sys.executable, "hasDebugpy": u.find_spec("debugpy") is not None, "hasBytecode": u.find_spec("bytecode") is not None, "debugpyVersion": v}))',
].join('\n');

const probes = new Map<string, Promise<InterpreterFacts>>();

/** What an interpreter has, asked once per interpreter and environment (both runs usually share it). */
function probeInterpreter(interpreter: string, env: Record<string, string>, cwd: string): Promise<InterpreterFacts> {
  const key = `${interpreter}\0${env.PYTHONPATH ?? ''}\0${env.VIRTUAL_ENV ?? ''}`;
  let probe = probes.get(key);
  if (!probe) {
    probe = execa(interpreter, ['-c', PROBE], { cwd, env, timeout: 20_000, stdin: 'ignore' })
      .then((result) => JSON.parse(result.stdout.trim().split('\n').pop()!) as InterpreterFacts)
      .catch((error: unknown) => {
        probes.delete(key);
        throw new BpdiffError('COMMAND_NOT_FOUND', `cannot run the Python interpreter ${interpreter} (${(error as Error).message.split('\n')[0]}) — check the command after --`, { cause: error });
      });
    probes.set(key, probe);
  }
  return probe;
}

export const PYTHON_SITECUSTOMIZE = `# Written by bpdiff for one debug run and removed after it.
import builtins as _b, os as _os, socket as _s, sys as _sys

_LOOPBACK = ("127.0.0.1", "::1", "localhost")

def _nodelay(sock):
    try:
        if sock.type == _s.SOCK_STREAM and sock.family in (_s.AF_INET, _s.AF_INET6):
            sock.setsockopt(_s.IPPROTO_TCP, _s.TCP_NODELAY, 1)
    except Exception:
        pass

_connect = _s.socket.connect
def _bpdiff_connect(self, address):
    result = _connect(self, address)
    if isinstance(address, tuple) and address and address[0] in _LOOPBACK:
        _nodelay(self)
    return result
_s.socket.connect = _bpdiff_connect

_accept = _s.socket.accept
def _bpdiff_accept(self):
    conn, address = _accept(self)
    if isinstance(address, tuple) and address and address[0] in _LOOPBACK:
        _nodelay(conn)
    return conn, address
_s.socket.accept = _bpdiff_accept

# --stdin-a/--stdin-b: debugpy gives the debuggee an empty stdin; put the file on fd 0 instead.
_stdin = _os.environ.pop("BPDIFF_STDIN", None)
if _stdin:
    try:
        _fd = _os.open(_stdin, _os.O_RDONLY)
        _os.dup2(_fd, 0)
        _os.close(_fd)
    except OSError:
        pass

_codes = {}
_error = [None]

def __bpdiff_condition(source, frame_globals, frame_locals):
    # One namespace, so that names of the frame are also seen inside generator expressions.
    try:
        code = _codes.get(source)
        if code is None:
            code = _codes[source] = compile(source, "<condition>", "eval")
        namespace = dict(frame_globals)
        namespace.update(frame_locals)
        return bool(eval(code, namespace))
    except BaseException as error:
        _error[0] = "%s: %s" % (type(error).__name__, error)
        return True

def __bpdiff_condition_error():
    error, _error[0] = _error[0], None
    return error

_b.__bpdiff_condition = __bpdiff_condition
_b.__bpdiff_condition_error = __bpdiff_condition_error

def _chain():
    # Keep the sitecustomize this one shadows (Debian's installs apport's hook).
    import importlib.machinery, importlib.util
    here = _os.path.dirname(_os.path.abspath(__file__))
    rest = [p for p in _sys.path if _os.path.abspath(p or ".") != here]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", rest)
    if spec is not None and spec.loader is not None:
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)

try:
    _chain()
except Exception:
    pass
`;

async function prepare(context: LaunchContext, plan: LaunchPlan): Promise<LaunchPlan> {
  const { spec, tempDir } = context;
  const runEnv = { ...process.env, ...spec.env } as Record<string, string>;
  const command = parsePythonCommand(spec.argv, spec.cwd, runEnv.PATH);
  const facts = await probeInterpreter(command.interpreter, runEnv, spec.cwd);
  const warnings = [...plan.warnings];

  // The debuggee's PYTHONPATH gets a folder of this run's own: the sitecustomize, and `bytecode` for
  // Debian's debugpy when the interpreter lacks it (never all of dist-packages: it would shadow the
  // user's own packages).
  fs.writeFileSync(path.join(tempDir, 'sitecustomize.py'), PYTHON_SITECUSTOMIZE);
  // The definition's adapter is the shared debugpy (Debian's): `python3 <dist-packages>/debugpy/adapter`.
  const sharedDebugpy = path.dirname(plan.adapterArgs[0] ?? '');
  const useOwnDebugpy = facts.hasDebugpy;
  if (!useOwnDebugpy) {
    if (!fs.existsSync(path.join(sharedDebugpy, 'adapter'))) {
      throw new BpdiffError('ADAPTER_MISSING', `debugpy is not installed (not in ${facts.executable}, not at ${sharedDebugpy}) — install it with: ${context.definition.install} (or: ${facts.executable} -m pip install debugpy)`);
    }
    const bytecode = path.join(path.dirname(sharedDebugpy), 'bytecode');
    if (!facts.hasBytecode && fs.existsSync(bytecode)) fs.symlinkSync(bytecode, path.join(tempDir, 'bytecode'));
  }
  const userPythonPath = runEnv.PYTHONPATH;
  const pythonPath = [tempDir, ...(userPythonPath ? [userPythonPath] : [])].join(path.delimiter);
  const ignoresEnv = command.interpreterOptions.some((option) => /^-[a-zA-Z]*[IES]/.test(option) && !option.startsWith('-X') && !option.startsWith('-W'));
  if (ignoresEnv && spec.breakpoint.condition !== undefined) {
    warnings.push('the interpreter runs with -I, -E or -S, so bpdiff cannot tell a condition that fails to evaluate from one that is false');
  }

  const launch: Record<string, unknown> = { ...plan.launch };
  delete launch.program;
  if ('program' in command.target) launch.program = path.resolve(spec.cwd, command.target.program);
  else if ('module' in command.target) launch.module = command.target.module;
  else launch.code = command.target.code;
  launch.args = command.args;
  launch.python = facts.executable;
  if (command.interpreterOptions.length > 0) launch.pythonArgs = command.interpreterOptions;
  launch.env = { ...spec.env, PYTHONPATH: pythonPath, ...(spec.stdin_file ? { BPDIFF_STDIN: path.resolve(spec.cwd, spec.stdin_file) } : {}) };

  return {
    ...plan,
    launch,
    adapterExecutable: useOwnDebugpy ? facts.executable : plan.adapterExecutable,
    adapterArgs: useOwnDebugpy ? ['-m', 'debugpy.adapter'] : plan.adapterArgs,
    // The adapter also loads the sitecustomize (TCP_NODELAY on the sockets it accepts from pydevd).
    adapterEnv: { ...plan.adapterEnv, PYTHONPATH: tempDir },
    adapterName: 'debugpy',
    warnings,
    ...(ignoresEnv ? { condition: {} } : {}),
    version: facts.debugpyVersion ?? distInfoVersion(sharedDebugpy),
  };
}

/** The version in the name of debugpy's .dist-info folder next to it. */
function distInfoVersion(debugpyDir: string): string | null {
  try {
    const entry = fs.readdirSync(path.dirname(debugpyDir)).find((name) => /^debugpy-.*\.dist-info$/.test(name));
    return entry ? entry.slice('debugpy-'.length, -'.dist-info'.length) : null;
  } catch {
    return null;
  }
}

export const pythonHooks: AdapterHooks = {
  prepare,
};
