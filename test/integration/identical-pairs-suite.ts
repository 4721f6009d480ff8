// No false alarms (issue 10): every bundled example, in every command form its README shows, run
// against itself gives exit 0 and nothing changed, both in one folder and in two copies of it (two
// checkouts at different paths); and each example with two versions still shows its seeded change
// (here, or in the adapter's own test that runs the same comparison: the case's provenBy).
// A new false alarm in any adapter shows here at once. The cases are in identical-pairs.ts; the test
// files identical-pairs-{python,native,vm}.test.ts run them (each file its own copies and builds).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { beforeAll, expect, it } from 'vitest';
import { atEachFileEnd } from '../support/file-end.js';
import { findFirstExecutable } from '../../src/adapters/find-executable.js';
import { EXAMPLES, ROOT, describeWithTool, onPath, runBpdiff, type BpdiffRun } from './helpers.js';
import { PYTHON_ADAPTERS } from './python-adapters.js';
import { PAIRS, SEEDED, type PairCase, type Prepare, type SeededCase, type Toolset } from './identical-pairs.js';

const lldbDefinition = JSON.parse(fs.readFileSync(path.join(ROOT, 'adapters/lldb/adapter.json'), 'utf8')) as {
  adapter: { executables: string[] };
};
const lldbDap = findFirstExecutable(lldbDefinition.adapter.executables, ROOT);

/** Two checkouts of one example: different paths, and of different lengths, as real ones are. */
const CHECKOUTS = ['checkout-a', 'second-checkout-b'] as const;

let scratch = '';
/** Example roots copied so far, and folders prepared so far (a Go binary's path for 'go-build'). */
const copied = new Set<string>();
const prepared = new Map<string, string>();

/** The test file's folder of checkouts and builds, made when first asked for (removed after the file's tests). */
function scratchFolder(): string {
  if (scratch === '') {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-identical-'));
    // npx tsx and tsc in a copy find the repository's packages as they would in a checkout.
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(scratch, 'node_modules'));
  }
  return scratch;
}

atEachFileEnd(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  scratch = '';
  copied.clear();
  prepared.clear();
});

/** The example's root in the repository (null) or in one of the two copies; a root under test/ is a test fixture's. */
function rootOf(root: string, checkout: string | null): string {
  if (checkout === null) return root.startsWith('test/') ? path.join(ROOT, root) : path.join(EXAMPLES, root);
  return path.join(scratchFolder(), checkout, root);
}

/** A fresh copy, without what the build leaves (each copy builds its own, so debug info names it). */
function copyExample(root: string, checkout: string): void {
  const key = `${checkout}/${root}`;
  if (copied.has(key)) return;
  fs.cpSync(rootOf(root, null), rootOf(root, checkout), {
    recursive: true,
    filter: (source) => !/^(build|target|dist|node_modules)$/.test(path.basename(source)),
  });
  copied.add(key);
}

async function prepare(kind: Prepare, root: string, cwd: string, bp: string): Promise<void> {
  const key = `${kind} ${kind === 'make' || kind === 'tsc' ? root : cwd}`;
  if (prepared.has(key)) return;
  let result = '';
  if (kind === 'make') await execa('make', ['-s', '-C', root], { stdin: 'ignore' });
  if (kind === 'tsc') await execa('npx', ['tsc', '-p', 'tsconfig.json'], { cwd: root, stdin: 'ignore' });
  if (kind === 'cargo-build') await execa('cargo', ['build', '-q'], { cwd, stdin: 'ignore' });
  if (kind === 'c++') {
    // In the folder's own build/ (not copied), run by the same relative path in every copy: argv[0] is the program's.
    const source = bp.slice(0, bp.lastIndexOf(':'));
    result = `./build/${path.basename(source, path.extname(source))}`;
    fs.mkdirSync(path.join(cwd, 'build'), { recursive: true });
    await execa('c++', ['-g', '-O0', '-o', result, source], { cwd, stdin: 'ignore' });
  }
  if (kind === 'go-build') {
    // As the README builds /tmp/orders-v1: optimisations off, outside the example.
    result = path.join(scratchFolder(), 'bin', cwd.replace(/[^\w.-]+/g, '_'));
    await execa('go', ['build', '-gcflags=all=-N -l', '-o', result, '.'], { cwd, stdin: 'ignore' });
  }
  prepared.set(key, result);
}

/**
 * Copies every example a toolset's cases use and prepares each folder they run in: the two copies for
 * every pair, the example's own folder for the one-folder pair and the seeded changes only (a build
 * there for a pair run in the copies alone was work for nothing: a cargo or make build each).
 */
async function prepareToolset(toolset: Toolset): Promise<void> {
  const folders = [
    ...identicalPairs(toolset).map((pair) => ({ ...pair, cwds: [pair.cwd] })),
    ...seededChanges(toolset).map((seeded) => ({
      ...seeded,
      checkouts: [null, null] as const,
      cwds: [seeded.cwdA, seeded.cwdB],
    })),
  ];
  for (const { root, cwds, prepare: kind, bp, checkouts } of folders) {
    for (const checkout of new Set(checkouts)) {
      if (checkout !== null) copyExample(root, checkout);
      if (!kind) continue;
      for (const cwd of cwds) await prepare(kind, rootOf(root, checkout), path.join(rootOf(root, checkout), cwd), bp);
    }
  }
}

/** The command as run in one folder: a built binary's placeholder becomes its path. */
function commandIn(command: string[], cwd: string, kind: Prepare | undefined): string[] {
  return command.map((word) => (word === '{binary}' ? prepared.get(`${kind} ${cwd}`)! : word));
}

interface Side {
  root: string;
  cwd: string;
  command: string[];
}

function bpdiffArgs(
  spec: {
    bp: string;
    condition?: string | undefined;
    stdin?: string;
    adapter?: string[];
    options?: string[];
    prepare?: Prepare;
  },
  a: Side,
  b: Side,
): string[] {
  return [
    ...(spec.adapter ?? []).map((arg) => arg.replaceAll('{root}', a.root)),
    ...(spec.options ?? []),
    '--bp',
    spec.bp,
    ...(spec.condition ? ['--condition', spec.condition] : []),
    '--cwd-a',
    a.cwd,
    '--cwd-b',
    b.cwd,
    ...(spec.stdin ? ['--stdin-a', path.join(a.root, spec.stdin), '--stdin-b', path.join(b.root, spec.stdin)] : []),
    '--',
    ...commandIn(a.command, a.cwd, spec.prepare),
    '--',
    ...commandIn(b.command, b.cwd, spec.prepare),
  ];
}

function side(root: string, checkout: string | null, cwd: string, command: string[]): Side {
  return { root: rootOf(root, checkout), cwd: path.join(rootOf(root, checkout), cwd), command };
}

/** Both stopped, nothing changed, nothing in one run only, exit 0, nothing left running. */
function expectNoAlarm(run: BpdiffRun): void {
  expect.soft(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
  expect(run.doc, `no result document (exit ${run.exitCode}):\n${run.stderr}`).not.toBeNull();
  const doc = run.doc!;
  expect([doc.run_a.status, doc.run_b.status], doc.analysis_hints.join('\n')).toEqual(['break', 'break']);
  expect.soft(doc.diff.changed, 'false alarm: changed in two identical runs').toEqual({});
  expect.soft(doc.diff.only_in_a, 'false alarm: only in A').toEqual([]);
  expect.soft(doc.diff.only_in_b, 'false alarm: only in B').toEqual([]);
  expect.soft(run.exitCode, run.stderr).toBe(0);
}

/**
 * Every case in two checkouts (different paths, of different lengths: the harder pair), and the first
 * case of each toolset also twice in one folder (the same paths): a change only two checkouts show is
 * a path, which every case meets; the one-folder pair of every case doubled the suite's time for none.
 */
function identicalPairs(
  toolset: Toolset,
): Array<PairCase & { where: string; checkouts: [string | null, string | null] }> {
  return PAIRS.filter((pair) => pair.toolset === toolset).flatMap((pair, index) => [
    ...(index === 0 ? [{ ...pair, where: 'one folder', checkouts: [null, null] as [null, null] }] : []),
    { ...pair, where: 'two checkouts', checkouts: [...CHECKOUTS] as [string, string] },
  ]);
}

/** The toolset's seeded changes that no other test runs (provenBy names the one that does). */
function seededChanges(toolset: Toolset): SeededCase[] {
  return SEEDED.filter((one) => one.toolset === toolset && one.provenBy === undefined);
}

/** The toolset's block: identical pairs one after another, then each seeded change (`extra`: `--adapter ID`). */
function describeToolset(toolset: Toolset, extra: string[] = []): void {
  beforeAll(() => prepareToolset(toolset), 600_000);

  it.each(identicalPairs(toolset))('$name against itself, $where: exit 0, nothing changed', async (pair) => {
    const [first, second] = pair.checkouts;
    const run = await runBpdiff([
      ...extra,
      ...bpdiffArgs(
        pair,
        side(pair.root, first, pair.cwd, pair.command),
        side(pair.root, second, pair.cwd, pair.command),
      ),
    ]);
    expectNoAlarm(run);
  });

  const seeded = seededChanges(toolset);
  if (seeded.length === 0) return;
  it.each(seeded)('$name v1 against v2: exit 1, $variable differs', async (one: SeededCase) => {
    const run = await runBpdiff([
      ...extra,
      ...bpdiffArgs(one, side(one.root, null, one.cwdA, one.commandA), side(one.root, null, one.cwdB, one.commandB)),
    ]);
    expect.soft(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
    expect(run.doc, `no result document (exit ${run.exitCode}):\n${run.stderr}`).not.toBeNull();
    expect([run.doc!.run_a.status, run.doc!.run_b.status]).toEqual(['break', 'break']);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.doc!.diff.changed[one.variable]).toEqual({ a: one.a, b: one.b });
  });
}

/** Each toolset's block, by the test file that runs it (identical-pairs-*.test.ts: three files, so two workers share them evenly). */
export const SUITES = {
  python: (): void => {
    for (const python of PYTHON_ADAPTERS) {
      describeWithTool(`identical pairs: python through ${python.name}`, python.tool, python.available, () =>
        describeToolset('python', ['--adapter', python.id]),
      );
    }
  },
  c: (): void =>
    describeWithTool('identical pairs: C through lldb-dap', 'lldb-dap', lldbDap !== null, () => describeToolset('c')),
  rust: (): void =>
    describeWithTool(
      'identical pairs: Rust through lldb-dap',
      lldbDap ? 'cargo' : 'lldb-dap',
      onPath('cargo') && lldbDap !== null,
      () => describeToolset('rust'),
      {
        optionalInCi: lldbDap !== null,
      },
    ),
  go: (): void =>
    describeWithTool(
      'identical pairs: Go through dlv',
      'dlv and go (apt-get install -y delve golang-go)',
      onPath('dlv') && onPath('go'),
      () => describeToolset('go'),
    ),
  java: (): void =>
    describeWithTool(
      'identical pairs: java through bpdiff-java-adapter',
      'a JDK (apt-get install -y default-jdk-headless) and the built Java adapter',
      onPath('javac') && fs.existsSync(path.join(ROOT, 'dist/adapters/java/bpdiff-java-adapter.jar')),
      () => describeToolset('java'),
    ),
  ruby: (): void =>
    describeWithTool(
      'identical pairs: ruby through rdbg',
      'ruby (apt-get install -y ruby ruby-rspec)',
      onPath('ruby') && onPath('rspec'),
      () => describeToolset('ruby'),
    ),
  gdb: (): void =>
    describeWithTool(
      'identical pairs: fortran and c++ through gdb',
      'gdb, gfortran, g++ and cdt-gdb-adapter (scripts/setup.sh)',
      onPath('gdb') && onPath('cdtDebugAdapter') && onPath('gfortran') && onPath('g++'),
      () => describeToolset('gdb'),
    ),
  perl: (): void =>
    describeWithTool(
      'identical pairs: perl through examples/adapters/perl.json',
      'Perl::LanguageServer (apt-get install -y libperl-languageserver-perl)',
      fs.existsSync('/usr/share/perl5/Perl/LanguageServer.pm'),
      () => describeToolset('perl'),
    ),
  node: (): void =>
    describeWithTool(
      'identical pairs: node and typescript through bpdiff-node-adapter',
      'the built Node adapter (npm run build)',
      fs.existsSync(path.join(ROOT, 'dist/adapters/node/main.mjs')),
      () => describeToolset('node'),
    ),
};
