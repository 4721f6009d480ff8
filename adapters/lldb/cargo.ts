// `cargo run [options] [-- args]` under lldb-dap: taken apart, built (`cargo build`, the dev profile
// unless the options say otherwise) under the build time limit, and the binary cargo run would start.
import fs from 'node:fs';
import path from 'node:path';
import { BpdiffError } from '../../src/errors.js';
import { runBuild, type BuildContext } from '../../src/adapters/run-build.js';
import { runEnvironment } from '../../src/adapters/run-env.js';

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
    const [flag, inline] =
      option.startsWith('--') && option.includes('=')
        ? [option.slice(0, option.indexOf('=')), option.slice(option.indexOf('=') + 1)]
        : [option, undefined];
    // bpdiff asks for its own message format to learn where the binary is.
    if (flag === '--message-format') {
      if (inline === undefined) i++;
      continue;
    }
    if (flag === '--bin' || flag === '--example') {
      const value = inline ?? options[++i];
      if (value === undefined)
        throw new BpdiffError(
          'BAD_COMMANDS',
          `cargo run ${flag} needs a name — write "cargo run ${flag} NAME -- args"`,
        );
      if (flag === '--bin') bin = value;
      else example = value;
      buildOptions.push(flag, value);
      continue;
    }
    buildOptions.push(option);
  }
  return { toolchain, buildOptions, bin, example, args };
}

export interface CargoArtifact {
  reason: string;
  manifest_path?: string;
  package_id?: string;
  target?: { kind: string[]; name: string };
  executable?: string | null;
}

/** Builds the program `cargo run` would run and returns its path; `ms` is the build's wall time. */
export async function cargoBuild(
  context: BuildContext,
  cargo: string,
  run: CargoRun,
): Promise<{ executable: string; ms: number }> {
  const { spec } = context;
  // bpdiff asks for JSON messages to learn where the binary is; diagnostics still go to stderr as text.
  const args = [
    ...(run.toolchain ? [`+${run.toolchain}`] : []),
    'build',
    '--message-format=json-render-diagnostics',
    ...run.buildOptions,
  ];
  const built = await runBuild(context, {
    label: 'cargo build',
    file: cargo,
    args,
    cwd: spec.cwd,
    env: runEnvironment(spec),
    firstError: firstCargoError,
  });
  const artifacts = built.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      try {
        return JSON.parse(line) as CargoArtifact;
      } catch {
        return null;
      }
    })
    .filter(
      (message): message is CargoArtifact =>
        message !== null && message.reason === 'compiler-artifact' && typeof message.executable === 'string',
    );
  return { executable: chooseExecutable(artifacts, run, spec.cwd), ms: built.ms };
}

/** cargo's first error (`error[E0425]: cannot find value ...`). */
export function firstCargoError(output: string): string | null {
  return output.split('\n').find((line) => /^error\b/.test(line)) ?? null;
}

/** The binary among the build's artifacts that `cargo run` would start. Exported for tests. */
export function chooseExecutable(artifacts: CargoArtifact[], run: CargoRun, cwd: string): string {
  const kind = run.example !== null ? 'example' : 'bin';
  const wanted = run.example ?? run.bin;
  let candidates = artifacts.filter(
    (artifact) => artifact.target?.kind.includes(kind) && (wanted === null || artifact.target.name === wanted),
  );
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
    throw new BpdiffError(
      'BAD_COMMANDS',
      `cargo build produced no ${kind}${wanted ? ` named "${wanted}"` : ''} in ${cwd} — check the command with cargo run`,
    );
  }
  const names = [...new Set(candidates.map((artifact) => artifact.target!.name))].join(', ');
  throw new BpdiffError(
    'BAD_COMMANDS',
    `cargo run could start any of ${names} — choose one with "cargo run --bin NAME"`,
  );
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
