// How a Python run starts: bpdiff starts the program itself under `debugpy --connect` and debugpy
// attaches to it (adapters/debugpy/hooks.ts), listening on a port of its own choice, and the
// sitecustomize has pydevd connect there once bpdiff writes it on the program's fd 3 (its part 3). The interpreter is a fake python3 whose probe answers the facts given.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AdapterDefinition } from '../../../src/adapters/definition.js';
import type { LaunchPlan } from '../../../src/adapters/hooks.js';
import { loadHooks } from '../../../src/adapters/load-hooks.js';
import { prepareLaunch } from '../../../src/adapters/prepare-launch.js';
import { builtinDefinitions } from '../../../src/adapters/registry.js';
import { defaultCaptureOptions, type RunSpec } from '../../../src/core/types.js';
import { freeLoopbackPort } from '../../../src/dap/adapter-process.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-python-attach-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

let folder = 0;
/** A fresh folder per case: the hook remembers the facts of each interpreter path. */
function freshDir(): string {
  return fs.mkdtempSync(path.join(tmp, `case${folder++}-`));
}

interface Facts {
  hasDebugpy: boolean;
  hasBytecode?: boolean;
  debugpyDir?: string | null;
  version?: [number, number];
}

/** A python3 whose probe answers `facts`, and the python definition with Debian's debugpy in a folder of its own. */
function fakeInstall(facts: Facts): { python: string; definition: AdapterDefinition; sharedDebugpy: string } {
  const root = freshDir();
  const python = path.join(root, 'bin/python3');
  fs.mkdirSync(path.dirname(python));
  const answer = JSON.stringify({ executable: python, hasBytecode: true, debugpyVersion: null, ...facts });
  fs.writeFileSync(python, `#!/bin/sh\necho '${answer}'\n`, { mode: 0o755 });
  const sharedDebugpy = path.join(root, 'dist-packages/debugpy');
  fs.mkdirSync(path.join(sharedDebugpy, 'adapter'), { recursive: true });
  const builtin = builtinDefinitions().find((definition) => definition.id === 'debugpy')!;
  return {
    python,
    definition: {
      ...builtin,
      adapter: { ...builtin.adapter, executables: [python], args: [path.join(sharedDebugpy, 'adapter')] },
    },
    sharedDebugpy,
  };
}

async function plan(
  definition: AdapterDefinition,
  argv: string[],
  more: Partial<RunSpec> = {},
): Promise<{ plan: LaunchPlan; cwd: string; tempDir: string }> {
  const cwd = freshDir();
  const tempDir = freshDir();
  const spec: RunSpec = {
    side: 'a',
    label: 'A',
    argv,
    cwd,
    env: {},
    stdin_file: null,
    breakpoint: { file: 'prog.py', line: 1, path: path.join(cwd, 'prog.py') },
    ...more,
  };
  const context = {
    definition,
    spec,
    options: defaultCaptureOptions(),
    signal: new AbortController().signal,
    log: () => undefined,
    tempDir,
    track: () => undefined,
  };
  return { plan: await prepareLaunch(await loadHooks(definition), context), cwd, tempDir };
}

/** What follows the debugpy folder; the port is `0` (told on fd 3) or `${port}` (filled in when debugpy listens). */
const DEBUGPY_OPTIONS = (port: string): string[] => [
  '--connect',
  `127.0.0.1:${port}`,
  '--configure-subProcess',
  'False',
  '--configure-qt',
  'none',
];

describe('the python plan: the program started by bpdiff, debugpy attached to it', () => {
  it("attaches with listen and pydevd's options only, and starts `python prog.py args` with the adapter", async () => {
    const { python, definition, sharedDebugpy } = fakeInstall({ hasDebugpy: false, version: [3, 11] });
    const {
      plan: made,
      cwd,
      tempDir,
    } = await plan(definition, [python, 'prog.py', 'a b', 'c'], { env: { MODE: 'x' }, stdin_file: 'input.txt' });
    expect(made.request).toBe('attach');
    // No `redirectOutput` (bpdiff reads the program's pipes), nothing of the launcher's.
    expect(made.launch).toEqual({
      justMyCode: false,
      showReturnValue: false,
      variablePresentation: { special: 'hide', function: 'hide', class: 'hide', protected: 'inline' },
      listen: { host: '127.0.0.1', port: 0 },
    });
    expect(made.debuggee).toEqual({
      executable: python,
      args: ['-X', 'frozen_modules=off', sharedDebugpy, ...DEBUGPY_OPTIONS('0'), path.join(cwd, 'prog.py'), 'a b', 'c'],
      env: {
        MODE: 'x',
        PYTHONPATH: tempDir,
        BPDIFF_VALUE_TIMEOUT: '2',
        BPDIFF_MAX_CHILDREN: '100',
        PYTHONUNBUFFERED: '1',
        PYTHONIOENCODING: 'utf-8',
        // The same seed in both runs (adapters/python/hash-seed.ts): the environment here sets none.
        PYTHONHASHSEED: '0',
        BPDIFF_ADAPTER_PORT_FD: '3',
      },
      cwd,
      stdinFile: path.join(cwd, 'input.txt'),
      fixedAddresses: true,
      listening: { event: 'debugpyWaitingForServer', portField: 'port' },
      startOn: 'with-adapter',
    });
    expect([made.adapterExecutable, ...made.adapterArgs]).toEqual([python, path.join(sharedDebugpy, 'adapter')]);
    expect(made.adapterEnv).toEqual({ PYTHONPATH: tempDir });
    expect(made.condition).toBeUndefined();
    expect(fs.readdirSync(tempDir).sort()).toEqual(['_bpdiff_bounded.py', '_bpdiff_setorder.py', 'sitecustomize.py']);
  });

  it('passes interpreter options first, then -m or -c as python would read them', async () => {
    const { python, definition, sharedDebugpy } = fakeInstall({ hasDebugpy: false, version: [3, 12] });
    const module = (await plan(definition, [python, '-u', '-X', 'dev', '-m', 'pkg.mod', 'x'])).plan;
    expect(module.debuggee!.args).toEqual([
      '-u',
      '-X',
      'dev',
      '-X',
      'frozen_modules=off',
      sharedDebugpy,
      ...DEBUGPY_OPTIONS('0'),
      '-m',
      'pkg.mod',
      'x',
    ]);
    const code = (await plan(definition, [python, '-c', 'import sys; print(sys.argv)', 'y'])).plan;
    expect(code.debuggee!.args).toEqual([
      '-X',
      'frozen_modules=off',
      sharedDebugpy,
      ...DEBUGPY_OPTIONS('0'),
      '-c',
      'import sys; print(sys.argv)',
      'y',
    ]);
    expect(code.debuggee!.stdinFile).toBeNull();
  });

  it("uses the interpreter's own debugpy, and -X frozen_modules=off only from Python 3.11 on, as debugpy's launcher does", async () => {
    const own = path.join(freshDir(), 'site-packages/debugpy');
    const { python, definition } = fakeInstall({ hasDebugpy: true, debugpyDir: own, version: [3, 10] });
    const { plan: made, cwd } = await plan(definition, [python, 'prog.py']);
    expect(made.debuggee!.args).toEqual([own, ...DEBUGPY_OPTIONS('0'), path.join(cwd, 'prog.py')]);
    expect([made.adapterExecutable, ...made.adapterArgs]).toEqual([python, '-m', 'debugpy.adapter']);
  });

  it('under -I, -E or -S (no sitecustomize to read fd 3) starts the program once debugpy listens, the port in its arguments', async () => {
    const { python, definition, sharedDebugpy } = fakeInstall({ hasDebugpy: false, version: [3, 11] });
    for (const option of ['-I', '-E', '-S', '-bE']) {
      const { plan: made } = await plan(definition, [python, option, 'prog.py'], {
        breakpoint: { file: 'prog.py', line: 1, path: '/x/prog.py', condition: 'x > 1' },
      });
      expect(made.request).toBe('attach');
      expect(made.debuggee!.startOn).toBe('when-listening');
      expect(made.debuggee!.args).toEqual([
        option,
        '-X',
        'frozen_modules=off',
        sharedDebugpy,
        ...DEBUGPY_OPTIONS('${port}'),
        path.join(made.debuggee!.cwd, 'prog.py'),
      ]);
      expect(made.debuggee!.env.BPDIFF_ADAPTER_PORT_FD).toBeUndefined();
      expect(made.condition).toEqual({});
      expect(made.warnings).toEqual([
        'the interpreter runs with -I, -E or -S, so bpdiff cannot tell a condition that fails to evaluate from one that is false',
      ]);
    }
    const { plan: devMode } = await plan(definition, [python, '-X', 'importtime', '-W', 'error', 'prog.py']);
    expect(devMode.debuggee!.startOn).toBe('with-adapter');
  });

  it("lends Debian's `bytecode` (beside the debugpy used) when the interpreter lacks it, or cannot see dist-packages for -S", async () => {
    const own = path.join(freshDir(), 'dist-packages/debugpy');
    fs.mkdirSync(path.join(path.dirname(own), 'bytecode'), { recursive: true });
    const withOwn = fakeInstall({ hasDebugpy: true, debugpyDir: own, version: [3, 13] });
    expect(fs.readdirSync((await plan(withOwn.definition, [withOwn.python, 'prog.py'])).tempDir).sort()).toEqual([
      '_bpdiff_bounded.py',
      '_bpdiff_setorder.py',
      'sitecustomize.py',
    ]);
    const noSite = await plan(withOwn.definition, [withOwn.python, '-S', 'prog.py']);
    expect(fs.readlinkSync(path.join(noSite.tempDir, 'bytecode'))).toBe(path.join(path.dirname(own), 'bytecode'));
    expect(noSite.plan.debuggee!.env.PYTHONPATH).toBe(noSite.tempDir);

    const borrowing = fakeInstall({ hasDebugpy: false, hasBytecode: false, version: [3, 11] });
    fs.mkdirSync(path.join(path.dirname(borrowing.sharedDebugpy), 'bytecode'));
    const lent = await plan(borrowing.definition, [borrowing.python, 'prog.py']);
    expect(fs.readlinkSync(path.join(lent.tempDir, 'bytecode'))).toBe(
      path.join(path.dirname(borrowing.sharedDebugpy), 'bytecode'),
    );
  });

  it('refuses, saying what to do, a run whose debugpy needs the lent `bytecode` under -I or -E, which hide PYTHONPATH', async () => {
    const { python, definition, sharedDebugpy } = fakeInstall({
      hasDebugpy: false,
      hasBytecode: false,
      version: [3, 11],
    });
    fs.mkdirSync(path.join(path.dirname(sharedDebugpy), 'bytecode'));
    for (const option of ['-I', '-bE']) {
      await expect(plan(definition, [python, option, 'prog.py'])).rejects.toThrow(
        `${python} with ${option} ignores PYTHONPATH, so the debugpy it runs (${sharedDebugpy}) cannot load the \`bytecode\` package it needs (${path.join(path.dirname(sharedDebugpy), 'bytecode')}) — install debugpy into it with pip (${python} -m pip install debugpy), or run it without ${option}`,
      );
    }
    // Its own debugpy (Debian's /usr/bin/python3) under -I -S: no dist-packages, and no PYTHONPATH to lend `bytecode` on.
    const own = path.join(freshDir(), 'dist-packages/debugpy');
    fs.mkdirSync(path.join(path.dirname(own), 'bytecode'), { recursive: true });
    const withOwn = fakeInstall({ hasDebugpy: true, debugpyDir: own, version: [3, 13] });
    await expect(plan(withOwn.definition, [withOwn.python, '-I', '-S', 'prog.py'])).rejects.toThrow(
      `${withOwn.python} with -I ignores PYTHONPATH, so the debugpy it runs (${own}) cannot load`,
    );
  });

  it("keeps a user's copy of the definition with the old launch template from sending what only a launch reads", async () => {
    const { python, definition } = fakeInstall({ hasDebugpy: false, version: [3, 11] });
    const old = {
      ...definition,
      launch: {
        ...definition.launch,
        program: '${program}',
        args: '${args}',
        cwd: '${cwd}',
        env: '${env}',
        console: 'internalConsole',
        redirectOutput: true,
        subProcess: false,
      },
    };
    const { plan: made } = await plan(old, [python, 'prog.py']);
    expect(Object.keys(made.launch).sort()).toEqual([
      'justMyCode',
      'listen',
      'showReturnValue',
      'variablePresentation',
    ]);
  });
});

const hasPython = fs.existsSync('/usr/bin/python3');

describe.skipIf(!hasPython)('sitecustomize.py part 3: pydevd connects to the port bpdiff writes on fd 3', () => {
  const site = freshDir();
  fs.copyFileSync(path.join(ROOT, 'adapters/debugpy/sitecustomize.py'), path.join(site, 'sitecustomize.py'));

  /**
   * Runs `code` with the sitecustomize and BPDIFF_ADAPTER_PORT_FD=3, a pipe on fd 3 to which `tell`
   * writes (`delayMs` after the program's first output, or after its start where it writes none
   * first: `afterOutput` false) and which it then closes; resolves with the program's stdout.
   */
  function python(code: string, tell: string, delayMs = 0, afterOutput = false): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = spawn('/usr/bin/python3', ['-c', code], {
        env: {
          PATH: process.env.PATH ?? '',
          PYTHONPATH: site,
          PYTHONDONTWRITEBYTECODE: '1',
          BPDIFF_ADAPTER_PORT_FD: '3',
        },
        stdio: ['ignore', 'pipe', 'inherit', 'pipe'],
      });
      let out = '';
      const fd3 = child.stdio[3] as NodeJS.WritableStream;
      const told = () => setTimeout(() => fd3.end(tell), delayMs);
      child.stdout!.on('data', (chunk: Buffer) => {
        if (afterOutput && out === '') told();
        out += chunk.toString();
      });
      child.on('error', reject);
      child.on('close', () => resolve(out.trim()));
      if (!afterOutput) told();
    });
  }

  it('connects to 127.0.0.1:0 as the port told, once told, with TCP_NODELAY and its timeout, and hides the descriptor from the program', async () => {
    const server = net.createServer((socket) => socket.end('hello'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const code = [
      'import os, socket, subprocess, sys, time',
      't0 = time.monotonic()',
      'print("connecting", flush=True)',
      'client = socket.socket(); client.settimeout(20); client.connect(("127.0.0.1", 0))',
      'print(client.recv(5).decode(), client.getpeername()[1], time.monotonic() - t0 > 0.2, client.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0, client.gettimeout())',
      'print(os.environ.get("BPDIFF_ADAPTER_PORT_FD"))',
      'try:',
      '    os.fstat(3); print("fd 3 open")',
      'except OSError:',
      '    print("fd 3 closed")',
    ].join('\n');
    try {
      // Told only 400 ms after the program said it connects (its start up, however slow, not counted).
      expect((await python(code, `${port}\n`, 400, true)).split('\n')).toEqual([
        'connecting',
        `hello ${port} True True 20.0`,
        'None',
        'fd 3 closed',
      ]);
    } finally {
      server.close();
    }
  });

  it('refuses the connect when the descriptor ends with no port (bpdiff gone, or the adapter never listened)', async () => {
    const code = [
      'import socket',
      'try:',
      '    socket.create_connection(("127.0.0.1", 0))',
      'except ConnectionRefusedError as error:',
      '    print("refused:", error)',
    ].join('\n');
    expect(await python(code, '', 100)).toBe('refused: bpdiff did not say where the debug adapter listens');
  });

  it('leaves a connect to any other port as it was: refused at once, the descriptor unread', async () => {
    const other = await freeLoopbackPort();
    const code = [
      'import os, socket',
      'try:',
      `    socket.create_connection(("127.0.0.1", ${other}))`,
      'except ConnectionRefusedError:',
      '    print("refused")',
      'print(os.read(3, 16).decode().strip())',
    ].join('\n');
    // The port is still there to read: the connect did not wait for it.
    expect((await python(code, '4242\n', 0)).split('\n')).toEqual(['refused', '4242']);
  });
});
