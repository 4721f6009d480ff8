// The session layer against a scripted adapter: the request order, stops one by one, and every way a
// run can end without a stop (the program ends, no `stopped` arrives, the adapter exits, an abort).
import { describe, expect, it, vi } from 'vitest';
import type { AdapterDefinition } from '../../../src/adapters/definition.js';
import { DebugSession } from '../../../src/session/debug-session.js';
import { signalOfExitCode } from '../../../src/session/program-events.js';
import { BpdiffError } from '../../../src/errors.js';
import { FakeAdapter, fakeDefinition, programHandlers, type Handler } from '../../support/fake-adapter.js';

const DEFINITION = fakeDefinition({ exception_filters: ['uncaught'] });

const BREAKPOINT = { path: '/src/app.fk', line: 5 };

/** An adapter whose program hits the breakpoint `hits` times, then exits with `exitCode`. */
function program(hits: number, overrides: Record<string, Handler> = {}, exitCode = 0): FakeAdapter {
  let hit = 0;
  const nextStopOrEnd = (peer: FakeAdapter): void => {
    if (hit < hits) {
      hit++;
      peer.event('stopped', { reason: 'breakpoint', threadId: 1, hitBreakpointIds: [7] });
    } else {
      peer.event('exited', { exitCode });
      peer.event('terminated');
    }
  };
  return new FakeAdapter({
    ...programHandlers('launch', nextStopOrEnd, {
      exceptionBreakpointFilters: [{ filter: 'uncaught', label: 'Uncaught' }],
    }),
    stackTrace: (request, peer) =>
      peer.respond(request, {
        stackFrames: [{ id: 100 + hit, name: 'main', line: 5, column: 1, source: { path: '/src/app.fk' } }],
        totalFrames: 1,
      }),
    continue: (request, peer) => {
      peer.respond(request, { allThreadsContinued: true });
      nextStopOrEnd(peer);
    },
    ...overrides,
  });
}

function session(peer: FakeAdapter, runTimeoutMs = 2000, signal = new AbortController().signal): DebugSession {
  return new DebugSession({
    connection: peer.connection,
    definition: DEFINITION,
    runTimeoutMs,
    signal,
    log: () => undefined,
  });
}

describe('DebugSession', () => {
  it('sends the requests in the one order that works, and stops at the breakpoint', async () => {
    const peer = program(1);
    const run = session(peer);
    await run.initialize();
    expect(await run.launch({ program: 'app' }, BREAKPOINT)).toBeNull();
    const stop = await run.nextStop();
    expect(peer.commands).toEqual([
      'initialize',
      'launch',
      'setBreakpoints',
      'setExceptionBreakpoints',
      'configurationDone',
      'stackTrace',
    ]);
    expect(peer.requests[2]!.arguments).toMatchObject({ source: { path: '/src/app.fk' }, breakpoints: [{ line: 5 }] });
    expect(peer.requests[3]!.arguments).toEqual({ filters: ['uncaught'] });
    expect(stop).toMatchObject({
      kind: 'stopped',
      threadId: 1,
      frameId: 101,
      top: { path: '/src/app.fk', line: 5 },
      stop: { reason: 'breakpoint' },
    });
  });

  it('yields stops one by one, then why the program did not stop again', async () => {
    const peer = program(3, {}, 4);
    const run = session(peer);
    await run.initialize();
    await run.launch({}, BREAKPOINT);
    const kinds: string[] = [];
    const frames: number[] = [];
    for await (const outcome of run.stops()) {
      kinds.push(outcome.kind);
      if (outcome.kind === 'stopped') frames.push(outcome.frameId);
      else expect(outcome.reason).toEqual({ kind: 'exited', exit_code: 4 });
    }
    expect(kinds).toEqual(['stopped', 'stopped', 'stopped', 'no_break']);
    expect(frames).toEqual([101, 102, 103]);
    expect(peer.commands.filter((command) => command === 'continue')).toHaveLength(3);
    // After the end, the end is all there is.
    expect((await run.nextStop()).kind).toBe('no_break');
  });

  it('a program that ends before the breakpoint: no_break with its exit code', async () => {
    const peer = program(0, {}, 3);
    const run = session(peer);
    await run.initialize();
    await run.launch({}, BREAKPOINT);
    expect(await run.nextStop()).toMatchObject({
      kind: 'no_break',
      reason: { kind: 'exited', exit_code: 3 },
      exitCode: 3,
    });
  });

  it('a lost `stopped` event: the run times out as a no_break that names the limit', async () => {
    const launchHandler: Handler = (request, adapter) => {
      adapter.event('initialized');
      setTimeout(() => adapter.respond(request), 0);
    };
    const quiet = program(1, {
      launch: launchHandler,
      configurationDone: (request, adapter) => adapter.respond(request),
    });
    const run = session(quiet, 150);
    await run.initialize();
    await run.launch({}, BREAKPOINT);
    expect(await run.nextStop()).toMatchObject({
      kind: 'no_break',
      reason: { kind: 'timeout', seconds: 0.15, phase: 'run' },
    });
  });

  it('an adapter that exits mid-run: an error that names it and why', async () => {
    const peer = program(1, {
      configurationDone: (request, adapter) => {
        adapter.respond(request);
        adapter.exit();
      },
    });
    const run = session(peer);
    await run.initialize();
    const failure = await run
      .launch({}, BREAKPOINT)
      .then(() => run.nextStop())
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BpdiffError);
    expect((failure as BpdiffError).code).toBe('ADAPTER_FAILED');
    expect((failure as BpdiffError).message).toMatch(
      /^fake-adapter closed the connection during .*\(it exited with code 7\)/,
    );
  });

  it('an adapter that never answers a request: a timeout that names the adapter and the step', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const peer = new FakeAdapter({ initialize: () => undefined });
    const pending = session(peer)
      .initialize()
      .catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(2000);
    const failure = await pending;
    vi.useRealTimers();
    expect((failure as BpdiffError).code).toBe('ADAPTER_TIMEOUT');
    expect((failure as BpdiffError).message).toMatch(
      /^fake-adapter did not answer during 'initialize' within 2 s; check that fake-adapter starts on its own/,
    );
  });

  it('an abort while waiting for the breakpoint ends the wait at once with INTERRUPTED', async () => {
    const controller = new AbortController();
    const quiet = program(1, {
      launch: (request, adapter) => {
        adapter.event('initialized');
        setTimeout(() => adapter.respond(request), 0);
      },
      configurationDone: (request, adapter) => adapter.respond(request),
    });
    const run = session(quiet, 60_000, controller.signal);
    await run.initialize();
    await run.launch({}, BREAKPOINT);
    const waiting = run.nextStop().catch((error: unknown) => error);
    controller.abort();
    const failure = (await waiting) as BpdiffError;
    expect(failure.code).toBe('INTERRUPTED');
  });

  it('a condition no adapter verdict covers is probed at the first stop: set without it, evaluated, then set with it', async () => {
    const answers = ['false', 'true'];
    const peer = program(3, {
      evaluate: (request, adapter) => adapter.respond(request, { result: answers.shift(), variablesReference: 0 }),
    });
    const run = session(peer);
    await run.initialize();
    await run.launch({}, { ...BREAKPOINT, condition: 'qty > 3' });
    const stop = await run.nextStop();
    // The first stop's condition was false: the program went on to the second, which the adapter tested.
    expect(stop).toMatchObject({ kind: 'stopped', frameId: 102 });
    const sets = peer.requests
      .filter((request) => request.command === 'setBreakpoints')
      .map((request) => (request.arguments as { breakpoints: object[] }).breakpoints);
    expect(sets).toEqual([[{ line: 5 }], [{ line: 5, condition: 'qty > 3' }]]);
    expect(peer.commands.filter((command) => command === 'evaluate')).toHaveLength(1);
    expect(peer.requests.find((request) => request.command === 'evaluate')!.arguments).toMatchObject({
      expression: 'qty > 3',
      frameId: 101,
      context: 'watch',
    });
  });

  it('a condition the first-stop probe cannot evaluate: refused, answered without a value, or answered with an error value', async () => {
    const refused = program(1, {
      evaluate: (request, adapter) => adapter.respond(request, {}, false, 'No symbol "nosuch" in current context.'),
    });
    const first = session(refused);
    await first.initialize();
    await first.launch({}, { ...BREAKPOINT, condition: 'nosuch > 1' });
    expect(await first.nextStop()).toMatchObject({
      kind: 'no_break',
      reason: { kind: 'condition_error', message: 'No symbol "nosuch" in current context.' },
    });
    const silent = program(1, {
      evaluate: (request, adapter) => adapter.respond(request, { result: null, variablesReference: 0 }),
    });
    const second = session(silent);
    await second.initialize();
    await second.launch({}, { ...BREAKPOINT, condition: 'x >' });
    expect(await second.nextStop()).toMatchObject({
      kind: 'no_break',
      reason: { kind: 'condition_error', message: 'fake-adapter could not evaluate it' },
    });
    const definition = fakeDefinition({ condition: { error_value: '^#<\\w*Error' } });
    const valued = program(1, {
      evaluate: (request, adapter) =>
        adapter.respond(request, { result: "#<NameError: undefined local variable `nosuch'>", variablesReference: 0 }),
    });
    const third = new DebugSession({
      connection: valued.connection,
      definition,
      runTimeoutMs: 2000,
      signal: new AbortController().signal,
      log: () => undefined,
    });
    await third.initialize();
    await third.launch({}, { ...BREAKPOINT, condition: 'nosuch > 1' });
    expect(await third.nextStop()).toMatchObject({
      kind: 'no_break',
      reason: { kind: 'condition_error', message: "#<NameError: undefined local variable `nosuch'>" },
    });
  });

  it('a stop named by its signal is the program killed by it; a stop with no thread left is the program gone', async () => {
    const killed = program(0, {
      configurationDone: (request, adapter) => {
        adapter.respond(request);
        adapter.respond(killed.requests.find((r) => r.command === 'launch')!);
        adapter.event('stopped', { reason: 'SIGSEGV', threadId: 1 });
      },
    });
    const run = session(killed);
    await run.initialize();
    await run.launch({}, BREAKPOINT);
    expect(await run.nextStop()).toMatchObject({
      kind: 'no_break',
      reason: { kind: 'signal', signal: 'SIGSEGV', message: 'SIGSEGV' },
    });
    const gone = program(0, {
      configurationDone: (request, adapter) => {
        adapter.respond(request);
        adapter.respond(gone.requests.find((r) => r.command === 'launch')!);
        adapter.event('stopped', { reason: 'generic' });
      },
      threads: (request, adapter) => adapter.respond(request, { threads: [] }),
    });
    const other = session(gone);
    await other.initialize();
    await other.launch({}, BREAKPOINT);
    expect(await other.nextStop()).toMatchObject({ kind: 'no_break', reason: { kind: 'exited', exit_code: null } });
  });

  it('a condition the adapter refuses when it is set: no_break before the program runs', async () => {
    const definition = { ...DEFINITION, condition: { error_unverified: '^bad condition' } } as AdapterDefinition;
    const peer = program(1, {
      setBreakpoints: (request, adapter) =>
        adapter.respond(request, { breakpoints: [{ verified: false, message: 'bad condition: x +' }] }),
    });
    const run = new DebugSession({
      connection: peer.connection,
      definition,
      runTimeoutMs: 1000,
      signal: new AbortController().signal,
      log: () => undefined,
    });
    await run.initialize();
    expect(await run.launch({}, { ...BREAKPOINT, condition: 'x +' })).toMatchObject({
      kind: 'no_break',
      reason: { kind: 'condition_error', message: 'bad condition: x +' },
    });
    expect(peer.commands).not.toContain('configurationDone');
  });

  it('looks for the lines with code near a line the adapter refuses, not near one it says is pending', async () => {
    const refusing = program(1, {
      setBreakpoints: (request, adapter) => {
        const lines = (request.arguments as { breakpoints: Array<{ line: number }> }).breakpoints.map(
          (breakpoint) => breakpoint.line,
        );
        adapter.respond(request, {
          breakpoints: lines.map((line) =>
            line === 3 || line === 9 ? { verified: true, line } : { verified: false, message: 'no statement here' },
          ),
        });
      },
    });
    const refused = session(refusing);
    await refused.initialize();
    await refused.launch({}, BREAKPOINT);
    // The line, the lines around it, the line again.
    expect(refusing.commands.filter((command) => command === 'setBreakpoints')).toHaveLength(3);
    expect((await refused.nextStop()).breakpoint).toMatchObject({
      verified: false,
      message: 'no statement here',
      nearby: [3, 9],
    });

    const pending = program(1, {
      setBreakpoints: (request, adapter) =>
        adapter.respond(request, {
          breakpoints: [{ verified: false, message: 'app.fk: not loaded yet', reason: 'pending' }],
        }),
    });
    const waiting = session(pending);
    await waiting.initialize();
    expect(await waiting.launch({}, BREAKPOINT)).toBeNull();
    expect(pending.commands).toEqual([
      'initialize',
      'launch',
      'setBreakpoints',
      'setExceptionBreakpoints',
      'configurationDone',
    ]);
    expect((await waiting.nextStop()).breakpoint).toMatchObject({
      verified: false,
      message: 'app.fk: not loaded yet',
      pending: true,
    });
  });
});

describe('signalOfExitCode', () => {
  it('reads an exit code the way the adapter writes a death by signal', () => {
    expect(signalOfExitCode(245, '256-n')).toBe('SIGSEGV');
    expect(signalOfExitCode(247, '256-n')).toBe('SIGKILL');
    expect(signalOfExitCode(139, '128+n')).toBe('SIGSEGV');
    expect(signalOfExitCode(3, '256-n')).toBeNull();
    expect(signalOfExitCode(245, undefined)).toBeNull();
    expect(signalOfExitCode(null, '256-n')).toBeNull();
  });
});
