// lldb-dap: what the data in adapters/lldb.json cannot say.
// - The program: a path or a name on PATH, or `cargo run [options] [-- args]`, which is built first
//   (`cargo build`, the dev profile unless the options say otherwise) and whose binary is launched.
// - Rust: the toolchain's own lldb formatters (so String, Vec, Option show as values), plus a few
//   fixes of bpdiff's for them (see RUST_SUPPORT).
// - stdin: the --stdin file, else /dev/null; never the adapter's pty, where a read waits forever.
// - The version: the `lldb` installed beside lldb-dap.
import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { BpdiffError } from '../../errors.js';
import { whichSync } from '../find-executable.js';
import { resolveProgram } from '../prepare-launch.js';
import type { AdapterHooks, LaunchContext, LaunchPlan } from './types.js';

/** How long `cargo build` may take; a cold build of a real project takes minutes. `BPDIFF_BUILD_TIMEOUT` (seconds) overrides it. */
const BUILD_TIMEOUT_S = 600;
const RUST_SUPPORT_FILE = 'bpdiff_lldb_rust.py';

export interface CargoRun {
  /** `+toolchain`, when given. */
  toolchain: string | null;
  /** The options of `cargo run`, passed on to `cargo build`. */
  buildOptions: string[];
  bin: string | null;
  example: string | null;
  /** The program's own arguments (after `--`). */
  args: string[];
}

/** Takes `cargo [+toolchain] run [options] [-- args]` apart. Exported for tests. */
export function parseCargoRun(argv: string[]): CargoRun {
  let rest = argv.slice(1);
  const toolchain = rest[0]?.startsWith('+') ? rest[0].slice(1) : null;
  if (toolchain !== null) rest = rest.slice(1);
  const subcommand = rest[0];
  if (subcommand !== 'run' && subcommand !== 'r') {
    throw new BpdiffError(
      'BAD_COMMANDS',
      `bpdiff runs a Rust program as "cargo run [options] [-- args]", not "cargo ${subcommand ?? ''}" — build it and give the binary (./target/debug/NAME args), or use cargo run`,
    );
  }
  rest = rest.slice(1);
  const separator = rest.indexOf('--');
  const options = separator === -1 ? rest : rest.slice(0, separator);
  const args = separator === -1 ? [] : rest.slice(separator + 1);
  const buildOptions: string[] = [];
  let bin: string | null = null;
  let example: string | null = null;
  for (let i = 0; i < options.length; i++) {
    const option = options[i]!;
    const [flag, inline] = option.startsWith('--') && option.includes('=') ? [option.slice(0, option.indexOf('=')), option.slice(option.indexOf('=') + 1)] : [option, undefined];
    // bpdiff asks for its own message format to learn where the binary is.
    if (flag === '--message-format') {
      if (inline === undefined) i++;
      continue;
    }
    if (flag === '--bin' || flag === '--example') {
      const value = inline ?? options[++i];
      if (value === undefined) throw new BpdiffError('BAD_COMMANDS', `cargo run ${flag} needs a name — write "cargo run ${flag} NAME -- args"`);
      if (flag === '--bin') bin = value;
      else example = value;
      buildOptions.push(flag, value);
      continue;
    }
    buildOptions.push(option);
  }
  return { toolchain, buildOptions, bin, example, args };
}

interface CargoArtifact {
  reason: string;
  manifest_path?: string;
  package_id?: string;
  target?: { kind: string[]; name: string };
  executable?: string | null;
}

/** Builds the program `cargo run` would run and returns its path; `ms` is the build's wall time. */
async function cargoBuild(context: LaunchContext, cargo: string, run: CargoRun): Promise<{ executable: string; ms: number }> {
  const { spec } = context;
  // The run's own environment (--env/--env-a) wins over bpdiff's, as for go.
  const fromEnv = Number(spec.env.BPDIFF_BUILD_TIMEOUT ?? process.env.BPDIFF_BUILD_TIMEOUT);
  const limit = fromEnv > 0 ? fromEnv : BUILD_TIMEOUT_S;
  const args = [...(run.toolchain ? [`+${run.toolchain}`] : []), 'build', '--message-format=json-render-diagnostics', ...run.buildOptions];
  context.log(`building: cargo ${args.join(' ')}`);
  const started = performance.now();
  // A group of its own, so that a timeout or Ctrl-C also stops the rustc processes cargo started.
  const child = execa(cargo, args, {
    cwd: spec.cwd,
    env: spec.env,
    stdin: 'ignore',
    reject: false,
    detached: true,
    maxBuffer: 256 * 1024 * 1024,
  });
  if (child.pid !== undefined) context.track(child.pid);
  let timedOut = false;
  const killGroup = (): void => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup();
  }, limit * 1000);
  context.signal.addEventListener('abort', killGroup, { once: true });
  const result = await child;
  clearTimeout(timer);
  context.signal.removeEventListener('abort', killGroup);
  const ms = Math.round(performance.now() - started);
  if (context.signal.aborted) throw new BpdiffError('INTERRUPTED', 'interrupted');
  if (timedOut) {
    throw Object.assign(
      new BpdiffError('BUILD_TIMEOUT', `cargo build did not finish within ${limit} s — build it once by hand (a warm build is fast), or set BPDIFF_BUILD_TIMEOUT=SECONDS`),
      { seconds: limit },
    );
  }
  // Without colours, even when CARGO_TERM_COLOR asks for them.
  const stderr = String(result.stderr ?? '').replace(/\x1b\[[0-9;]*m/g, '');
  if (result.failed) {
    const firstError = stderr.split('\n').find((line) => /^error\b/.test(line)) ?? stderr.trim().split('\n').pop() ?? `exit code ${result.exitCode}`;
    throw new BpdiffError('BUILD_FAILED', `cargo build failed in ${spec.cwd}: ${firstError.trim()} — run "cargo build" there to see the whole message`);
  }
  const artifacts = String(result.stdout ?? '')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      try {
        return JSON.parse(line) as CargoArtifact;
      } catch {
        return null;
      }
    })
    .filter((message): message is CargoArtifact => message !== null && message.reason === 'compiler-artifact' && typeof message.executable === 'string');
  return { executable: chooseExecutable(artifacts, run, spec.cwd), ms };
}

/** The binary among the build's artifacts that `cargo run` would start. Exported for tests. */
export function chooseExecutable(artifacts: CargoArtifact[], run: CargoRun, cwd: string): string {
  const kind = run.example !== null ? 'example' : 'bin';
  const wanted = run.example ?? run.bin;
  let candidates = artifacts.filter((artifact) => artifact.target?.kind.includes(kind) && (wanted === null || artifact.target.name === wanted));
  if (candidates.length > 1 && wanted === null) {
    // Several packages or binaries: the package whose manifest is nearest to the working folder,
    // and its `default-run`, as cargo run chooses.
    const manifest = nearestManifest(cwd);
    const ownPackage = candidates.filter((artifact) => artifact.manifest_path === manifest);
    if (ownPackage.length > 0) candidates = ownPackage;
    if (candidates.length > 1 && manifest) {
      const defaultRun = /^\s*default-run\s*=\s*"([^"]+)"/m.exec(readText(manifest))?.[1];
      const chosen = candidates.filter((artifact) => artifact.target?.name === defaultRun);
      if (chosen.length === 1) candidates = chosen;
    }
  }
  if (candidates.length === 1) return candidates[0]!.executable!;
  if (candidates.length === 0) {
    throw new BpdiffError('BAD_COMMANDS', `cargo build produced no ${kind}${wanted ? ` named "${wanted}"` : ''} in ${cwd} — check the command with cargo run`);
  }
  const names = [...new Set(candidates.map((artifact) => artifact.target!.name))].join(', ');
  throw new BpdiffError('BAD_COMMANDS', `cargo run could start any of ${names} — choose one with "cargo run --bin NAME"`);
}

function nearestManifest(cwd: string): string | null {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'Cargo.toml');
    if (fs.existsSync(manifest) && /^\s*\[package\]/m.test(readText(manifest))) return manifest;
    if (path.dirname(dir) === dir) return null;
  }
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

const sysroots = new Map<string, Promise<string | null>>();

/** The Rust toolchain's sysroot as the run would see it (rustup honours rust-toolchain files in cwd). */
function rustSysroot(cwd: string, env: Record<string, string>, toolchain: string | null): Promise<string | null> {
  const rustc = whichSync('rustc', cwd, env.PATH ?? process.env.PATH);
  if (!rustc) return Promise.resolve(null);
  const key = `${rustc}\0${cwd}\0${toolchain ?? ''}`;
  let found = sysroots.get(key);
  if (!found) {
    found = execa(rustc, [...(toolchain ? [`+${toolchain}`] : []), '--print', 'sysroot'], { cwd, env, stdin: 'ignore', timeout: 30_000 })
      .then((result) => {
        const sysroot = String(result.stdout).trim();
        return fs.existsSync(path.join(sysroot, 'lib/rustlib/etc/lldb_lookup.py')) ? sysroot : null;
      })
      .catch(() => null);
    sysroots.set(key, found);
  }
  return found;
}

// Loaded after the toolchain's formatters (lib/rustlib/etc/lldb_lookup.py); every fix checks that
// what it changes exists, so another toolchain's formatters still load as they are.
export const RUST_SUPPORT = String.raw`# Written by bpdiff for one debug run and removed after it.
import lldb
import lldb_lookup
import lldb_providers

# 1. LLDB 19 names the variants of a niche-encoded enum after the low 32 bits of their discriminant
#    value ($variant$0 for the None of Option<String>, whose niche value is 2**63), so the toolchain's
#    provider finds no name for the value it reads and shows the dataful variant: None as Some(""),
#    Err(4) as Ok(""). A name can now stand for N or 2**63 + N (the niche after a usize that never
#    has its high bit set, such as a Vec's capacity): which one, the type of the field that holds
#    the niche says.
_HIGH_BIT_NICHE = ("NoHighBit", "raw_vec::Cap")

def _types_down_to(value, address):
    # The type names from value down to the field that starts at address.
    names = []
    node = value.GetNonSyntheticValue()
    for _ in range(16):
        names.append(node.GetTypeName() or "")
        found = None
        for i in range(node.GetNumChildren()):
            child = node.GetChildAtIndex(i).GetNonSyntheticValue()
            start = child.GetLoadAddress()
            if start != lldb.LLDB_INVALID_ADDRESS and start <= address < start + max(child.GetByteSize(), 1):
                found = child
                break
        if found is None:
            break
        node = found
    return names

def _high_bit_niche(dataful, discr):
    address = discr.GetLoadAddress()
    if address == lldb.LLDB_INVALID_ADDRESS:
        return False
    return any(marker in name for name in _types_down_to(dataful, address) for marker in _HIGH_BIT_NICHE)

_Enum = getattr(lldb_providers, "ClangEncodedEnumProvider", None)
if _Enum is not None and hasattr(_Enum, "_getCurrentVariantIndex"):
    def _variant_index(self, all_variants):
        default_index = 0
        exact = None
        truncated = None
        discr = None
        for i in range(all_variants.GetNumChildren()):
            variant = all_variants.GetChildAtIndex(i)
            member = variant.GetChildMemberWithName("$discr$")
            if not member.IsValid():
                default_index = i
                continue
            discr = member
            value = member.GetValueAsUnsigned()
            name = variant.GetName()
            if exact is None and name == "$variant$%d" % value:
                exact = i
            elif truncated is None and name == "$variant$%d" % (value & 0xFFFFFFFF):
                truncated = i
        if exact is None and truncated is None:
            return default_index
        if discr is not None and discr.GetByteSize() == 8 and discr.GetValueAsUnsigned() < 2**63:
            dataful = all_variants.GetChildAtIndex(default_index)
            if _high_bit_niche(dataful, discr):
                return default_index
        return exact if exact is not None else truncated
    _Enum._getCurrentVariantIndex = _variant_index

_MAX_ITEMS = 100

def _text(value):
    text = value.GetSummary() or value.GetValue()
    if text is None:
        try:
            if lldb_providers.is_tuple_fields(value):
                text = lldb_providers.TupleSummaryProvider(value, {})
            else:
                text = lldb_providers.StructSummaryProvider(value, {})
        except Exception:
            text = "{...}"
    return text

def _sort_key(text):
    try:
        return (0, float(text), text)
    except ValueError:
        return (1, 0.0, text)

# 2. A HashMap/HashSet lists its entries in hash order, which a random seed changes on every run:
#    sort them by key, so that two runs holding the same entries show them the same way.
_Map = getattr(lldb_providers, "StdHashMapSyntheticProvider", None)
if _Map is not None and hasattr(_Map, "update"):
    _update = _Map.update
    def _sorted_update(self):
        _update(self)
        try:
            indices = list(self.valid_indices)
            if 1 < len(indices) <= 10000:
                keys = []
                for position in range(len(indices)):
                    element = self.get_child_at_index(position)
                    key = element.GetChildAtIndex(0) if self.show_values else element
                    keys.append((_sort_key(_text(key)), position))
                self.valid_indices = [indices[position] for _, position in sorted(keys)]
        except Exception:
            pass
    _Map.update = _sorted_update

# 3. Collections show their elements, as Rust's {:?} does ([10, 20], {"a": 1}), not "size=2".
_classify = getattr(lldb_lookup, "classify_rust_type", None)
_RustType = getattr(lldb_lookup, "RustType", None)

def _collection_summary(valobj, _dict):
    count = valobj.GetNumChildren()
    kind = _classify(valobj.GetType()) if _classify and _RustType else None
    items = []
    for i in range(min(count, _MAX_ITEMS)):
        child = valobj.GetChildAtIndex(i)
        if _RustType is not None and kind == _RustType.STD_HASH_MAP and child.GetNumChildren() == 2:
            items.append("%s: %s" % (_text(child.GetChildAtIndex(0)), _text(child.GetChildAtIndex(1))))
        else:
            items.append(_text(child))
    if count > _MAX_ITEMS:
        items.append("... %d more" % (count - _MAX_ITEMS))
    if _RustType is not None and kind in (_RustType.STD_HASH_MAP, _RustType.STD_HASH_SET):
        return "{" + ", ".join(items) + "}"
    return "[" + ", ".join(items) + "]"

if hasattr(lldb_lookup, "SizeSummaryProvider"):
    lldb_lookup.SizeSummaryProvider = _collection_summary

# 4. u8 and i8 are numbers in Rust, not characters as LLDB's C types show them.
for _type, _format in (("unsigned char", "unsigned decimal"), ("signed char", "decimal"), ("char", "decimal")):
    lldb.debugger.HandleCommand('type format add --category Rust --format "%s" "%s"' % (_format, _type))
`;

/** initCommands that load the toolchain's formatters and bpdiff's fixes, or a warning why not. */
async function rustFormatters(context: LaunchContext, toolchain: string | null): Promise<{ commands: string[]; warning: string | null }> {
  const { spec, tempDir } = context;
  const env = { ...process.env, ...spec.env } as Record<string, string>;
  const sysroot = await rustSysroot(spec.cwd, env, toolchain);
  if (!sysroot) {
    return {
      commands: [],
      warning: 'no Rust toolchain with lldb formatters was found (rustc --print sysroot), so String, Vec and Option show as raw structs — install Rust with rustup',
    };
  }
  const etc = path.join(sysroot, 'lib/rustlib/etc');
  const support = path.join(tempDir, RUST_SUPPORT_FILE);
  fs.writeFileSync(support, RUST_SUPPORT);
  return {
    commands: [
      `command script import ${quoteLldb(path.join(etc, 'lldb_lookup.py'))}`,
      `command source -s 0 ${quoteLldb(path.join(etc, 'lldb_commands'))}`,
      `command script import ${quoteLldb(support)}`,
    ],
    warning: null,
  };
}

/** An argument of an lldb command, quoted for lldb's own command-line parser. */
function quoteLldb(text: string): string {
  return /^[\w./+@:-]+$/.test(text) ? text : `"${text.replace(/["\\]/g, '\\$&')}"`;
}

function isCargo(argv: string[]): boolean {
  return path.basename(argv[0] ?? '') === 'cargo';
}

async function prepare(context: LaunchContext, plan: LaunchPlan): Promise<LaunchPlan> {
  const { spec } = context;
  const env = { ...process.env, ...spec.env } as Record<string, string>;
  const warnings = [...plan.warnings];
  let program: string;
  let args: string[];
  let buildMs: number | null = null;
  let toolchain: string | null = null;

  if (isCargo(spec.argv)) {
    const run = parseCargoRun(spec.argv);
    const cargo = resolveProgram(spec.argv[0]!, spec.cwd, env);
    toolchain = run.toolchain;
    if (run.buildOptions.some((option) => option === '--release' || option === '-r' || option.startsWith('--profile'))) {
      warnings.push('the program is built with an optimising profile: some locals may show as unavailable or hold stale values');
    }
    const built = await cargoBuild(context, cargo, run);
    // The other run may build the same crate into the same target folder (a shared CARGO_TARGET_DIR)
    // right after this build releases cargo's lock: debug a copy of our own, taken at once.
    program = path.join(context.tempDir, path.basename(built.executable));
    fs.copyFileSync(built.executable, program);
    args = run.args;
    buildMs = built.ms;
  } else {
    program = resolveProgram(spec.argv[0]!, spec.cwd, env);
    args = spec.argv.slice(1);
  }

  if (hasDebugInfo(program) === false) {
    warnings.push(`${path.basename(program)} has no debug information, so lldb cannot stop at a source line in it — build it with -g (cargo: the dev profile, or debug = true)`);
  }
  const rust = isCargo(spec.argv) || path.extname(spec.breakpoint.path) === '.rs';
  const initCommands = [...stringList(plan.launch.initCommands)];
  if (rust) {
    const formatters = await rustFormatters(context, toolchain);
    initCommands.push(...formatters.commands);
    if (formatters.warning) warnings.push(formatters.warning);
  }
  const stdin = spec.stdin_file ? path.resolve(spec.cwd, spec.stdin_file) : '/dev/null';
  const preRunCommands = [...stringList(plan.launch.preRunCommands), `settings set target.input-path ${quoteLldb(stdin)}`];

  return {
    ...plan,
    launch: { ...plan.launch, program, args, initCommands, preRunCommands },
    buildMs,
    warnings,
  };
}

/**
 * Whether an ELF file carries DWARF (a `.debug_info` section). null when it is not a 64-bit ELF
 * file bpdiff can read. Exported for tests.
 */
export function hasDebugInfo(file: string): boolean | null {
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
    const names = read(Number(sections.readBigUInt64LE(namesIndex * entrySize + 0x18)), Number(sections.readBigUInt64LE(namesIndex * entrySize + 0x20)));
    for (let i = 0; i < count; i++) {
      const start = sections.readUInt32LE(i * entrySize);
      const name = names.subarray(start, names.indexOf(0, start)).toString('latin1');
      if (name === '.debug_info' || name === '.zdebug_info') return true;
    }
    return false;
  } catch {
    return null;
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

const versions = new Map<string, Promise<string | null>>();

/** `lldb --version` of the lldb beside lldb-dap ("lldb version 19.1.7" -> "19.1.7"). */
function version(plan: LaunchPlan): Promise<string | null> {
  let real: string;
  try {
    real = fs.realpathSync(plan.adapterExecutable);
  } catch {
    return Promise.resolve(null);
  }
  let found = versions.get(real);
  if (!found) {
    const suffix = /^lldb-(?:dap|vscode)(-[\d.]+)?$/.exec(path.basename(real))?.[1] ?? '';
    const lldb = [path.join(path.dirname(real), `lldb${suffix}`), path.join(path.dirname(real), 'lldb')].find((file) => fs.existsSync(file));
    found = lldb
      ? execa(lldb, ['--version'], { stdin: 'ignore', timeout: 5000 })
          .then((result) => /version\s+(\S+)/.exec(String(result.stdout))?.[1] ?? null)
          .catch(() => null)
      : Promise.resolve(null);
    versions.set(real, found);
  }
  return found;
}

/**
 * Rust dereferences through `.`: lldb-dap names a field behind a reference C's way (`team->name`,
 * `(*team).name`). Rewritten only for a breakpoint in a Rust file; C and C++ keep `->`.
 */
export function rustVariableName(name: string, breakpointPath: string): string {
  if (!breakpointPath.endsWith('.rs')) return name;
  return name.replace(/\(\*([A-Za-z_][\w.]*)\)\./g, '$1.').replaceAll('->', '.');
}

export const lldbHooks: AdapterHooks = {
  prepare,
  version,
  variableName: rustVariableName,
};
