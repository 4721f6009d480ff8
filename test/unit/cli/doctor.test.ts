// `bpdiff doctor` against fake installations: a PATH of shell scripts standing in for lldb-dap, dlv
// and python3, and the built-in definitions pointed at files of a temp folder where they name
// absolute paths (/usr/bin/python3, Debian's debugpy, bpdiff's own Node adapter).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdapterDefinition } from '../../../src/adapters/definition.js';
import { builtinDefinitions } from '../../../src/adapters/registry.js';
import { runDoctorCommand } from '../../../src/cli/command-doctor.js';
import { checkAdapter, formatStatuses } from '../../../src/library/doctor.js';
import type { Io } from '../../../src/intake/io.js';
import { readPackageVersion } from '../../../src/intake/version.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-doctor-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const builtin = (id: string): AdapterDefinition => builtinDefinitions().find((definition) => definition.id === id)!;

function script(dir: string, name: string, body: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return file;
}

let folder = 0;
/** A fresh folder per case: the hooks remember what they found per executable. */
function freshDir(): string {
  return fs.mkdtempSync(path.join(tmp, `case${folder++}-`));
}

const savedPath = process.env.PATH;
let bin: string;
beforeEach(() => {
  bin = path.join(freshDir(), 'bin');
  fs.mkdirSync(bin);
  process.env.PATH = bin;
});
afterEach(() => {
  process.env.PATH = savedPath;
});

/** A python3 on PATH whose probe (adapters/python/hooks.ts) answers `facts`. */
function fakePython(facts: { hasDebugpy: boolean; debugpyVersion: string | null }): string {
  const file = path.join(bin, 'python3');
  const answer = JSON.stringify({ executable: file, hasBytecode: true, ...facts });
  return script(bin, 'python3', `if [ "$1" = "--version" ]; then echo "Python 3.12.1"; exit 0; fi\necho '${answer}'`);
}

/** The debugpy definition, with its /usr/bin/python3 and Debian's debugpy moved into `root`. */
function pythonDefinition(root: string, sharedDebugpy: string | null): AdapterDefinition {
  const interpreter = script(path.join(root, 'usr/bin'), 'python3', 'exit 0');
  const adapterDir = path.join(root, 'dist-packages/debugpy/adapter');
  if (sharedDebugpy) {
    fs.mkdirSync(adapterDir, { recursive: true });
    fs.mkdirSync(path.join(root, `dist-packages/debugpy-${sharedDebugpy}.dist-info`));
  }
  const debugpy = builtin('debugpy');
  return { ...debugpy, adapter: { ...debugpy.adapter, executables: [interpreter], args: [adapterDir] } };
}

describe('checkAdapter', () => {
  it('finds the newest versioned lldb-dap and asks the lldb beside it for the version', async () => {
    script(bin, 'lldb-dap-17', 'exit 0');
    const dap = script(bin, 'lldb-dap-19', 'exit 0');
    script(bin, 'lldb-19', 'echo "lldb version 19.1.7"');
    expect(await checkAdapter(builtin('lldb'), tmp)).toEqual({
      id: 'lldb',
      name: 'lldb-dap',
      ok: true,
      version: '19.1.7',
      // No python3 on this PATH to run bpdiff_cpu_count.py: --hit N is said to be counted by the debugger.
      detail: `${dap}; --hit N counted by the debugger, a stop a pass: no python3 here to ask the kernel`,
      install: 'apt-get install -y lldb-19',
    });
  });

  it("says how --hit N counts on gdb and lldb-dap: bpdiff_cpu_count.py's answer through python3", async () => {
    const dap = script(bin, 'lldb-dap', 'exit 0');
    script(bin, 'python3', 'case "$1" in */adapters/native/bpdiff_cpu_count.py) echo "ok (uprobe)";; *) exit 3;; esac');
    expect((await checkAdapter(builtin('lldb'), tmp)).detail).toBe(`${dap}; --hit N counted by the kernel (a uprobe)`);
    expect((await checkAdapter(builtin('go'), tmp)).detail).not.toContain('--hit');
    // Another python3 (another PATH) is asked again: a refusal is said with its reason.
    process.env.PATH = path.join(freshDir(), 'bin');
    const other = script(process.env.PATH, 'lldb-dap', 'exit 0');
    script(process.env.PATH, 'python3', 'echo "refused: no counter counts here (uprobe: Permission denied)"');
    expect((await checkAdapter(builtin('lldb'), tmp)).detail).toBe(
      `${other}; --hit N counted by the debugger, a stop a pass: no counter counts here (uprobe: Permission denied)`,
    );
  });

  it("reads dlv's version, and names the install command when dlv is missing", async () => {
    const dlv = script(bin, 'dlv', 'echo "Delve Debugger"; echo "Version: 1.20.2"');
    const found = await checkAdapter(builtin('go'), tmp);
    expect(found).toMatchObject({ ok: true, name: 'dlv', version: '1.20.2' });
    expect(found.detail).toBe(`${dlv} dap --listen=127.0.0.1:0`);

    process.env.PATH = path.join(freshDir(), 'empty');
    expect(await checkAdapter(builtin('go'), tmp)).toEqual({
      id: 'go',
      name: 'dlv',
      ok: false,
      version: null,
      detail: 'dlv is not installed (looked for dlv)',
      install: builtin('go').install,
    });
  });

  it("uses the interpreter's own debugpy when it has one, as a run does", async () => {
    const python3 = fakePython({ hasDebugpy: true, debugpyVersion: '1.8.1' });
    const status = await checkAdapter(pythonDefinition(freshDir(), null), tmp);
    expect(status).toMatchObject({ ok: true, name: 'debugpy', version: '1.8.1' });
    expect(status.detail).toBe(`python3 3.12.1: ${python3}; adapter: ${python3} -m debugpy.adapter`);
  });

  it("else Debian's debugpy, with the version of its dist-info folder", async () => {
    fakePython({ hasDebugpy: false, debugpyVersion: null });
    const root = freshDir();
    const status = await checkAdapter(pythonDefinition(root, '1.6.7'), tmp);
    expect(status).toMatchObject({ ok: true, name: 'debugpy', version: '1.6.7' });
    expect(status.detail).toContain(
      `adapter: ${path.join(root, 'usr/bin/python3')} ${path.join(root, 'dist-packages/debugpy/adapter')}`,
    );
  });

  it('says what is missing for python: debugpy, or python3 itself', async () => {
    fakePython({ hasDebugpy: false, debugpyVersion: null });
    const noDebugpy = await checkAdapter(pythonDefinition(freshDir(), null), tmp);
    expect(noDebugpy).toMatchObject({ ok: false, install: 'apt-get install -y python3-debugpy' });
    expect(noDebugpy.detail).toMatch(/^debugpy is not installed \(not in .*python3, not at .*debugpy\)$/);

    process.env.PATH = path.join(freshDir(), 'empty');
    const noPython = await checkAdapter(pythonDefinition(freshDir(), '1.6.7'), tmp);
    expect(noPython).toMatchObject({ ok: false, detail: 'cannot find "python3" (looked on PATH)' });
  });

  it("takes an adapter that bpdiff carries to have bpdiff's version, and misses its script when it is not built", async () => {
    const node = builtin('node');
    const built = await checkAdapter(
      { ...node, adapter: { ...node.adapter, args: ['${packageRoot}/package.json'] } },
      tmp,
    );
    expect(built).toMatchObject({ ok: true, name: 'bpdiff-node-adapter', version: readPackageVersion() });
    expect(built.detail).toBe(`${process.execPath} ${path.resolve(import.meta.dirname, '../../..', 'package.json')}`);

    const unbuilt = await checkAdapter(
      { ...node, adapter: { ...node.adapter, args: ['${packageRoot}/no-such-dist/main.mjs'] } },
      tmp,
    );
    expect(unbuilt).toMatchObject({
      ok: false,
      detail: expect.stringMatching(
        /^bpdiff-node-adapter is not installed \(no .*\/no-such-dist\/main\.mjs\)$/,
      ) as unknown,
    });
    expect(formatStatuses([unbuilt])).toMatch(
      /^missing {2}node {2}bpdiff-node-adapter is not installed \(no .*\) — install: npm run build \(the adapter ships with bpdiff\)\n$/,
    );
  });
});

describe('runDoctorCommand', () => {
  function io(out: string[]): Io {
    return { stdout: (text) => void out.push(text), stderr: () => undefined, stdoutIsTTY: false, env: {}, cwd: tmp };
  }

  it('prints one aligned line per adapter and exits 0 when every one is installed', async () => {
    script(bin, 'lldb-dap', 'exit 0');
    script(bin, 'dlv', 'echo "Version: 1.20.2"');
    const out: string[] = [];
    expect(await runDoctorCommand(io(out), null, [builtin('go'), builtin('lldb')])).toBe(0);
    expect(out.join('').split('\n')).toEqual([
      `ok       go    dlv 1.20.2 (${path.join(bin, 'dlv')} dap --listen=127.0.0.1:0)`,
      `ok       lldb  lldb-dap (version unknown) (${path.join(bin, 'lldb-dap')}; --hit N counted by the debugger, a stop a pass: no python3 here to ask the kernel)`,
      '',
    ]);
  });

  it('exits 1 when one is missing, with the command that installs it', async () => {
    script(bin, 'dlv', 'echo "Version: 1.20.2"');
    const out: string[] = [];
    expect(await runDoctorCommand(io(out), null, [builtin('go'), builtin('lldb')])).toBe(1);
    expect(out.join('')).toContain(
      '\nmissing  lldb  lldb-dap is not installed (looked for lldb-dap, lldb-dap-*, lldb-vscode, lldb-vscode-*) — install: apt-get install -y lldb-19\n',
    );
  });
});
