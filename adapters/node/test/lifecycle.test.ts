// How a session ends: disconnect, terminate, the client going away, SIGTERM to the adapter; one stop
// at a time when several processes reach the breakpoint; stepping.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterEach, describe, expect, it } from 'vitest';
import { isAlive } from '../../../src/process/process-tree.js';
import { AdapterSession, EXAMPLES, FIXTURES, lineOf, mustGet } from './helpers.js';

const CART_V1 = path.join(EXAMPLES, 'node', 'cart-cjs', 'v1');
const CART_FILE = path.join(CART_V1, 'cart.js');
const RETURN_LINE = lineOf(CART_FILE, 'return { gross, discount, net }');

let session: AdapterSession | null = null;
afterEach(async () => {
  await session?.finish();
  session = null;
});

async function stoppedInShell(): Promise<AdapterSession> {
  const started = await AdapterSession.start();
  const result = await started.run({
    command: ['sh', '-c', 'node checkout.js; echo done'],
    cwd: CART_V1,
    breakpoints: [{ path: CART_FILE, line: RETURN_LINE }],
  });
  expect(result.stopped?.body.reason).toBe('breakpoint');
  await started.collectThreadPids();
  started.snapshotSession();
  // The shell and its paused Node child.
  expect(started.pids.size).toBeGreaterThanOrEqual(2);
  return started;
}

async function waitForExit(
  child: {
    exitCode: number | null;
    signalCode: string | null;
    once(event: 'exit', listener: () => void): unknown;
  } | null,
): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => child.once('exit', () => resolve()));
}

describe('ending a session', () => {
  it('disconnect kills the paused program and its shell', async () => {
    session = await stoppedInShell();
    await session.dc.disconnectRequest({ terminateDebuggee: true });
    await session.assertAllGone();
    // Killed, not resumed: the shell never got to print.
    expect(session.output('stdout')).toBe('');
  });

  it('closing the adapter stdin kills everything and ends the adapter', async () => {
    session = await stoppedInShell();
    const adapter = session.adapterProcess!;
    adapter.stdin!.end();
    await waitForExit(adapter);
    await session.assertAllGone();
  });

  it('a request written after the adapter went away fails alone, never the test run', async () => {
    session = await stoppedInShell();
    const adapter = session.adapterProcess!;
    // Requests written while the adapter is going away, and after: their writes fail (EPIPE, or a write
    // after the pipe closed), which under load is the moment a test ends it.
    const exited = waitForExit(adapter);
    adapter.kill('SIGTERM');
    let gone = false;
    void exited.then(() => (gone = true));
    const answers: Array<Promise<string>> = [];
    while (!gone) {
      answers.push(
        Promise.race([
          session.dc.threadsRequest().then(
            () => 'answered',
            () => 'failed',
          ),
          new Promise<string>((resolve) => setTimeout(() => resolve('no answer'), 1000)),
        ]),
      );
      await new Promise((resolve) => setImmediate(resolve));
    }
    answers.push(
      Promise.race([
        session.dc.threadsRequest().then(
          () => 'answered',
          () => 'failed',
        ),
        new Promise<string>((resolve) => setTimeout(() => resolve('no answer'), 1000)),
      ]),
    );
    expect((await Promise.all(answers)).at(-1)).not.toBe('answered');
    await session.assertAllGone();
  });

  it('SIGTERM to the adapter kills everything and ends the adapter', async () => {
    session = await stoppedInShell();
    const adapter = session.adapterProcess!;
    adapter.kill('SIGTERM');
    await waitForExit(adapter);
    await session.assertAllGone();
  });

  it('terminate ends the program with exited and terminated', async () => {
    session = await stoppedInShell();
    const since = session.events.length;
    await session.dc.terminateRequest({});
    await session.waitFor((event) => event.event === 'terminated', 10_000, since);
    expect(session.events.slice(since).some((event) => event.event === 'exited')).toBe(true);
    await session.assertAllGone();
  });

  it('disconnect before configurationDone kills the processes still waiting for it', async () => {
    session = await AdapterSession.start();
    const since = session.events.length;
    await session.dc.initializeRequest({ adapterID: 'node', pathFormat: 'path' });
    await session.dc.launchRequest({
      command: ['node', 'checkout.js'],
      cwd: CART_V1,
    } as DebugProtocol.LaunchRequestArguments);
    await session.waitFor((event) => event.event === 'thread', 10_000, since);
    await session.collectThreadPids();
    await session.dc.disconnectRequest({});
    await session.assertAllGone();
    expect(session.output('stdout')).toBe('');
  });

  it('disconnect with terminateDebuggee false lets the program finish', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-detach-'));
    const marker = path.join(dir, 'finished');
    const script = path.join(dir, 'detach.js');
    fs.writeFileSync(
      script,
      `'use strict';\nconst total = 6 * 7;\nrequire('fs').writeFileSync(${JSON.stringify(marker)}, String(total));\n`,
    );
    try {
      session = await AdapterSession.start();
      const result = await session.run({
        command: ['node', script],
        cwd: dir,
        breakpoints: [{ path: script, line: 3 }],
      });
      expect(result.stopped?.body.reason).toBe('breakpoint');
      expect(fs.existsSync(marker)).toBe(false);
      await session.dc.disconnectRequest({ terminateDebuggee: false });
      const deadline = Date.now() + 5000;
      while (!fs.existsSync(marker) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(fs.readFileSync(marker, 'utf8')).toBe('42');
      await session.assertAllGone();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('several processes reach the breakpoint', () => {
  it('shows one stop at a time; the next comes after continue', async () => {
    session = await AdapterSession.start();
    const result = await session.run({
      command: ['sh', '-c', 'node checkout.js 0.1 & node checkout.js 0.2; wait'],
      cwd: CART_V1,
      breakpoints: [{ path: CART_FILE, line: RETURN_LINE }],
    });
    const first = result.stopped!.body.threadId!;
    const firstRate = mustGet(await session.locals((await session.topFrame(first)).id), 'rate').value;
    // The other process reaches the breakpoint too, but waits unseen.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(session.events.filter((event) => event.event === 'stopped')).toHaveLength(1);

    const since = session.events.length;
    await session.dc.continueRequest({ threadId: first });
    const second = await session.waitFor<DebugProtocol.StoppedEvent>(
      (event) => event.event === 'stopped',
      10_000,
      since,
    );
    expect(second.body.threadId).not.toBe(first);
    const secondRate = mustGet(await session.locals((await session.topFrame(second.body.threadId!)).id), 'rate').value;
    expect([firstRate, secondRate].sort()).toEqual(['0.1', '0.2']);
  });
});

describe('stepping and pausing', () => {
  it('next stops on the following line with reason step', async () => {
    session = await AdapterSession.start();
    const line = lineOf(CART_FILE, 'const discount = Math.round');
    const result = await session.run({
      command: ['node', 'checkout.js'],
      cwd: CART_V1,
      breakpoints: [{ path: CART_FILE, line }],
    });
    const threadId = result.stopped!.body.threadId!;
    const since = session.events.length;
    await session.dc.nextRequest({ threadId });
    const step = await session.waitFor<DebugProtocol.StoppedEvent>((event) => event.event === 'stopped', 10_000, since);
    expect(step.body.reason).toBe('step');
    const frame = await session.topFrame(threadId);
    expect(frame.line).toBe(line + 1);
    expect(mustGet(await session.locals(frame.id), 'discount').value).toBe('224');
  });

  it('pause stops a running program with reason pause', async () => {
    session = await AdapterSession.start();
    const result = await session
      .run({
        command: ['node', '-e', 'let n = 0; setInterval(() => { n++; }, 5);'],
        cwd: FIXTURES,
        timeoutMs: 1500,
      })
      .catch(() => null);
    expect(result).toBeNull();
    const [thread] = await session.collectThreadPids();
    const since = session.events.length;
    await session.dc.pauseRequest({ threadId: thread!.id });
    const paused = await session.waitFor<DebugProtocol.StoppedEvent>(
      (event) => event.event === 'stopped',
      10_000,
      since,
    );
    expect(paused.body.reason).toBe('pause');
    await session.dc.continueRequest({ threadId: thread!.id });
  });
});

describe('the adapter process', () => {
  it('exits after disconnect', async () => {
    session = await stoppedInShell();
    const adapter = session.adapterProcess!;
    await session.dc.disconnectRequest({});
    await waitForExit(adapter);
    expect(isAlive(adapter.pid!)).toBe(false);
  });
});
