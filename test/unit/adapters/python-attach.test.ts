// How a Python run starts: bpdiff starts the program itself under `debugpy --connect` and debugpy
// attaches to it (adapters/python/hooks.ts), and the sitecustomize has pydevd wait for the adapter
// to listen (its part 3). The interpreter is a fake python3 whose probe answers the facts given.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AdapterDefinition } from '../../../src/adapters/definition.js';
import { loadHooks, type LaunchPlan } from '../../../src/adapters/hooks.js';
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
  const builtin = builtinDefinitions().find((definition) => definition.id === 'python')!;
  return { python, definition: { ...builtin, adapter: { ...builtin.adapter, executables: [python], args: [path.join(sharedDebugpy, 'adapter')] } }, sharedDebugpy };
}

async function plan(definition: AdapterDefinition, argv: string[], more: Partial<RunSpec> = {}): Promise<{ plan: LaunchPlan; cwd: string; tempDir: string }> {
  const cwd = freshDir();
  const tempDir = freshDir();
  const spec: RunSpec = { side: 'a', label: 'A', argv, cwd, env: {}, stdin_file: null, breakpoint: { file: 'prog.py', line: 1, path: path.join(cwd, 'prog.py') }, ...more };
  const context = { definition, spec, options: defaultCaptureOptions(), signal: new AbortController().signal, log: () => undefined, tempDir, track: () => undefined };
  return { plan: await prepareLaunch(await loadHooks(definition), context), cwd, tempDir };
}

const DEBUGPY_OPTIONS = (port: number): string[] => ['--connect', `127.0.0.1:${port}`, '--configure-subProcess', 'False', '--configure-qt', 'none'];

describe('the python plan: the program started by bpdiff, debugpy attached to it', () => {
  it('attaches with listen and pydevd\'s options only, and starts `python prog.py args` with the adapter', async () => {
    const { python, definition, sharedDebugpy } = fakeInstall({ hasDebugpy: false, version: [3, 11] });
    const { plan: made, cwd, tempDir } = await plan(definition, [python, 'prog.py', 'a b', 'c'], { env: { MODE: 'x' }, stdin_file: 'input.txt' });
    const port = (made.launch.listen as { port: number }).port;
    expect(port).toBeGreaterThan(0);
    expect(made.request).toBe('attach');
    // No `redirectOutput` (bpdiff reads the program's pipes), nothing of the launcher's.
    expect(made.launch).toEqual({
      justMyCode: false,
      showReturnValue: false,
      variablePresentation: { special: 'hide', function: 'hide', class: 'hide', protected: 'inline' },
      listen: { host: '127.0.0.1', port },
    });
    expect(made.debuggee).toEqual({
      executable: python,
      args: ['-X', 'frozen_modules=off', sharedDebugpy, ...DEBUGPY_OPTIONS(port), path.join(cwd, 'prog.py'), 'a b', 'c'],
      env: {
        MODE: 'x',
        PYTHONPATH: tempDir,
        BPDIFF_VALUE_TIMEOUT: '2',
        BPDIFF_MAX_CHILDREN: '100',
        PYTHONUNBUFFERED: '1',
        PYTHONIOENCODING: 'utf-8',
        BPDIFF_ADAPTER_PORT: String(port),
      },
      cwd,
      stdinFile: path.join(cwd, 'input.txt'),
      startOn: 'with-adapter',
    });
    expect([made.adapterExecutable, ...made.adapterArgs]).toEqual([python, path.join(sharedDebugpy, 'adapter')]);
    expect(made.adapterEnv).toEqual({ PYTHONPATH: tempDir });
    expect(made.condition).toBeUndefined();
    expect(fs.readdirSync(tempDir)).toEqual(['sitecustomize.py']);
  });

  it('passes interpreter options first, then -m or -c as python would read them', async () => {
    const { python, definition, sharedDebugpy } = fakeInstall({ hasDebugpy: false, version: [3, 12] });
    const module = (await plan(definition, [python, '-u', '-X', 'dev', '-m', 'pkg.mod', 'x'])).plan;
    const port = (module.launch.listen as { port: number }).port;
    expect(module.debuggee!.args).toEqual(['-u', '-X', 'dev', '-X', 'frozen_modules=off', sharedDebugpy, ...DEBUGPY_OPTIONS(port), '-m', 'pkg.mod', 'x']);
    const code = (await plan(definition, [python, '-c', 'import sys; print(sys.argv)', 'y'])).plan;
    const codePort = (code.launch.listen as { port: number }).port;
    expect(code.debuggee!.args).toEqual(['-X', 'frozen_modules=off', sharedDebugpy, ...DEBUGPY_OPTIONS(codePort), '-c', 'import sys; print(sys.argv)', 'y']);
    expect(code.debuggee!.stdinFile).toBeNull();
  });

  it("uses the interpreter's own debugpy, and -X frozen_modules=off only from Python 3.11 on, as debugpy's launcher does", async () => {
    const own = path.join(freshDir(), 'site-packages/debugpy');
    const { python, definition } = fakeInstall({ hasDebugpy: true, debugpyDir: own, version: [3, 10] });
    const { plan: made, cwd } = await plan(definition, [python, 'prog.py']);
    const port = (made.launch.listen as { port: number }).port;
    expect(made.debuggee!.args).toEqual([own, ...DEBUGPY_OPTIONS(port), path.join(cwd, 'prog.py')]);
    expect([made.adapterExecutable, ...made.adapterArgs]).toEqual([python, '-m', 'debugpy.adapter']);
  });

  it('under -I, -E or -S (no sitecustomize, so no retry) starts the program once debugpy listens', async () => {
    const { python, definition } = fakeInstall({ hasDebugpy: false, version: [3, 11] });
    for (const option of ['-I', '-E', '-S', '-bE']) {
      const { plan: made } = await plan(definition, [python, option, 'prog.py'], { breakpoint: { file: 'prog.py', line: 1, path: '/x/prog.py', condition: 'x > 1' } });
      expect(made.request).toBe('attach');
      expect(made.debuggee!.startOn).toEqual({ event: 'debugpyWaitingForServer' });
      expect(made.debuggee!.args[0]).toBe(option);
      expect(made.debuggee!.env.BPDIFF_ADAPTER_PORT).toBeUndefined();
      expect(made.condition).toEqual({});
      expect(made.warnings).toEqual(['the interpreter runs with -I, -E or -S, so bpdiff cannot tell a condition that fails to evaluate from one that is false']);
    }
    const { plan: devMode } = await plan(definition, [python, '-X', 'importtime', '-W', 'error', 'prog.py']);
    expect(devMode.debuggee!.startOn).toBe('with-adapter');
  });

  it("keeps a user's copy of the definition with the old launch template from sending what only a launch reads", async () => {
    const { python, definition } = fakeInstall({ hasDebugpy: false, version: [3, 11] });
    const old = { ...definition, launch: { ...definition.launch, program: '${program}', args: '${args}', cwd: '${cwd}', env: '${env}', console: 'internalConsole', redirectOutput: true, subProcess: false } };
    const { plan: made } = await plan(old, [python, 'prog.py']);
    expect(Object.keys(made.launch).sort()).toEqual(['justMyCode', 'listen', 'showReturnValue', 'variablePresentation']);
  });
});

const hasPython = fs.existsSync('/usr/bin/python3');

describe.skipIf(!hasPython)('sitecustomize.py part 3: pydevd waits for the adapter to listen', () => {
  const site = freshDir();
  fs.copyFileSync(path.join(ROOT, 'adapters/python/sitecustomize.py'), path.join(site, 'sitecustomize.py'));

  /** Runs `code` with the sitecustomize and BPDIFF_ADAPTER_PORT=port; resolves with its stdout. */
  function python(code: string, port: number): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = spawn('/usr/bin/python3', ['-c', code], {
        env: { PATH: process.env.PATH ?? '', PYTHONPATH: site, PYTHONDONTWRITEBYTECODE: '1', BPDIFF_ADAPTER_PORT: String(port) },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('error', reject);
      child.on('close', () => resolve(out.trim()));
    });
  }

  it('connects once the port listens, with TCP_NODELAY, and hides the port from the program', async () => {
    const port = await freeLoopbackPort();
    const code = [
      'import os, socket, time',
      't0 = time.monotonic()',
      `client = socket.socket(); client.settimeout(20); client.connect(("127.0.0.1", ${port}))`,
      'print(client.recv(5).decode(), time.monotonic() - t0 > 0.2, client.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0, client.gettimeout())',
      'print(os.environ.get("BPDIFF_ADAPTER_PORT"))',
    ].join('\n');
    const server = net.createServer((socket) => socket.end('hello'));
    const ran = python(code, port);
    // Listening only after the program has tried for a while.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    try {
      expect((await ran).split('\n')).toEqual(['hello True True 20.0', 'None']);
    } finally {
      server.close();
    }
  });

  it('leaves a connect to any other port as it was: refused at once', async () => {
    const [port, other] = [await freeLoopbackPort(), await freeLoopbackPort()];
    const code = [
      'import socket, time',
      't0 = time.monotonic()',
      'try:',
      `    socket.create_connection(("127.0.0.1", ${other}))`,
      'except ConnectionRefusedError:',
      '    print("refused", time.monotonic() - t0 < 0.5)',
    ].join('\n');
    expect(await python(code, port)).toBe('refused True');
  });
});
