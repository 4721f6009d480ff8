// The program's processes at the DAP level: exit codes, uncaught exceptions, stdin, a JVM started by a
// shell script, two JVMs in one command, and every way a session ends (disconnect, terminate, the
// client closing the adapter's stdin, SIGTERM to the adapter) with no process left behind.
import fs from 'node:fs';
import path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterEach, expect, it } from 'vitest';
import { isAlive } from '../../../src/process/process-tree.js';
import { AdapterSession, FIXTURES, compileFixture, describeWithJava, lineOf, mustGet, tempFolder } from './helpers.js';

const LOOP = path.join(FIXTURES, 'loop', 'Loop.java');
const EXIT = path.join(FIXTURES, 'exit', 'Exit.java');
const CHILD = path.join(FIXTURES, 'multi', 'Child.java');

let session: AdapterSession | null = null;
afterEach(async () => {
  await session?.finish();
  session = null;
});

/** Waits until `pid` has ended. */
async function gone(pid: number, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

describeWithJava('Java adapter: how programs end', () => {
  it('reports the exit code of a program that does not reach the breakpoint, with its stderr', async () => {
    const classes = compileFixture('exit');
    session = await AdapterSession.start();
    const result = await session.run({
      command: ['java', '-cp', classes, 'Exit', 'code'],
      cwd: FIXTURES,
      breakpoints: [{ path: EXIT, line: lineOf(EXIT, 'reached the end') }],
    });
    expect(result).toMatchObject({ stopped: null, exitCode: 3 });
    expect(session.output('stderr')).toBe('mode code\n');
    const order = session.events
      .map((event) => event.event)
      .filter((name) => name === 'exited' || name === 'terminated');
    expect(order).toEqual(['exited', 'terminated']);
  });

  it('stops on an uncaught exception with its class and message (filter "uncaught")', async () => {
    const classes = compileFixture('exit');
    session = await AdapterSession.start();
    const result = await session.run({
      command: ['java', '-cp', classes, 'Exit', 'throw'],
      cwd: FIXTURES,
      exceptionFilters: ['uncaught'],
    });
    expect(result.stopped?.body).toMatchObject({
      reason: 'exception',
      description: 'Paused on uncaught exception',
      text: 'java.lang.IllegalStateException: no stock for throw',
    });
    const info = (await session.dc.exceptionInfoRequest({ threadId: result.stopped!.body.threadId! })).body;
    expect(info).toMatchObject({
      exceptionId: 'java.lang.IllegalStateException',
      description: 'no stock for throw',
      breakMode: 'unhandled',
    });
    expect(info.details?.stackTrace).toContain('at Exit.main(Exit.java:');
    expect((await session.topFrame(result.stopped!.body.threadId!)).name).toBe('Exit.main');
  });

  it('stops on an exception the program catches (filter "all"), but not on those the JDK catches itself', async () => {
    const classes = compileFixture('exit');
    session = await AdapterSession.start();
    // Starting a JVM throws and catches a few exceptions inside the JDK: none of them stops.
    const result = await session.run({
      command: ['java', '-cp', classes, 'Exit', 'caught'],
      cwd: FIXTURES,
      exceptionFilters: ['all'],
    });
    expect(result.stopped?.body).toMatchObject({
      reason: 'exception',
      description: 'Paused on exception',
      text: 'java.lang.NumberFormatException: For input string: "caught!"',
    });
    expect((await session.dc.exceptionInfoRequest({ threadId: result.stopped!.body.threadId! })).body.breakMode).toBe(
      'always',
    );
    expect(await session.continueToNext(result.stopped!.body.threadId!)).toBeNull();
    expect(session.output('stdout')).toBe('caught For input string: "caught!"\nreached the end\n');
  });

  it('lets an uncaught exception end the program (exit 1) without the filter', async () => {
    const classes = compileFixture('exit');
    session = await AdapterSession.start();
    const result = await session.run({ command: ['java', '-cp', classes, 'Exit', 'throw'], cwd: FIXTURES });
    expect(result).toMatchObject({ stopped: null, exitCode: 1 });
    expect(session.output('stderr')).toContain(
      'Exception in thread "main" java.lang.IllegalStateException: no stock for throw',
    );
  });

  it('feeds the stdin file to the program, and an empty stdin without one', async () => {
    const classes = compileFixture('exit');
    const input = path.join(tempFolder('bpdiff-java-stdin-'), 'in.txt');
    fs.writeFileSync(input, 'tea 4\n');
    session = await AdapterSession.start();
    await session.run({ command: ['java', '-cp', classes, 'Exit', 'stdin'], cwd: FIXTURES, stdinFile: input });
    expect(session.output('stdout')).toBe('read tea 4\nreached the end\n');
    await session.finish();
    session = await AdapterSession.start();
    await session.run({ command: ['java', '-cp', classes, 'Exit', 'stdin'], cwd: FIXTURES });
    expect(session.output('stdout')).toBe('read \nreached the end\n');
  });
});

describeWithJava('Java adapter: JVMs started by other processes', () => {
  it("stops in a JVM a shell script starts, and the script's output and exit pass through", async () => {
    const classes = compileFixture('loop');
    session = await AdapterSession.start();
    const line = lineOf(LOOP, 'total += Math.abs(sq)');
    const result = await session.run({
      command: ['sh', 'script/run.sh', '2'],
      cwd: FIXTURES,
      env: { CLASSPATH: classes },
      breakpoints: [{ path: LOOP, line, hitCondition: '2' }],
    });
    const threadId = result.stopped!.body.threadId!;
    const threads = await session.threads();
    const jvm = Number(/^java (\d+) main$/.exec(threads.find((thread) => thread.id === threadId)!.name)![1]);
    // The root process is the shell; the JVM is its child.
    expect(jvm).not.toBe(session.rootPid);
    expect(fs.readFileSync(`/proc/${jvm}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]).toBe(String(session.rootPid));
    expect(mustGet(await session.locals((await session.topFrame(threadId)).id), 'i').value).toBe('2');
    expect(await session.continueToNext(threadId)).toBeNull();
    expect(
      session.events.find((event): event is DebugProtocol.ExitedEvent => event.event === 'exited')?.body.exitCode,
    ).toBe(0);
    expect(session.output('stdout')).toBe('script: starting\ntotal 5\nscript: java ended with 0\n');
  });

  it('connects every JVM of the command: the breakpoint is in the second one', async () => {
    const classes = compileFixture('multi');
    session = await AdapterSession.start();
    const result = await session.run({
      command: ['java', '-cp', classes, 'Parent'],
      cwd: FIXTURES,
      breakpoints: [{ path: CHILD, line: lineOf(CHILD, 'System.out.println(role)') }],
    });
    const threadId = result.stopped!.body.threadId!;
    const locals = await session.locals((await session.topFrame(threadId)).id);
    expect(mustGet(locals, 'role').value).toBe('"child of parent"');
    const pids = new Set((await session.threads()).map((thread) => Number(/^java (\d+) /.exec(thread.name)![1])));
    expect(pids.size).toBe(2);
    expect(pids.has(session.rootPid!)).toBe(true);
    expect(await session.continueToNext(threadId)).toBeNull();
    expect(session.output('stdout')).toBe('child of parent\nchild ended with 0\n');
  });
});

describeWithJava('Java adapter: ending a session', () => {
  async function running(): Promise<AdapterSession> {
    const classes = compileFixture('exit');
    const started = await AdapterSession.start();
    await started.run({
      command: ['sh', '-c', `java -cp ${classes} Exit hang`],
      cwd: FIXTURES,
      breakpoints: [{ path: EXIT, line: lineOf(EXIT, 'reached the end') }],
      timeoutMs: 0,
    });
    // The JVM is running (it printed), so every process of the command exists.
    await started.waitFor(
      (event) => event.event === 'output' && (event as DebugProtocol.OutputEvent).body.output.includes('mode hang'),
      30_000,
    );
    await started.threads();
    started.snapshotSession();
    expect(started.pids.size).toBeGreaterThanOrEqual(2);
    return started;
  }

  it('kills the program and its JVMs on disconnect', async () => {
    session = await running();
    await session.finish();
    session = null;
  });

  it("kills the program when the client goes away (the adapter's stdin closes)", async () => {
    session = await running();
    session.adapterProcess!.stdin!.end();
    await session.assertAllGone(10_000);
    expect(await gone(session.adapterProcess!.pid!)).toBe(true);
    (session.dc as unknown as { stopAdapter(): void }).stopAdapter();
    session = null;
  });

  it('kills the program when the adapter is told to end (SIGTERM)', async () => {
    session = await running();
    session.adapterProcess!.kill('SIGTERM');
    await session.assertAllGone(10_000);
    (session.dc as unknown as { stopAdapter(): void }).stopAdapter();
    session = null;
  });

  it('terminate ends the program with SIGTERM: exited 143, then terminated', async () => {
    session = await running();
    const since = session.events.length;
    await session.dc.terminateRequest({});
    const exited = await session.waitFor<DebugProtocol.ExitedEvent>((event) => event.event === 'exited', 10_000, since);
    expect(exited.body.exitCode).toBe(143);
    await session.waitFor((event) => event.event === 'terminated', 5000, since);
    await session.assertAllGone();
  });
});

describeWithJava('Java adapter: attach', () => {
  it('attaches to a JVM that listens itself, stops at a breakpoint, and leaves it running on disconnect', async () => {
    const classes = compileFixture('loop');
    const { spawn } = await import('node:child_process');
    const jvm = spawn(
      'java',
      ['-agentlib:jdwp=transport=dt_socket,server=y,suspend=y,address=127.0.0.1:0', '-cp', classes, 'Loop', '3'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let said = '';
        jvm.stdout!.on('data', (chunk: Buffer) => {
          said += chunk.toString();
          const match = /Listening for transport dt_socket at address: (\d+)/.exec(said);
          if (match) resolve(Number(match[1]));
        });
        jvm.on('exit', () => reject(new Error(`the JVM ended: ${said}`)));
      });
      session = await AdapterSession.start();
      await session.dc.initializeRequest({ adapterID: 'java', pathFormat: 'path', linesStartAt1: true });
      await session.dc.attachRequest({ port, cwd: FIXTURES } as DebugProtocol.AttachRequestArguments);
      const line = lineOf(LOOP, 'total += Math.abs(sq)');
      const set = await session.dc.setBreakpointsRequest({
        source: { path: LOOP },
        breakpoints: [{ line, hitCondition: '2' }],
      });
      expect(set.body.breakpoints[0]!.verified).toBe(false);
      const since = session.events.length;
      await session.dc.configurationDoneRequest();
      const stop = await session.nextStop(since);
      const locals = await session.locals((await session.topFrame(stop!.body.threadId!)).id);
      expect(mustGet(locals, 'i').value).toBe('2');
      // Disconnect lets an attached JVM run on to its end.
      await session.dc.disconnectRequest({});
      const code = await new Promise<number | null>((resolve) =>
        jvm.exitCode !== null ? resolve(jvm.exitCode) : jvm.on('exit', (exit) => resolve(exit)),
      );
      expect(code).toBe(0);
    } finally {
      jvm.kill('SIGKILL');
    }
  });
});
