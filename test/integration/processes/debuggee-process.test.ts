// The program bpdiff starts itself for an adapter that attaches to it: told the adapter's port on its
// fd 3 once the adapter names it (the adapter picks it: no other process can take it in between).
import { describe, expect, it } from 'vitest';
import type { DebuggeeCommand } from '../../../src/adapters/hooks.js';
import { OutputTail } from '../../../src/dap/output-tail.js';
import { listeningPort, startAttachedProgram, startDebuggee } from '../../../src/run/debuggee-process.js';

const LISTENING = { event: 'debugpyWaitingForServer', portField: 'port' };

function command(script: string): DebuggeeCommand {
  return {
    executable: '/bin/sh',
    args: ['-c', script],
    env: {},
    cwd: '/',
    stdinFile: null,
    listening: LISTENING,
    startOn: 'with-adapter',
  };
}

async function run(script: string, port: Promise<number>): Promise<{ stdout: string; code: number | null }> {
  const stdout = new OutputTail();
  const exit = await startDebuggee(command(script), {
    label: 'A',
    marker: undefined,
    track: () => undefined,
    stdout,
    stderr: new OutputTail(),
    adapterPort: port,
  });
  return { stdout: stdout.text, code: exit.code };
}

describe("startDebuggee with the adapter's port to come", () => {
  it('writes the port as one line on fd 3 once known, then closes it', async () => {
    const port = new Promise<number>((resolve) => setTimeout(() => resolve(51234), 100));
    // `cat` ends only at the end of the file: the descriptor was closed after the line.
    expect(await run('echo started; cat <&3', port)).toEqual({ stdout: 'started\n51234\n', code: 0 });
  });

  it('closes fd 3 with nothing written when the port never comes', async () => {
    const port = Promise.reject(new Error('no port'));
    expect(await run('printf "[%s]" "$(cat <&3)"', port)).toEqual({ stdout: '[]', code: 0 });
  });

  it('does not fail when the program has ended before the port is known', async () => {
    let tell: (port: number) => void = () => undefined;
    const port = new Promise<number>((resolve) => (tell = resolve));
    expect(await run('exec 3<&-; exit 4', port)).toEqual({ stdout: '', code: 4 });
    tell(51234);
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
});

describe('startAttachedProgram', () => {
  const start = (): {
    label: string;
    marker: undefined;
    track: () => void;
    stdout: OutputTail;
    stderr: OutputTail;
  } => ({ label: 'A', marker: undefined, track: () => undefined, stdout: new OutputTail(), stderr: new OutputTail() });

  it("'when-listening': starts the program once the port is known, with ${port} in its arguments filled in", async () => {
    const out = start();
    const exit = await startAttachedProgram(
      { ...command('echo "$0"'), args: ['-c', 'echo "$0"', 'port=${port}'], startOn: 'when-listening' },
      out,
      Promise.resolve(40211),
    );
    expect([exit.code, out.stdout.text]).toEqual([0, 'port=40211\n']);
  });

  it('rejects with the reason when the port never comes, whichever way the program starts', async () => {
    const noPort = new Error('debugpy named no port');
    await expect(
      startAttachedProgram({ ...command('exit 0'), startOn: 'when-listening' }, start(), Promise.reject(noPort)),
    ).rejects.toBe(noPort);
    // Its fd 3 is closed then, so `cat` ends.
    await expect(startAttachedProgram(command('cat <&3'), start(), Promise.reject(noPort))).rejects.toBe(noPort);
  });
});

describe('listeningPort', () => {
  it('reads the port from the event body', () => {
    expect(
      listeningPort(
        { seq: 1, type: 'event', event: 'debugpyWaitingForServer', body: { host: '127.0.0.1', port: 40211 } },
        LISTENING,
        'debugpy',
      ),
    ).toBe(40211);
  });

  it('names the adapter, the event and the field when the event names no port', () => {
    for (const body of [{ host: '127.0.0.1' }, { port: 0 }, { port: '40211' }, undefined]) {
      expect(() =>
        listeningPort(
          { seq: 1, type: 'event', event: 'debugpyWaitingForServer', ...(body ? { body } : {}) },
          LISTENING,
          'debugpy',
        ),
      ).toThrow(
        /^debugpy said it listens for the program \(its debugpyWaitingForServer event\) but named no port in "port" \(.+\) — check that bpdiff supports this debugpy version \(bpdiff doctor\)$/,
      );
    }
  });
});
