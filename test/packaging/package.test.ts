// bpdiff as a user installs it from git, as the README says: a git repository of this working tree
// (a copy: packing runs the package's `prepare`, and other tests read this tree's dist/), packed
// from its git+file:// URL (npm clones it, installs the build tools, builds), installed globally
// into a fresh prefix (the bin, and what it brings: nothing but bpdiff) and into a project (the
// library from an ES module, a CommonJS file and TypeScript in both, the schemas); publint and
// arethetypeswrong find nothing to say about the package.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa, execaSync } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findVersioned } from '../../src/adapters/find-executable.js';
import { ROOT, describeWithTool, leftoverProcesses, onPath } from '../integration/helpers.js';
import { PUBLISHED_URL, readmeInstallLines, workflowStep } from '../support/install-lines.js';

interface PackResult {
  filename: string;
  size: number;
  entryCount: number;
  files: Array<{ path: string; size: number }>;
}

const debugpyInstalled = fs.existsSync('/usr/lib/python3/dist-packages/debugpy');
const javaInstalled = onPath('javac');
const everyAdapterInstalled =
  debugpyInstalled &&
  onPath('dlv') &&
  (onPath('lldb-dap') || findVersioned('lldb-dap').length > 0) &&
  javaInstalled &&
  onPath('ruby') &&
  onPath('gdb') &&
  onPath('cdtDebugAdapter');

let work: string;
let copy: string;
let prefix: string;
let globalPrefix: string;
let packed: PackResult;
let tarball: string;
let bin: string;
/** The TMPDIR the install lines run with: where their `mktemp -d` makes the folder npm packs into. */
let installTemp: string;

/**
 * Install lines (the README's, a workflow step's) run by bash as written, with the published URL
 * replaced by `url`, npm's global prefix `globalAt` (its bin on PATH) and TMPDIR in the test's folder.
 */
function runInstallLines(
  lines: string,
  url: string,
  globalAt: string,
  options: { cwd?: string; env?: Record<string, string> } = {},
) {
  expect(lines).toContain(PUBLISHED_URL);
  return execa('bash', ['-c', lines.replaceAll(PUBLISHED_URL, url)], {
    cwd: options.cwd ?? work,
    reject: false,
    stdin: 'ignore',
    env: {
      npm_config_prefix: globalAt,
      // The clone's build tools from npm's cache where it holds them (setup.sh's npm ci filled it): the same packages, without a registry round trip for each.
      npm_config_prefer_offline: 'true',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      TMPDIR: installTemp,
      PATH: `${path.join(globalAt, 'bin')}:${process.env['PATH']}`,
      ...options.env,
    },
  });
}

/** The files of the working tree (tracked and new, not ignored) that the build needs: not the tests or the examples. */
function copyTree(to: string): void {
  const listed = execaSync('git', ['ls-files', '-z', '-co', '--exclude-standard'], { cwd: ROOT })
    .stdout.split('\0')
    .filter(Boolean);
  for (const file of listed) {
    // Not a file: a worktree's node_modules may be a symlink, which `node_modules/` in .gitignore does not match.
    if (/^(test|examples)\//.test(file) || !fs.lstatSync(path.join(ROOT, file), { throwIfNoEntry: false })?.isFile())
      continue;
    fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(to, file));
  }
}

async function git(cwd: string, ...args: string[]): Promise<void> {
  await execa(
    'git',
    ['-c', 'user.name=bpdiff test', '-c', 'user.email=test@bpdiff.invalid', '-c', 'commit.gpgsign=false', ...args],
    { cwd, stdin: 'ignore' },
  );
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-package-'));
  copy = path.join(work, 'bpdiff');
  prefix = path.join(work, 'prefix');
  globalPrefix = path.join(work, 'global');
  installTemp = path.join(work, 'tmp');
  fs.mkdirSync(installTemp);
  copyTree(copy);
  await git(copy, 'init', '-q', '-b', 'main');
  await git(copy, 'add', '-A');
  await git(copy, 'commit', '-q', '-m', 'bpdiff');
  // The README's install, its lines as written with the clone's URL for the published one: npm packs the git URL into a temporary folder (npm clones, installs the build tools, builds once), then installs the tarball globally by its path.
  const install = await runInstallLines(readmeInstallLines(ROOT).join('\n'), `git+file://${copy}`, globalPrefix);
  expect(install.exitCode, install.stderr).toBe(0);
  expect(install.stdout.trim().split('\n').at(-1)).toBe(
    JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version,
  );
  const packs = fs.readdirSync(installTemp).flatMap((folder) =>
    fs
      .readdirSync(path.join(installTemp, folder))
      .filter((file) => file.endsWith('.tgz'))
      .map((file) => path.join(installTemp, folder, file)),
  );
  expect(packs).toHaveLength(1);
  tarball = packs[0]!;
  // What the tarball holds, as npm lists it (npm pack of a tarball builds nothing).
  const listing = await execa('npm', ['pack', '--dry-run', '--json', tarball], { cwd: work, stdin: 'ignore' });
  packed = (JSON.parse(listing.stdout) as PackResult[])[0]!;
  fs.mkdirSync(prefix);
  fs.writeFileSync(path.join(prefix, 'package.json'), '{ "private": true }\n');
  await execa('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], {
    cwd: prefix,
    stdin: 'ignore',
  });
  bin = path.join(prefix, 'node_modules/.bin/bpdiff');
}, 900_000);

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

function run(file: string, args: string[], options: { env?: Record<string, string> } = {}) {
  return execa(file, args, { cwd: prefix, reject: false, stdin: 'ignore', env: { NO_COLOR: '', ...options.env } });
}

describe('the tarball', () => {
  it('holds what runs and nothing else: one build, no tests, bench, sources of bundled code or source maps', () => {
    const files = packed.files.map((file) => file.path);
    // examples/ci's two scripts are there for the base-branch workflow, which runs them from the installed package.
    expect(
      files.filter(
        (file) =>
          !file.startsWith('examples/ci/') &&
          /^(test|bench|src|examples|scripts)\/|^dist\/(bench|test|src)\/|^(dist\/)?adapters\/node\/(src\/|bench)|\.map$|__pycache__|\.test\./.test(
            file,
          ),
      ),
    ).toEqual([]);
    // The code once: dist/bpdiff.cjs (the library and the command); the other scripts are the bin, the
    // Node adapter's two bundles and yargs', and what the adapter loads into the program (its bootloader,
    // and the count of passes it puts into modules: adapters/node/src/pass-counts.ts).
    expect(files.filter((file) => /\.(c?js|mjs)$/.test(file) && !file.startsWith('examples/')).sort()).toEqual([
      'adapters/node/bootloader.cjs',
      'adapters/node/pass-insert.cjs',
      'adapters/node/pass-loader.mjs',
      'dist/adapters/node/in-process.mjs',
      'dist/adapters/node/main.mjs',
      'dist/bin/bpdiff.cjs',
      'dist/bpdiff.cjs',
      'dist/vendor/yargs.cjs',
    ]);
    // No class-data archive: it maps only into the JDK build that recorded it (adapters/java/hooks.ts records one where the adapter runs).
    expect(files.filter((file) => file.endsWith('.jsa'))).toEqual([]);
    // Nor a pointer to a map that is not there: no shipped script names a source map.
    const installed = path.join(prefix, 'node_modules', 'bpdiff');
    const pointing = files.filter(
      (file) =>
        /\.([cm]?js)$/.test(file) &&
        /\/\/# sourceMappingURL=(?!data:)/.test(fs.readFileSync(path.join(installed, file), 'utf8')),
    );
    expect(pointing).toEqual([]);
    // No TypeScript but the types: the built-in adapters' hooks.ts, which their definitions name, are bundled in dist/bpdiff.cjs and registered by its entry (nothing loads the files).
    expect(files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts')).sort()).toEqual([]);
    for (const needed of [
      'package.json',
      'README.md',
      'LICENSE',
      'dist/bin/bpdiff.cjs',
      'dist/bpdiff.cjs',
      'dist/types/src/index.d.cts',
      'dist/vendor/yargs.cjs',
      'dist/adapters/node/main.mjs',
      'dist/adapters/node/in-process.mjs',
      ...(javaInstalled ? ['dist/adapters/java/bpdiff-java-adapter.jar'] : []),
      'adapters/node/bootloader.cjs',
      'adapters/ruby/bpdiff_rdbg.rb',
      'adapters/gdb/bpdiff_gdb.py',
      'adapters/python/sitecustomize.py',
      'adapters/python/_bpdiff_light/bootstrap.py',
      'adapters/python/_bpdiff_light/session.py',
      'adapters/debugpy/sitecustomize.py',
      'adapters/lldb/bpdiff_lldb_rust.py',
      'adapters/lldb/bpdiff_lldb_bytecode.py',
      'schema/breakpoint-comparison.schema.json',
      'schema/run-capture.schema.json',
      'schema/adapter-definition.schema.json',
      'schema/bpdiff-config.schema.json',
      'docs/bpdiff.1',
    ]) {
      expect(files).toContain(needed);
    }
    for (const id of ['debugpy', 'gdb', 'go', 'java', 'lldb', 'node', 'python', 'ruby'])
      expect(files).toContain(`adapters/${id}/adapter.json`);
    console.log(
      `the tarball: ${packed.entryCount} files, ${packed.size} bytes (${packed.files.reduce((sum, file) => sum + file.size, 0)} unpacked)`,
    );
  });

  it('needs nothing at run time: no dependencies, so a global install is bpdiff alone', async () => {
    const installed = JSON.parse(fs.readFileSync(path.join(prefix, 'node_modules/bpdiff/package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    expect(installed.dependencies ?? {}).toEqual({});
    const listed = (
      await execa('npm', ['ls', '-g', '--prefix', globalPrefix, '--all', '--parseable'], { stdin: 'ignore' })
    ).stdout
      .split('\n')
      .filter(Boolean);
    expect(listed.map((line) => path.relative(globalPrefix, line))).toEqual(['lib', 'lib/node_modules/bpdiff']);
    const version = await execa(path.join(globalPrefix, 'bin/bpdiff'), ['-V'], { reject: false, stdin: 'ignore' });
    expect(version.stdout).toBe(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
    // package.json's `man`: the global install puts the manual page where `man bpdiff` finds it (MANPATH from the prefix's bin).
    const manual = await execa('man', ['bpdiff'], {
      reject: false,
      stdin: 'ignore',
      env: {
        PATH: `${path.join(globalPrefix, 'bin')}:${process.env['PATH']}`,
        MANPATH: '',
        MANPAGER: 'cat',
        MANWIDTH: '80',
      },
    });
    expect(manual.exitCode).toBe(0);
    expect(manual.stdout.replace(/\s+/g, ' ')).toContain(
      'bpdiff - compare the variables at one breakpoint across two runs of a program',
    );
    console.log(
      `the global install: ${listed.length - 1} package, ${(await execa('du', ['-sb', globalPrefix])).stdout.split('\t')[0]} bytes`,
    );
  });

  it('is clean by publint and arethetypeswrong', async () => {
    const publint = await execa(
      process.execPath,
      [path.join(ROOT, 'node_modules/publint/src/cli.js'), 'run', path.join(prefix, 'node_modules/bpdiff')],
      { reject: false, stdin: 'ignore' },
    );
    expect(publint.stdout, publint.stderr).toContain('All good!');
    const attw = await execa(
      process.execPath,
      [path.join(ROOT, 'node_modules/@arethetypeswrong/cli/dist/index.js'), tarball, '--format', 'json'],
      { reject: false, stdin: 'ignore' },
    );
    expect(attw.exitCode, attw.stdout + attw.stderr).toBe(0);
    expect((JSON.parse(attw.stdout) as { analysis: { problems: unknown[] } }).analysis.problems).toEqual([]);
  });
});

describe('the install lines, as the README and the workflows write them', () => {
  const version = (): string => JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;

  it("stop at a pack that fails, with npm's error, and install nothing (not the project in the current folder)", async () => {
    // A user's project in the current folder: what `npm install -g ./` installed when the pack failed.
    const project = path.join(work, 'users-project');
    fs.mkdirSync(project);
    fs.writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'users-project', version: '1.0.0', bin: { 'users-project': 'cli.js' } }),
    );
    fs.writeFileSync(path.join(project, 'cli.js'), '#!/usr/bin/env node\n');
    const failedPrefix = path.join(work, 'failed-global');
    const result = await runInstallLines(
      readmeInstallLines(ROOT).join('\n'),
      `git+file://${path.join(work, 'no-such-repository')}`,
      failedPrefix,
      { cwd: project },
    );
    expect(result.stderr).toMatch(/^npm error /m);
    expect(result.stderr).toContain('no-such-repository');
    // The second line, bpdiff -V, finds no bpdiff: nothing was installed.
    expect(result.exitCode).not.toBe(0);
    expect(result.stdout).not.toContain(version());
    expect(fs.existsSync(path.join(failedPrefix, 'lib/node_modules'))).toBe(false);
    expect(fs.existsSync(path.join(failedPrefix, 'bin'))).toBe(false);
  });

  for (const workflow of ['bpdiff-pr-check.yml', 'bpdiff-base-branch.yml']) {
    it(`${workflow}: installs the packed bpdiff the cache restored, and stops at a failing pack when the cache has none`, async () => {
      const file = path.join(ROOT, 'examples/ci', workflow);
      const steps = [workflowStep(file, 'Find the commit of the pinned bpdiff'), workflowStep(file, 'Install bpdiff')];
      expect(steps.every(Boolean)).toBe(true);
      for (const hit of [true, false]) {
        const runnerTemp = fs.mkdtempSync(path.join(work, 'runner-temp-'));
        const env = fs.mkdtempSync(path.join(work, 'github-env-'));
        const githubEnv = path.join(env, 'env');
        fs.writeFileSync(githubEnv, '');
        const at = path.join(runnerTemp, 'global');
        const common = { BPDIFF_VERSION: 'main', RUNNER_TEMP: runnerTemp, GITHUB_ENV: githubEnv };
        // The commit step, against the clone (hit) or a repository that is not there (miss: the version itself is the key).
        const url = hit ? `git+file://${copy}` : `git+file://${path.join(work, 'no-such-repository')}`;
        const found = await execa(
          'bash',
          ['-e', '-c', steps[0]!.replace('https://github.com/bpdiff/bpdiff.git', url.slice('git+'.length))],
          { cwd: work, reject: false, stdin: 'ignore', env: common },
        );
        expect(found.exitCode, found.stderr).toBe(0);
        const written = Object.fromEntries(
          fs
            .readFileSync(githubEnv, 'utf8')
            .trim()
            .split('\n')
            .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
        );
        const head = (await execa('git', ['rev-parse', 'HEAD'], { cwd: copy })).stdout;
        expect(written).toEqual({
          BPDIFF_COMMIT: hit ? head : 'main',
          BPDIFF_PACK: path.join(runnerTemp, 'bpdiff-pack'),
        });
        // What actions/cache restores on a hit: the folder with the tarball packed on an earlier run.
        if (hit) {
          fs.mkdirSync(written['BPDIFF_PACK']!);
          fs.copyFileSync(tarball, path.join(written['BPDIFF_PACK']!, path.basename(tarball)));
        }
        const installed = await execa('bash', ['-e', '-c', steps[1]!.replaceAll(PUBLISHED_URL, url)], {
          cwd: work,
          reject: false,
          stdin: 'ignore',
          env: {
            ...common,
            ...written,
            GITHUB_ENV: githubEnv,
            npm_config_prefix: at,
            npm_config_prefer_offline: 'true',
            PATH: `${path.join(at, 'bin')}:${process.env['PATH']}`,
          },
        });
        if (hit) {
          expect(installed.exitCode, installed.stderr).toBe(0);
          expect(installed.stdout.split('\n')).toContain(version());
          expect(fs.existsSync(path.join(at, 'lib/node_modules/bpdiff/dist/bin/bpdiff.cjs'))).toBe(true);
        } else {
          expect(installed.exitCode).not.toBe(0);
          expect(installed.stderr).toMatch(/^npm error /m);
          expect(fs.existsSync(path.join(at, 'lib/node_modules'))).toBe(false);
        }
      }
    });
  }
});

describe('the installed bin', () => {
  it('serves MCP: bpdiff mcp answers initialize, then exits 0 when its stdin closes', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'package-test', version: '1' } },
    };
    const served = await execa(bin, ['mcp'], { cwd: prefix, reject: false, input: `${JSON.stringify(initialize)}\n` });
    expect(served.exitCode, served.stderr).toBe(0);
    expect(JSON.parse(served.stdout.split('\n')[0]!)).toMatchObject({
      id: 1,
      result: { serverInfo: { name: 'bpdiff' } },
    });
  });

  it("prints yargs' help, the same in any locale as the build's own", async () => {
    const help = await run(bin, ['--help'], { env: { LANG: 'fr_FR.UTF-8', LC_ALL: 'fr_FR.UTF-8' } });
    expect(help.exitCode, help.stderr).toBe(0);
    expect(help.stdout).toContain('bpdiff doctor');
    const built = await run(process.execPath, [path.join(ROOT, 'dist/bin/bpdiff.cjs'), '--help']);
    expect(help.stdout).toBe(built.stdout);
  });

  describeWithTool(
    'with every debug adapter installed',
    'every debug adapter (debugpy, lldb-dap, dlv, a JDK)',
    everyAdapterInstalled,
    () => {
      it('bpdiff doctor exits 0 and names each adapter with its version', async () => {
        const doctor = await run(bin, ['doctor']);
        expect(doctor.stderr).toBe('');
        expect(doctor.exitCode, doctor.stderr).toBe(0);
        const lines = doctor.stdout.trimEnd().split('\n');
        expect(lines.map((line) => line.split(/\s+/).slice(0, 3).join(' '))).toEqual([
          'ok debugpy debugpy',
          'ok gdb cdt-gdb-adapter',
          'ok go dlv',
          'ok java bpdiff-java-adapter',
          'ok lldb lldb-dap',
          'ok node bpdiff-node-adapter',
          'ok python bpdiff-python-adapter',
          'ok ruby rdbg',
        ]);
        for (const line of lines) expect(line).toMatch(/^ok\s+\S+\s+\S+ \d+\.\d+\S* \(.+\)$/);
        // The Node, Java and Python adapters are the ones in the package.
        expect(lines[3]).toContain(path.join(prefix, 'node_modules/bpdiff/dist/adapters/java/bpdiff-java-adapter.jar'));
        expect(lines[5]).toContain(path.join(prefix, 'node_modules/bpdiff/dist/adapters/node/main.mjs'));
        expect(lines[6]).toContain(path.join(prefix, 'node_modules/bpdiff/adapters/python/sitecustomize.py'));
      });
    },
  );

  describeWithTool('on the Python example', 'python3', onPath('python3'), () => {
    it('finds the changed rate (exit 1) with the Python adapter the package holds, and leaves no process behind', async () => {
      await expectChangedRate(
        'examples/python/pricing',
        ['--bp', 'pricing.py:34', '--condition', 'item.qty > 3'],
        ['python3', 'pricing.py', '10'],
      );
    });
  });
});

describeWithTool('the installed bin on the Java example', 'a JDK', javaInstalled, () => {
  it('finds the changed rate (exit 1) with the Java adapter the package holds, and leaves no JVM behind', async () => {
    await expectChangedRate(
      'examples/java/pricing',
      ['--bp', 'Pricing.java:33', '--condition', 'item.qty() > 3'],
      ['java', 'Pricing.java', '10'],
    );
  });
});

/** The installed bin on an example's v1 against its v2: rate 0.1 in A and 1.0 in B, and no process of the runs left. */
async function expectChangedRate(example: string, flags: string[], command: string[]): Promise<void> {
  const folder = path.join(ROOT, example);
  const mark = randomUUID();
  const result = await run(
    bin,
    [
      ...flags,
      '--cwd-a',
      path.join(folder, 'v1'),
      '--cwd-b',
      path.join(folder, 'v2'),
      '-q',
      '--',
      ...command,
      '--',
      ...command,
    ],
    { env: { BPDIFF_TEST_MARK: mark } },
  );
  expect(result.stderr).toBe('');
  expect(result.exitCode, result.stderr).toBe(1);
  const document = JSON.parse(result.stdout) as { diff: { changed: Record<string, { a: string; b: string }> } };
  expect(document.diff.changed.rate).toEqual({ a: '0.1', b: '1.0' });
  expect(await leftoverProcesses(mark)).toEqual([]);
}

describe('the installed library', () => {
  it('imports from an ES module, with its schemas and package.json through their exports', async () => {
    fs.writeFileSync(
      path.join(prefix, 'esm.mjs'),
      [
        "import { compare, capture, diffCaptures, validateComparison } from 'bpdiff';",
        "import schema from 'bpdiff/schema/breakpoint-comparison.schema.json' with { type: 'json' };",
        "import pkg from 'bpdiff/package.json' with { type: 'json' };",
        'console.log([typeof compare, typeof capture, typeof diffCaptures, typeof validateComparison, schema.$id, pkg.name].join(" "));',
      ].join('\n'),
    );
    const result = await run(process.execPath, ['esm.mjs']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      'function function function function https://bpdiff.dev/schemas/breakpoint-comparison.schema.json bpdiff',
    );
  });

  it('loads with require() from a CommonJS file', async () => {
    fs.writeFileSync(
      path.join(prefix, 'cjs.cjs'),
      [
        "const bpdiff = require('bpdiff');",
        "const schema = require('bpdiff/schema/run-capture.schema.json');",
        'console.log([typeof bpdiff.compare, typeof bpdiff.diffVariables, schema.$id].join(" "));',
      ].join('\n'),
    );
    const result = await run(process.execPath, ['cjs.cjs']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('function function https://bpdiff.dev/schemas/run-capture.schema.json');
  });

  it('exports every function the README names, from an ES module and from CommonJS, locate() among them', async () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const library = readme.slice(
      readme.indexOf('\n## As a library\n'),
      readme.indexOf('\n## ', readme.indexOf('\n## As a library\n') + 5),
    );
    // What the section names: its example's import, `name(...)`, and the lower layers it lists.
    const imported = /import \{ ([^}]+) \} from 'bpdiff'/
      .exec(library)![1]!
      .split(',')
      .map((name) => name.trim());
    // (`write(report, ...)` is the function loadWriter returns, not an export.)
    const called = [...library.matchAll(/`([a-z][A-Za-z]+)\(/g)]
      .map((match) => match[1]!)
      .filter((name) => name !== 'write');
    const listed = [
      .../The lower layers are exported too: ([^.]+)\./.exec(library)![1]!.matchAll(/`([a-zA-Z]+)`/g),
    ].map((match) => match[1]!);
    const named = [...new Set([...imported, ...called, ...listed])].sort();
    expect(named).toEqual(
      expect.arrayContaining([
        'capture',
        'compare',
        'diffCaptures',
        'findConfig',
        'loadConfig',
        'loadWriter',
        'locate',
      ]),
    );
    fs.writeFileSync(
      path.join(prefix, 'named.mjs'),
      `import * as bpdiff from 'bpdiff';\nconsole.log(${JSON.stringify(named)}.map((name) => name + ' ' + typeof bpdiff[name]).join('\\n'));\n`,
    );
    fs.writeFileSync(
      path.join(prefix, 'named.cjs'),
      `const bpdiff = require('bpdiff');\nconsole.log(${JSON.stringify(named)}.map((name) => name + ' ' + typeof bpdiff[name]).join('\\n'));\n`,
    );
    for (const file of ['named.mjs', 'named.cjs']) {
      const result = await run(process.execPath, [file]);
      expect(result.stderr).toBe('');
      expect(result.stdout.split('\n'), file).toEqual(named.map((name) => `${name} function`));
    }
    // locate() is the real one: it checks its input as the CLI does.
    fs.writeFileSync(
      path.join(prefix, 'locate.cjs'),
      "require('bpdiff').locate({ run_a: { command: ['true'] } }).catch((error) => console.log(error.name, error.message));\n",
    );
    const located = await run(process.execPath, ['locate.cjs']);
    expect(located.stdout).toMatch(/^BpdiffError .*run_b/);
  });

  it('type-checks in a CommonJS TypeScript project under node16 resolution (no TS1479)', async () => {
    const dir = path.join(prefix, 'cjs-consumer');
    fs.mkdirSync(dir);
    fs.writeFileSync(
      path.join(dir, 'consumer.cts'),
      [
        "import { compare, type ComparisonResult } from 'bpdiff';",
        "const outcome: Promise<{ result: ComparisonResult }> = compare({ bp: 'a.py:1', run_a: { command: ['python3', 'a.py'] }, run_b: { command: ['python3', 'a.py'] } });",
        'void outcome;',
      ].join('\n'),
    );
    fs.writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'node16',
          moduleResolution: 'node16',
          target: 'es2022',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
        },
        files: ['consumer.cts'],
      }),
    );
    const result = await run(process.execPath, [
      path.join(ROOT, 'node_modules/typescript/bin/tsc'),
      '-p',
      path.join(dir, 'tsconfig.json'),
    ]);
    expect(result.stdout).toBe('');
    expect(result.exitCode, result.stderr).toBe(0);
  });

  it('type-checks in a TypeScript project that checks declaration files too', async () => {
    fs.writeFileSync(
      path.join(prefix, 'consumer.mts'),
      [
        "import { compare, type ComparisonResult } from 'bpdiff';",
        "const outcome: Promise<{ result: ComparisonResult; exit_code: number }> = compare({ bp: 'a.py:1', run_a: { command: ['python3', 'a.py'] }, run_b: { command: ['python3', 'a.py'] } });",
        'void outcome;',
      ].join('\n'),
    );
    fs.writeFileSync(
      path.join(prefix, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
        },
        files: ['consumer.mts'],
      }),
    );
    const result = await run(process.execPath, [
      path.join(ROOT, 'node_modules/typescript/bin/tsc'),
      '-p',
      'tsconfig.json',
    ]);
    expect(result.stdout).toBe('');
    expect(result.exitCode, result.stderr).toBe(0);
  });
});
