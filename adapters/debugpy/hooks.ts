// debugpy: what the data in adapter.json cannot say.
// - Which interpreter runs the program (interpreter.ts: the one the user typed, through pyenv shims,
//   shebangs and console scripts such as `pytest`; `-m`, `-c`, its options), and which debugpy serves
//   it (its own, else Debian's).
// - How the program starts: bpdiff starts it under `debugpy --connect` itself, and debugpy attaches
//   to it (see prepare).
// - sitecustomize.py (beside this file) on the debuggee's PYTHONPATH: the condition helper, because
//   debugpy silently treats a condition that raises as false, TCP_NODELAY on pydevd's sockets, and
//   pydevd taught to write sets in a stable order and to list long containers flat (`xs[500]`).
import fs from 'node:fs';
import path from 'node:path';
import { BpdiffError } from '../../src/errors.js';
import {
  ADAPTER_PORT_FD,
  helperScript,
  type AdapterHooks,
  type LaunchContext,
  type LaunchPlan,
} from '../../src/adapters/hooks.js';
import { runEnvironment } from '../../src/adapters/run-env.js';
import { interpreterOptionEffects, parsePythonCommand, probeInterpreter, targetArgs } from '../python/interpreter.js';
import { boundedReprModule, setOrderModule } from '../python/shared-modules.js';
import { hashSeed } from '../python/hash-seed.js';

/** The helper put on the debuggee's PYTHONPATH, a file of this folder. */
export const SITECUSTOMIZE = 'sitecustomize.py';

async function prepare(context: LaunchContext, plan: LaunchPlan): Promise<LaunchPlan> {
  const { spec, tempDir } = context;
  const runEnv = runEnvironment(spec);
  const command = parsePythonCommand(spec.argv, spec.cwd, runEnv.PATH);
  const facts = await probeInterpreter(command.interpreter, runEnv, spec.cwd);
  const warnings = [...plan.warnings];

  const { ignoresPythonPath, withoutSite, shortOptions } = interpreterOptionEffects(command);
  // The debuggee's PYTHONPATH gets a folder of this run's own: the sitecustomize, and `bytecode` for
  // Debian's debugpy when the interpreter lacks it, or cannot see it for -S (never all of
  // dist-packages: it would shadow the user's own packages).
  fs.copyFileSync(helperScript(context.definition, SITECUSTOMIZE), path.join(tempDir, SITECUSTOMIZE));
  // The order sets are written in, bpdiff's Python adapter's own: both adapters write a set alike.
  fs.copyFileSync(setOrderModule(), path.join(tempDir, '_bpdiff_setorder.py'));
  // And its repr bounded in time (sitecustomize.py part 4), which the set order's module uses too.
  fs.copyFileSync(boundedReprModule(), path.join(tempDir, '_bpdiff_bounded.py'));
  // The definition's adapter is the shared debugpy (Debian's): `python3 <dist-packages>/debugpy/adapter`.
  const sharedDebugpy = path.dirname(plan.adapterArgs[0] ?? '');
  const useOwnDebugpy = facts.hasDebugpy;
  if (!useOwnDebugpy) {
    if (!fs.existsSync(path.join(sharedDebugpy, 'adapter'))) {
      throw new BpdiffError(
        'ADAPTER_MISSING',
        `debugpy is not installed (not in ${facts.executable}, not at ${sharedDebugpy}) — install it with: ${context.definition.install} (or: ${facts.executable} -m pip install debugpy)`,
      );
    }
  }
  const withoutSitecustomize = ignoresPythonPath || withoutSite;
  const debugpyDir = useOwnDebugpy ? facts.debugpyDir : sharedDebugpy;
  // Debian's debugpy imports the `bytecode` package installed beside it (a pip-installed debugpy
  // carries its own copy, and has none beside it).
  const bytecode = debugpyDir ? path.join(path.dirname(debugpyDir), 'bytecode') : null;
  if ((withoutSite || (!useOwnDebugpy && !facts.hasBytecode)) && bytecode && fs.existsSync(bytecode)) {
    if (ignoresPythonPath) {
      const option = shortOptions.find((word) => /[IE]/.test(word.slice(1)))!;
      throw new BpdiffError(
        'ADAPTER_MISSING',
        `${facts.executable} with ${option} ignores PYTHONPATH, so the debugpy it runs (${debugpyDir}) cannot load the \`bytecode\` package it needs (${bytecode}) — install debugpy into it with pip (${facts.executable} -m pip install debugpy), or run it without ${option}`,
      );
    }
    fs.symlinkSync(bytecode, path.join(tempDir, 'bytecode'));
  }
  const userPythonPath = runEnv.PYTHONPATH;
  const pythonPath = [tempDir, ...(userPythonPath ? [userPythonPath] : [])].join(path.delimiter);
  if (withoutSitecustomize && spec.breakpoint.condition !== undefined) {
    warnings.push(
      'the interpreter runs with -I, -E or -S, so bpdiff cannot tell a condition that fails to evaluate from one that is false',
    );
  }

  // bpdiff starts the program itself, as debugpy's launcher would (`debugpy --connect`), and debugpy
  // attaches to it (`attach` with `listen`): one process less than a `launch`, whose launcher starts
  // only once the adapter has read the request, and the program starts at once with the adapter.
  // debugpy picks the port it listens on (port 0: a port bpdiff picked could be taken by another
  // process before debugpy binds it, and a program could then reach another run's adapter), and says
  // it in its debugpyWaitingForServer event. The program meanwhile starts with `--connect
  // 127.0.0.1:0`: the sitecustomize (its part 3) has pydevd's connect wait for the port bpdiff then
  // writes on the program's ADAPTER_PORT_FD. Under -I, -E or -S the sitecustomize is not loaded, so
  // the program starts once debugpy listens, with the port in its arguments: the same start
  // otherwise (bpdiff still owns the program's stdio and exit status, and --stdin works there too),
  // where going back to the launcher for these would keep a second way of starting, reading output
  // and exit codes for a rare case.
  const { limits } = context.options;
  const env: Record<string, string> = {
    ...spec.env,
    PYTHONPATH: pythonPath,
    BPDIFF_VALUE_TIMEOUT: String(limits.value_timeout_seconds),
    // pydevd lists a container's first elements flat up to this many, as bpdiff reads them (sitecustomize.py, part 6).
    BPDIFF_MAX_CHILDREN: String(Math.min(limits.max_children, limits.max_variables)),
    // What debugpy's launcher sets when it reads the program's output through pipes, as bpdiff does.
    PYTHONUNBUFFERED: '1',
    PYTHONIOENCODING: 'utf-8',
    ...hashSeed(runEnv),
    ...(withoutSitecustomize ? {} : { BPDIFF_ADAPTER_PORT_FD: String(ADAPTER_PORT_FD) }),
  };
  // As debugpy's launcher runs the program from Python 3.11 on (debugpy issue 861).
  const [major, minor] = facts.version ?? [3, 11];
  const frozenModulesOff = major > 3 || (major === 3 && minor >= 11) ? ['-X', 'frozen_modules=off'] : [];

  return {
    ...plan,
    request: 'attach',
    launch: { ...pydevdOptions(plan.launch), listen: { host: LOOPBACK, port: 0 } },
    debuggee: {
      executable: facts.executable,
      args: [
        // As debugpy's launcher starts the program (launcher/handlers.py), the access token aside: an
        // adapter that listens for the program has none.
        ...command.interpreterOptions,
        ...frozenModulesOff,
        // (A probe that did not say where its debugpy is: `-m` finds the same one.)
        ...(debugpyDir ? [debugpyDir] : ['-m', 'debugpy']),
        '--connect',
        `${LOOPBACK}:${withoutSitecustomize ? '${port}' : '0'}`,
        '--configure-subProcess',
        'False',
        '--configure-qt',
        'none',
        ...targetArgs(command.target, spec.cwd),
        ...command.args,
      ],
      env,
      cwd: spec.cwd,
      stdinFile: spec.stdin_file === null ? null : path.resolve(spec.cwd, spec.stdin_file),
      // Objects get the same ids in both runs, so a set of them goes in one order (as hash-seed.ts for strings).
      fixedAddresses: true,
      listening: { event: 'debugpyWaitingForServer', portField: 'port' },
      startOn: withoutSitecustomize ? 'when-listening' : 'with-adapter',
    },
    adapterExecutable: useOwnDebugpy ? facts.executable : plan.adapterExecutable,
    adapterArgs: useOwnDebugpy ? ['-m', 'debugpy.adapter'] : plan.adapterArgs,
    // The adapter also loads the sitecustomize (TCP_NODELAY on the sockets it accepts from pydevd).
    adapterEnv: { ...plan.adapterEnv, PYTHONPATH: tempDir },
    adapterName: 'debugpy',
    warnings,
    ...(withoutSitecustomize ? { condition: {} } : {}),
    version: facts.debugpyVersion ?? distInfoVersion(sharedDebugpy),
  };
}

const LOOPBACK = '127.0.0.1';

/**
 * What the definition's `launch` says to pydevd (justMyCode, variablePresentation...), sent in
 * `attach`: without what only a `launch` reads, how to start the program, which bpdiff does itself.
 * Output is read from the program's pipes: `redirectOutput` would have pydevd send it all again.
 */
function pydevdOptions(launch: Record<string, unknown>): Record<string, unknown> {
  const options = { ...launch };
  for (const key of [
    'program',
    'module',
    'code',
    'args',
    'cwd',
    'env',
    'python',
    'pythonArgs',
    'console',
    'redirectOutput',
    'subProcess',
  ])
    delete options[key];
  return options;
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

const hooks: AdapterHooks = {
  prepare,
};
export default hooks;
