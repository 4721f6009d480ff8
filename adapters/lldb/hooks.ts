// lldb-dap: what the data in adapter.json cannot say.
// - The program: a path or a name on PATH, or `cargo run [options] [-- args]`, which is built first
//   and whose binary is launched (cargo.ts).
// - Rust: the toolchain's own lldb formatters (so String, Vec, Option show as values), plus a few
//   fixes of bpdiff's for them (bpdiff_lldb_rust.py, beside this file).
// - stdin: the --stdin file, else /dev/null; never the adapter's pty, where a read waits forever.
// - The version: the `lldb` installed beside lldb-dap.
// - Python bytecode: lldb's embedded Python reads its modules' bytecode from a folder of bpdiff's
//   cache, written by the first run (bpdiff_lldb_bytecode.py, beside this file).
// - The `bpdiff_cpu` command (bpdiff_lldb_count.py, and adapters/native/bpdiff_cpu_count.py): the CPU
//   counts a walk's passes to the Nth, where lldb would trap at each (adapter.json hit_count.cpu_count).
// - The `bpdiff_callbacks` command (bpdiff_lldb_callbacks.py): a walk's step stops where the library
//   calls back into the program's code (adapter.json locate.callbacks).
// - The `bpdiff_dump` command (bpdiff_lldb_dump.py): a stop's locals in one request (adapter.json frame_dump).
import fs from 'node:fs';
import path from 'node:path';
import { cacheDir, cacheHash, fileStamp } from '../../src/cache-dir.js';
import { whichSync } from '../../src/adapters/find-executable.js';
import {
  helperScript,
  copySharedHelper,
  CPU_COUNT_SCRIPT,
  type AdapterHooks,
  type LaunchContext,
  type LaunchPlan,
} from '../../src/adapters/hooks.js';
import { memoAsync } from '../../src/adapters/memo.js';
import { runProbe } from '../../src/adapters/probe.js';
import { resolveProgram } from '../../src/adapters/prepare-launch.js';
import { buildOnce } from '../../src/adapters/run-build.js';
import { runEnvironment } from '../../src/adapters/run-env.js';
import { cargoBuild, parseCargoRun } from './cargo.js';

/** bpdiff's fixes for the toolchain's formatters, a file of this folder. */
export const RUST_SUPPORT = 'bpdiff_lldb_rust.py';
/** bpdiff's formatters for C++ values LLDB cannot show (libstdc++'s u16string, u32string), a file of this folder. */
export const CPP_SUPPORT = 'bpdiff_lldb_cpp.py';
/** Writes the bytecode of lldb's Python modules into the bytecode folder, a file of this folder. */
export const BYTECODE_WRITER = 'bpdiff_lldb_bytecode.py';
/** The `bpdiff_cpu` command (the CPU's pass count for a walk's runs), which imports CPU_COUNT_SCRIPT. */
export const CPU_COMMAND = 'bpdiff_lldb_count.py';
/** The `bpdiff_callbacks` command (adapter.json locate.callbacks: a walk's stops in calls back from the library), a file of this folder. */
export const CALLBACKS_COMMAND = 'bpdiff_lldb_callbacks.py';
/** The `bpdiff_returns` command (adapter.json locate.returned.read: the value a function returned, for a walk), a file of this folder. */
export const RETURNS_COMMAND = 'bpdiff_lldb_returns.py';
/** The `bpdiff_dump` command (adapter.json frame_dump: a stop's locals in one request), a file of this folder. */
export const DUMP_COMMAND = 'bpdiff_lldb_dump.py';
/** Cheaper entries into lldb's Python session (each call of a Python formatter), imported first. */
export const SESSION_SUPPORT = 'bpdiff_lldb_session.py';
/** The file BYTECODE_WRITER leaves in the bytecode folder once it has written it. */
const BYTECODE_MARKER = 'bpdiff-bytecode-written';

/**
 * lldb's embedded Python compiles its `lldb` package (~700 KB) at every start: lldb forbids writing
 * bytecode, and the package's folder is the system's. bpdiff gives lldb-dap a bytecode folder of its
 * own cache (PYTHONPYCACHEPREFIX), one per lldb-dap executable (path, mtime, size), filled once by
 * BYTECODE_WRITER; the debuggee does not see the variable. Nothing is done when caching is off or
 * the run has a PYTHONPYCACHEPREFIX of its own (`runEnv`: bpdiff's environment and the run's --env).
 * The cache is bpdiff's (`cacheEnv`, its own environment), whatever the run's --env says. Exported
 * for tests.
 */
export function bytecodeFolder(
  adapterExecutable: string,
  runEnv: Record<string, string>,
  cacheEnv: Readonly<Record<string, string | undefined>> = process.env,
): { folder: string; written: boolean } | null {
  const cache = cacheDir(cacheEnv);
  if (!cache || runEnv.PYTHONPYCACHEPREFIX) return null;
  let real: string;
  try {
    real = fs.realpathSync(adapterExecutable);
  } catch {
    return null;
  }
  const stamp = fileStamp(real);
  if (stamp === null) return null;
  const folder = path.join(cache, 'lldb-bytecode', cacheHash(`${real}\0${stamp}`));
  try {
    fs.mkdirSync(folder, { recursive: true });
  } catch {
    return null;
  }
  return { folder, written: fs.existsSync(path.join(folder, BYTECODE_MARKER)) };
}

const sysroots = memoAsync<string | null>();

/** The Rust toolchain's sysroot as the run would see it (rustup honours rust-toolchain files in cwd). */
function rustSysroot(cwd: string, env: Record<string, string>, toolchain: string | null): Promise<string | null> {
  const rustc = whichSync('rustc', cwd, env.PATH);
  if (!rustc) return Promise.resolve(null);
  return sysroots(`${rustc}\0${cwd}\0${toolchain ?? ''}`, () =>
    runProbe(rustc, [...(toolchain ? [`+${toolchain}`] : []), '--print', 'sysroot'], {
      cwd,
      env,
      timeoutMs: 30_000,
    }).then((result) => {
      const sysroot = result.stdout.trim();
      return !result.failure && fs.existsSync(path.join(sysroot, 'lib/rustlib/etc/lldb_lookup.py')) ? sysroot : null;
    }),
  );
}

/** The initCommand that imports a script of this folder, copied into the run's temporary folder first. */
function importScript(context: LaunchContext, name: string): string {
  const copy = path.join(context.tempDir, name);
  fs.copyFileSync(helperScript(context.definition, name), copy);
  return `command script import ${quoteLldb(copy)}`;
}

/** initCommands that load the toolchain's formatters and bpdiff's fixes, or a warning why not. */
async function rustFormatters(
  context: LaunchContext,
  toolchain: string | null,
): Promise<{ commands: string[]; warning: string | null }> {
  const { spec } = context;
  const sysroot = await rustSysroot(spec.cwd, runEnvironment(spec), toolchain);
  if (!sysroot) {
    return {
      commands: [],
      warning:
        'no Rust toolchain with lldb formatters was found (rustc --print sysroot), so String, Vec and Option show as raw structs — install Rust with rustup',
    };
  }
  const etc = path.join(sysroot, 'lib/rustlib/etc');
  return {
    commands: [
      `command script import ${quoteLldb(path.join(etc, 'lldb_lookup.py'))}`,
      `command source -s 1 ${quoteLldb(path.join(etc, 'lldb_commands'))}`,
      importScript(context, RUST_SUPPORT),
      // A step into the standard library's functions steps over them inside lldb.
      `settings set target.process.thread.step-avoid-regexp ${RUST_STEP_AVOID}`,
    ],
    warning: null,
  };
}

const RUST_PATH_V0 = '(std|core|alloc)(::[A-Za-z_][A-Za-z0-9_]*|::\\{[A-Za-z0-9_:#]*\\})+';
const RUST_PATH_LEGACY = '(std|core|alloc)(\\.\\.[A-Za-z_][A-Za-z0-9_]*)+';
/**
 * The functions a Rust run's step into a call steps over inside lldb (its step-avoid-regexp, a POSIX
 * extended regular expression matched against the demangled name): the standard library's own code,
 * which bpdiff's walk would otherwise stop in, only to step out of it (a third of a walk's stops on
 * real code). A name is the standard library's when it starts with a path of std, core or alloc (a
 * function, or an inherent method of their types: only they can define those), or when it is an impl's
 * method, `<Self as Trait>::m` (`_$LT$Self$u20$as$u20$Trait$GT$::m` in legacy symbols), whose header
 * names no path but theirs: generic parameters and primitives are words without a path. A header that
 * names a path of the program, in its type, its trait or their arguments (`<Vec<u32> as crate::Total>`,
 * `<Box<crate::Item> as Display>`), may be the program's own impl (the orphan rules allow both) and is
 * stepped into, as every function of the program is: the walk then steps out of what is not.
 */
export const RUST_STEP_AVOID =
  `^((std|core|alloc)::` +
  `|<(${RUST_PATH_V0}|[A-Za-z0-9_]+|[<>,&*();'+=! -]|\\[|])+>::` +
  `|_\\$LT\\$(${RUST_PATH_LEGACY}|[A-Za-z0-9_]+|\\$[A-Za-z0-9]+\\$)+\\$GT\\$::)`;

/** An argument of an lldb command, quoted for lldb's own command-line parser. */
function quoteLldb(text: string): string {
  return /^[\w./+@:-]+$/.test(text) ? text : `"${text.replace(/["\\]/g, '\\$&')}"`;
}

function isCargo(argv: string[]): boolean {
  return path.basename(argv[0] ?? '') === 'cargo';
}

async function prepare(context: LaunchContext, plan: LaunchPlan): Promise<LaunchPlan> {
  const { spec } = context;
  const env = runEnvironment(spec);
  const warnings = [...plan.warnings];
  let program: string;
  let args: string[];
  let buildMs: number | null = null;
  let toolchain: string | null = null;

  if (isCargo(spec.argv)) {
    const run = parseCargoRun(spec.argv);
    const cargo = resolveProgram(spec.argv[0]!, spec.cwd, env);
    toolchain = run.toolchain;
    if (
      run.buildOptions.some((option) => option === '--release' || option === '-r' || option.startsWith('--profile'))
    ) {
      warnings.push(
        'the program is built with an optimising profile: some locals may show as unavailable or hold stale values',
      );
    }
    // Built once per comparison for the same inputs (a walk's restarts, the other run of the same
    // crate, on its own arguments or the same).
    const inputs = { cargo, cwd: spec.cwd, env, toolchain: run.toolchain, options: run.buildOptions };
    const built = await buildOnce(context, inputs, async (dir) => {
      const made = await cargoBuild(context, cargo, run);
      // The other run may build the same crate into the same target folder (a shared CARGO_TARGET_DIR)
      // right after this build releases cargo's lock: debug a copy of our own, taken at once.
      const copy = path.join(dir, path.basename(made.executable));
      fs.copyFileSync(made.executable, copy);
      return { program: copy, ms: made.ms };
    });
    program = built.program;
    args = run.args;
    buildMs = built.ms;
  } else {
    program = resolveProgram(spec.argv[0]!, spec.cwd, env);
    args = spec.argv.slice(1);
  }

  const elf = elfFacts(program);
  if (elf?.debugInfo === false) {
    warnings.push(
      `${path.basename(program)} has no debug information, so lldb cannot stop at a source line in it — build it with -g (cargo: the dev profile, or debug = true)`,
    );
  }
  const rust = isCargo(spec.argv) || path.extname(spec.breakpoint.path) === '.rs' || byRustc(elf);
  const initCommands = [...stringList(plan.launch.initCommands)];
  initCommands.push(importScript(context, SESSION_SUPPORT));
  if (rust) {
    const formatters = await rustFormatters(context, toolchain);
    initCommands.push(...formatters.commands);
    if (formatters.warning) warnings.push(formatters.warning);
  } else {
    // C++ (and a C file of a C++ program: the formatters cost nothing where no such type is).
    initCommands.push(importScript(context, CPP_SUPPORT));
  }
  copySharedHelper(CPU_COUNT_SCRIPT, context.tempDir);
  initCommands.push(importScript(context, CPU_COMMAND));
  initCommands.push(importScript(context, CALLBACKS_COMMAND));
  initCommands.push(importScript(context, RETURNS_COMMAND));
  initCommands.push(importScript(context, DUMP_COMMAND));
  const adapterEnv = { ...plan.adapterEnv };
  const bytecode = bytecodeFolder(plan.adapterExecutable, env);
  if (bytecode) {
    adapterEnv.PYTHONPYCACHEPREFIX = bytecode.folder;
    initCommands.push('settings append target.unset-env-vars PYTHONPYCACHEPREFIX');
    if (!bytecode.written) {
      // After the formatters: their modules are written too.
      initCommands.push(importScript(context, BYTECODE_WRITER));
    }
  }
  const stdin = spec.stdin_file ? path.resolve(spec.cwd, spec.stdin_file) : '/dev/null';
  const preRunCommands = [
    ...stringList(plan.launch.preRunCommands),
    `settings set target.input-path ${quoteLldb(stdin)}`,
  ];

  return {
    ...plan,
    launch: { ...plan.launch, program, args, initCommands, preRunCommands },
    adapterEnv,
    buildMs,
    warnings,
  };
}

/**
 * What an ELF file's section table says: whether it carries DWARF (a `.debug_info` section), and its
 * `.comment` (the compilers that made it: `rustc version 1.95.0 ...`). null when it is not a 64-bit
 * ELF file bpdiff can read.
 */
function elfFacts(file: string): { debugInfo: boolean; comment: string } | null {
  let fd: number | null = null;
  try {
    fd = fs.openSync(file, 'r');
    const read = (offset: number, length: number): Buffer => {
      const buffer = Buffer.alloc(length);
      fs.readSync(fd!, buffer, 0, length, offset);
      return buffer;
    };
    const header = read(0, 64);
    if (header.readUInt32BE(0) !== 0x7f454c46 || header[4] !== 2 || header[5] !== 1) return null;
    const sectionsAt = Number(header.readBigUInt64LE(0x28));
    const entrySize = header.readUInt16LE(0x3a);
    const count = header.readUInt16LE(0x3c);
    const namesIndex = header.readUInt16LE(0x3e);
    if (sectionsAt === 0 || count === 0 || namesIndex >= count) return null;
    const sections = read(sectionsAt, entrySize * count);
    const names = read(
      Number(sections.readBigUInt64LE(namesIndex * entrySize + 0x18)),
      Number(sections.readBigUInt64LE(namesIndex * entrySize + 0x20)),
    );
    const facts = { debugInfo: false, comment: '' };
    for (let i = 0; i < count; i++) {
      const start = sections.readUInt32LE(i * entrySize);
      const name = names.subarray(start, names.indexOf(0, start)).toString('latin1');
      if (name === '.debug_info' || name === '.zdebug_info') facts.debugInfo = true;
      if (name === '.comment') {
        const size = Math.min(4096, Number(sections.readBigUInt64LE(i * entrySize + 0x20)));
        facts.comment = read(Number(sections.readBigUInt64LE(i * entrySize + 0x18)), size).toString('latin1');
      }
    }
    return facts;
  } catch {
    return null;
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}

/** Whether rustc made the program (its `.comment`): a Rust program run without cargo, and walked by locate without a breakpoint in a .rs file. */
export function madeByRustc(file: string): boolean {
  return byRustc(elfFacts(file));
}

function byRustc(facts: { comment: string } | null): boolean {
  return facts?.comment.includes('rustc version') === true;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

const versions = memoAsync<string | null>();

/** `lldb --version` of the lldb beside lldb-dap ("lldb version 19.1.7" -> "19.1.7"). */
function version(plan: LaunchPlan): Promise<string | null> {
  let real: string;
  try {
    real = fs.realpathSync(plan.adapterExecutable);
  } catch {
    return Promise.resolve(null);
  }
  return versions(real, async () => {
    const suffix = /^lldb-(?:dap|vscode)(-[\d.]+)?$/.exec(path.basename(real))?.[1] ?? '';
    const lldb = [path.join(path.dirname(real), `lldb${suffix}`), path.join(path.dirname(real), 'lldb')].find((file) =>
      fs.existsSync(file),
    );
    if (!lldb) return null;
    const result = await runProbe(lldb, ['--version'], { cwd: process.cwd(), timeoutMs: 5000 });
    return result.failure ? null : (/version\s+(\S+)/.exec(result.stdout)?.[1] ?? null);
  });
}

/**
 * Rust dereferences through `.`: lldb-dap names a field behind a reference C's way (`team->name`,
 * `(*team).name`). Rewritten only for a breakpoint in a Rust file; C and C++ keep `->`.
 */
export function rustVariableName(name: string, breakpointPath: string): string {
  if (!breakpointPath.endsWith('.rs')) return name;
  return name.replace(/\(\*([A-Za-z_][\w.]*)\)\./g, '$1.').replaceAll('->', '.');
}

/**
 * lldb's own summaries are a type and an address (`item[4] @ 0x…`) or a count (`size=3`), which list
 * no child; the Rust formatters bpdiff loads write a collection as its elements and a struct as its
 * fields ([1, 2], {sku:"a", qty:1}), so a Rust run's containers are compared by their children.
 */
export function rustListsChildren(breakpointPath: string): boolean {
  return breakpointPath.endsWith('.rs');
}

const hooks: AdapterHooks = {
  prepare,
  version,
  variableName: rustVariableName,
  summariesListChildren: rustListsChildren,
};
export default hooks;
