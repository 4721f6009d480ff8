// Breakpoints at the DAP level: initialize, launch errors, a stop with its frames and values, a line
// without code (moved forward), a file whose classes never load, conditions that hold, do not hold,
// do not parse and cannot be evaluated, and the command forms (java -cp, java Main.java, java -jar).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterEach, expect, it } from 'vitest';
import {
  AdapterSession,
  EXAMPLES,
  FIXTURES,
  compileFixture,
  describeWithJava,
  lineOf,
  mustGet,
  tempFolder,
} from './helpers.js';

const LOOP = path.join(FIXTURES, 'loop', 'Loop.java');
const PRICING_V1 = path.join(EXAMPLES, 'java', 'pricing', 'v1');

let session: AdapterSession | null = null;
afterEach(async () => {
  await session?.finish();
  session = null;
});

/** The loop's `i` in the thread's top frame. */
async function iAt(threadId: number): Promise<string> {
  return (await session!.locals((await session!.topFrame(threadId)).id)).get('i')?.value ?? '(none)';
}

/** A new session (the file's `session`): Loop (compiled to `classes`) stopped at its body line's first hit, that breakpoint taken away, then `steps` steps on. */
async function steppedFromBody(classes: string, steps: number): Promise<{ dap: AdapterSession; threadId: number }> {
  session = await AdapterSession.start();
  const first = await session.run({
    command: ['java', '-cp', classes, 'Loop', '1500'],
    cwd: FIXTURES,
    breakpoints: [{ path: LOOP, line: lineOf(LOOP, 'int sq = square(i)') }],
  });
  const threadId = first.stopped!.body.threadId!;
  await session.dc.setBreakpointsRequest({ source: { path: LOOP }, breakpoints: [] });
  for (let step = 0; step < steps; step++) {
    const since = session.events.length;
    await session.dc.nextRequest({ threadId });
    await session.nextStop(since);
  }
  return { dap: session, threadId };
}

describeWithJava('Java adapter: initialize and launch', () => {
  it('advertises the capabilities bpdiff relies on, and the JDK it runs on', async () => {
    session = await AdapterSession.start();
    const { body } = await session.dc.initializeRequest({
      adapterID: 'java',
      pathFormat: 'path',
      linesStartAt1: true,
      columnsStartAt1: true,
    });
    expect(body).toMatchObject({
      supportsConfigurationDoneRequest: true,
      supportsConditionalBreakpoints: true,
      supportsHitConditionalBreakpoints: true,
      supportsExceptionInfoRequest: true,
      supportsTerminateRequest: true,
      supportTerminateDebuggee: true,
    });
    expect(body?.exceptionBreakpointFilters?.map((filter) => filter.filter).sort()).toEqual(['all', 'uncaught']);
    expect((body as Record<string, { jdkVersion?: string }>).__bpdiffJava?.jdkVersion).toMatch(/^\d+(\.\d+)*/);
    await session.waitFor((event) => event.event === 'initialized');
  });

  it('rejects a launch without a command, and one whose program cannot be found', async () => {
    session = await AdapterSession.start();
    await session.dc.initializeRequest({ adapterID: 'java' });
    await expect(session.dc.launchRequest({ cwd: FIXTURES } as DebugProtocol.LaunchRequestArguments)).rejects.toThrow(
      /needs 'command'/,
    );
    await expect(
      session.dc.launchRequest({
        command: ['no-such-java-bpdiff', 'X'],
        cwd: FIXTURES,
      } as DebugProtocol.LaunchRequestArguments),
    ).rejects.toThrow(/cannot run 'no-such-java-bpdiff': not found on PATH/);
    await session.waitFor((event) => event.event === 'terminated');
  });
});

describeWithJava('Java adapter: breakpoints', () => {
  it('stops at a line of a class run with java -cp, with its frames and values', async () => {
    const classes = compileFixture('loop');
    session = await AdapterSession.start();
    const line = lineOf(LOOP, 'total += Math.abs(sq)');
    const result = await session.run({
      command: ['java', '-cp', classes, 'Loop', '3'],
      cwd: FIXTURES,
      breakpoints: [{ path: LOOP, line }],
    });
    const id = result.setBreakpoints[0]!.body.breakpoints[0]!.id;
    // Unverified until the class loads; then a `breakpoint` event binds it, before the stop.
    expect(result.setBreakpoints[0]!.body.breakpoints[0]).toMatchObject({
      verified: false,
      message: 'Loop.java: no class from this file has been loaded (yet)',
      reason: 'pending',
    });
    const bound = session.events.findIndex((event) => event.event === 'breakpoint');
    expect(session.events[bound]).toMatchObject({
      body: { reason: 'changed', breakpoint: { id, verified: true, line } },
    });
    expect(bound).toBeLessThan(session.events.findIndex((event) => event.event === 'stopped'));
    expect(result.stopped?.body).toMatchObject({ reason: 'breakpoint', hitBreakpointIds: [id] });

    const frames = await session.frames(result.stopped!.body.threadId!);
    expect(frames[0]).toMatchObject({ name: 'Loop.main', line, source: { name: 'Loop.java', path: LOOP } });
    const locals = await session.locals(frames[0]!.id);
    expect([...locals.keys()]).toEqual(['args', 'rounds', 'total', 'i', 'sq']);
    expect(mustGet(locals, 'rounds')).toMatchObject({
      value: '3',
      type: 'int',
      evaluateName: 'rounds',
      variablesReference: 0,
    });
    expect(mustGet(locals, 'sq')).toMatchObject({ value: '1', type: 'int' });
    expect(mustGet(locals, 'args')).toMatchObject({
      value: 'String[1] {"3"}',
      type: 'java.lang.String[]',
      indexedVariables: 1,
    });
    // The process and its JVM are named: the JVM is the command itself here.
    const threads = await session.threads();
    expect(threads.find((thread) => thread.id === result.stopped!.body.threadId)?.name).toBe(
      `java ${session.rootPid} main`,
    );
  });

  it('moves a breakpoint on a comment line to the next line with code, and says so', async () => {
    const classes = compileFixture('loop');
    session = await AdapterSession.start();
    const comment = lineOf(LOOP, '// the running total');
    const result = await session.run({
      command: ['java', '-cp', classes, 'Loop', '2'],
      cwd: FIXTURES,
      breakpoints: [{ path: LOOP, line: comment }],
    });
    const changed = await session.waitFor<DebugProtocol.BreakpointEvent>((event) => event.event === 'breakpoint');
    expect(changed.body.breakpoint).toMatchObject({ verified: true, line: comment + 1 });
    expect((await session.topFrame(result.stopped!.body.threadId!)).line).toBe(comment + 1);
  });

  it('leaves a breakpoint in a file whose classes never load unverified, with a message, and reports the exit', async () => {
    const classes = compileFixture('loop');
    session = await AdapterSession.start();
    const other = path.join(FIXTURES, 'exit', 'Exit.java');
    const result = await session.run({
      command: ['java', '-cp', classes, 'Loop', '2'],
      cwd: FIXTURES,
      breakpoints: [{ path: other, line: lineOf(other, 'reached the end') }],
    });
    expect(result.stopped).toBeNull();
    expect(result.exitCode).toBe(0);
    expect(session.events.filter((event) => event.event === 'breakpoint')).toEqual([]);
    expect(result.setBreakpoints[0]!.body.breakpoints[0]).toMatchObject({
      verified: false,
      message: 'Exit.java: no class from this file has been loaded (yet)',
    });
    expect(session.output('stdout')).toBe('total 5\n');
  });

  it('says a line past the code of a loaded class has no code', async () => {
    const classes = compileFixture('loop');
    session = await AdapterSession.start();
    const last = fs.readFileSync(LOOP, 'utf8').split('\n').length;
    const result = await session.run({
      command: ['java', '-cp', classes, 'Loop', '1'],
      cwd: FIXTURES,
      breakpoints: [{ path: LOOP, line: last }],
    });
    expect(result.stopped).toBeNull();
    const changed = await session.waitFor<DebugProtocol.BreakpointEvent>((event) => event.event === 'breakpoint');
    expect(changed.body.breakpoint).toMatchObject({
      verified: false,
      message: `Loop.java: no code at line ${last} or below it`,
      reason: 'failed',
    });
  });

  it('stops only where the condition holds', async () => {
    const classes = compileFixture('loop');
    session = await AdapterSession.start();
    const line = lineOf(LOOP, 'total += Math.abs(sq)');
    const result = await session.run({
      command: ['java', '-cp', classes, 'Loop', '5'],
      cwd: FIXTURES,
      breakpoints: [{ path: LOOP, line, condition: 'i * i > 8 && sq % 2 == 0' }],
    });
    const locals = await session.locals((await session.topFrame(result.stopped!.body.threadId!)).id);
    expect(mustGet(locals, 'i').value).toBe('4');
    expect(mustGet(locals, 'total').value).toBe('14');
    expect(await session.continueToNext(result.stopped!.body.threadId!)).toBeNull();
  });

  it('counts hits for hit conditions (% N, >= N), only where the condition holds, and refuses one it cannot read', async () => {
    const classes = compileFixture('loop');
    const line = lineOf(LOOP, 'total += Math.abs(sq)');
    const iterations = async (hitCondition: string, condition?: string): Promise<string[]> => {
      session = await AdapterSession.start();
      const result = await session.run({
        command: ['java', '-cp', classes, 'Loop', '6'],
        cwd: FIXTURES,
        breakpoints: [{ path: LOOP, line, hitCondition, ...(condition ? { condition } : {}) }],
      });
      const seen: string[] = [];
      for (let stop = result.stopped; stop; stop = await session.continueToNext(stop.body.threadId!)) {
        seen.push(mustGet(await session.locals((await session.topFrame(stop.body.threadId!)).id), 'i').value);
      }
      await session.finish();
      session = null;
      return seen;
    };
    expect(await iterations('% 2')).toEqual(['2', '4', '6']);
    expect(await iterations('>= 5')).toEqual(['5', '6']);
    expect(await iterations('2', 'i % 3 == 0')).toEqual(['6']);
    session = await AdapterSession.start();
    const refused = await session.run({
      command: ['java', '-cp', classes, 'Loop', '1'],
      cwd: FIXTURES,
      breakpoints: [{ path: LOOP, line, hitCondition: 'every 2' }],
    });
    expect(refused.setBreakpoints[0]!.body.breakpoints[0]).toMatchObject({
      verified: false,
      message: "the hit condition 'every 2' is none of N, == N, >= N, > N, <= N, < N, % N (N a whole number from 1)",
    });
    expect(refused.stopped).toBeNull();
  });

  it('lets the JVM skip the hits before the first that may stop (JDI count filter), then stops as the hit condition says', async () => {
    const classes = compileFixture('loop');
    const line = lineOf(LOOP, 'total += Math.abs(sq)');
    const stops = async (rounds: number, hitCondition: string): Promise<string[]> => {
      session = await AdapterSession.start();
      const result = await session.run({
        command: ['java', '-cp', classes, 'Loop', String(rounds)],
        cwd: FIXTURES,
        breakpoints: [{ path: LOOP, line, hitCondition }],
      });
      const seen: string[] = [];
      for (let stop = result.stopped; stop; stop = await session.continueToNext(stop.body.threadId!)) {
        const locals = await session.locals((await session.topFrame(stop.body.threadId!)).id);
        seen.push(`${mustGet(locals, 'i').value}:${mustGet(locals, 'total').value}`);
      }
      await session.finish();
      session = null;
      return seen;
    };
    // total before iteration i is 1 + 4 + ... + (i-1)^2 (an int: 1,500 rounds keep it in range).
    const before = (i: number): number => ((i - 1) * i * (2 * i - 1)) / 6;
    expect(await stops(1500, '>= 1498')).toEqual([1498, 1499, 1500].map((i) => `${i}:${before(i)}`));
    expect(await stops(1500, '1499')).toEqual([`1499:${before(1499)}`]);
    expect(await stops(1500, '> 1498')).toEqual([1499, 1500].map((i) => `${i}:${before(i)}`));
    // Fewer hits than the filter waits for: no stop, the program's end.
    expect(await stops(10, '>= 11')).toEqual([]);
  });

  it("lets the JVM count a `for` header's hits where its two runs join, stopping where counting each hit would", async () => {
    // The header is code in two runs (the start, the update at the loop's bottom): JDI's count filter
    // counts one location, so each hit used to be a round trip to the adapter (bpdiff locate's probes
    // of a loop of 10,000 passes took seconds each). The adapter's log says how the hits were counted.
    const classes = compileFixture('loop');
    const header = lineOf(LOOP, 'for (int i = 1');
    const log = path.join(tempFolder('bpdiff-java-join-'), 'adapter.log');
    process.env['BPDIFF_JAVA_ADAPTER_LOG'] = log;
    try {
      session = await AdapterSession.start();
      const result = await session.run({
        command: ['java', '-cp', classes, 'Loop', '1500'],
        cwd: FIXTURES,
        breakpoints: [{ path: LOOP, line: header, hitCondition: '>= 1498' }],
      });
      // Hit 1 is the start (no i yet); hit k the update after pass k - 1, before i++.
      const seen: string[] = [];
      for (let stop = result.stopped; stop; stop = await session.continueToNext(stop.body.threadId!))
        seen.push(await iAt(stop.body.threadId!));
      expect(seen).toEqual(['1497', '1498', '1499', '1500']);
      await session.finish();

      // Standing on the header (a step ended at its update): that hit is behind, the next one is the first.
      const { dap, threadId } = await steppedFromBody(classes, 2);
      expect((await dap.topFrame(threadId)).line).toBe(header);
      expect(await iAt(threadId)).toBe('1');
      await dap.dc.setBreakpointsRequest({
        source: { path: LOOP },
        breakpoints: [{ line: header, hitCondition: '>= 1000' }],
      });
      const stop = await dap.continueToNext(threadId);
      expect(await iAt(stop!.body.threadId!)).toBe('1001');
    } finally {
      delete process.env['BPDIFF_JAVA_ADAPTER_LOG'];
    }
    const counted = fs.readFileSync(log, 'utf8');
    expect(counted).toContain(`Loop.java:${header}: the JVM lets 1497 hits go by, counted at main code index`);
    expect(counted).toContain(`Loop.java:${header}: the JVM lets 999 hits go by, counted at main code index`);
  });

  it('counts the hits of a one-location line a step left the thread standing on: the count is not lost', async () => {
    // The JVM's count filter, set on the location a thread stands on after a step, never fired: the
    // program ran to its end (bpdiff locate's way back to a loop's pass lost its runs). The adapter counts there.
    const classes = compileFixture('loop');
    const body = lineOf(LOOP, 'int sq = square(i)');
    const reached: string[] = [];
    for (const hitCondition of ['>= 2', '>= 3']) {
      // A pass by steps: the total line, the header, the body again (i = 2).
      const { dap, threadId } = await steppedFromBody(classes, 3);
      expect([(await dap.topFrame(threadId)).line, await iAt(threadId)]).toEqual([body, '2']);
      await dap.dc.setBreakpointsRequest({ source: { path: LOOP }, breakpoints: [{ line: body, hitCondition }] });
      const stop = await dap.continueToNext(threadId);
      reached.push(stop === null ? 'no stop' : await iAt(stop.body.threadId!));
      await dap.finish();
      session = null;
    }
    // The hits after the one it stands on: i = 3 is the first, 4 the second, 5 the third.
    expect(reached).toEqual(['4', '5']);
  });

  it('refuses a condition that does not parse at setBreakpoints, naming where', async () => {
    session = await AdapterSession.start();
    const classes = compileFixture('loop');
    const line = lineOf(LOOP, 'total += Math.abs(sq)');
    const result = await session.run({
      command: ['java', '-cp', classes, 'Loop', '2'],
      cwd: FIXTURES,
      breakpoints: [{ path: LOOP, line, condition: 'i >' }],
    });
    expect(result.setBreakpoints[0]!.body.breakpoints[0]).toMatchObject({
      verified: false,
      message: "Breakpoint condition error: cannot parse 'i >': the expression ends too early at column 4",
    });
    expect(result.stopped).toBeNull();
  });

  it('stops on a condition it cannot evaluate, saying why (never taken as true or false)', async () => {
    const classes = compileFixture('loop');
    session = await AdapterSession.start();
    const line = lineOf(LOOP, 'total += Math.abs(sq)');
    const result = await session.run({
      command: ['java', '-cp', classes, 'Loop', '2'],
      cwd: FIXTURES,
      breakpoints: [{ path: LOOP, line, condition: 'sq > limit' }],
    });
    expect(result.stopped?.body).toMatchObject({
      reason: 'exception',
      description: 'Breakpoint condition error',
      text: "cannot find 'limit': no local variable, field or class of that name here",
    });
    expect(session.output('important')).toBe(
      "Breakpoint condition error: cannot find 'limit': no local variable, field or class of that name here\n",
    );
  });

  it("stops on a condition whose call would run the program's code", async () => {
    const classes = compileFixture('loop');
    session = await AdapterSession.start();
    const line = lineOf(LOOP, 'total += Math.abs(sq)');
    const result = await session.run({
      command: ['java', '-cp', classes, 'Loop', '2'],
      cwd: FIXTURES,
      breakpoints: [{ path: LOOP, line, condition: 'square(i) > 1' }],
    });
    expect(result.stopped?.body.text).toBe(
      "cannot call square(): it would run the program's code, and the adapter evaluates without running it",
    );
  });
});

describeWithJava('Java adapter: command forms', () => {
  it('stops in a single-file program run as java Main.java, with its local variable names', async () => {
    session = await AdapterSession.start();
    const file = path.join(PRICING_V1, 'Pricing.java');
    const line = lineOf(file, 'total += lineTotal');
    const result = await session.run({
      command: ['java', 'Pricing.java', '10'],
      cwd: PRICING_V1,
      breakpoints: [{ path: file, line, condition: 'item.qty() > 3' }],
    });
    const frame = await session.topFrame(result.stopped!.body.threadId!);
    expect(frame).toMatchObject({ name: 'Pricing.price', source: { path: file }, line });
    const locals = await session.locals(frame.id);
    expect(mustGet(locals, 'rate').value).toBe('0.1');
    expect(mustGet(locals, 'lineTotal').value).toBe('108.0');
    expect(mustGet(locals, 'item')).toMatchObject({
      value: 'Pricing.LineItem[sku="mug", qty=10, unitPrice=12.0]',
      type: 'Pricing$LineItem',
    });
  });

  it('stops in a program run as java -jar', async () => {
    const classes = compileFixture('loop');
    const jar = path.join(classes, 'loop.jar');
    if (!fs.existsSync(jar))
      execFileSync('jar', ['--create', '--file', jar, '--main-class', 'Loop', '-C', classes, 'Loop.class']);
    session = await AdapterSession.start();
    const line = lineOf(LOOP, 'int result = n * n');
    const result = await session.run({
      command: ['java', '-jar', jar, '4'],
      cwd: FIXTURES,
      breakpoints: [{ path: LOOP, line, hitCondition: '3' }],
    });
    const frame = await session.topFrame(result.stopped!.body.threadId!);
    expect(frame.name).toBe('Loop.square');
    expect(mustGet(await session.locals(frame.id), 'n').value).toBe('3');
  });

  it("keeps the program's own JAVA_TOOL_OPTIONS, and drops only the line the JVM prints about ours", async () => {
    const classes = compileFixture('exit');
    session = await AdapterSession.start();
    const result = await session.run({
      command: ['java', '-cp', classes, 'Exit', 'property'],
      cwd: FIXTURES,
      env: { JAVA_TOOL_OPTIONS: '-Dbpdiff.test=kept' },
    });
    expect(result.exitCode).toBe(0);
    expect(session.output('stderr')).toBe('mode property\n');
    expect(session.output('stdout')).toBe('bpdiff.test=kept\nreached the end\n');
  });
});
