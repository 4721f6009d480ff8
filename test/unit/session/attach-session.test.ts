// The session of a program the caller started itself, which the adapter attaches to: `attach` in the
// place of `launch`, the exit status from the program's end (the adapter knows none), and every way
// the program can end before or while the adapter attaches. The adapter is scripted (FakeAdapter).
import { describe, expect, it } from 'vitest';
import type { AdapterDefinition } from '../../../src/adapters/definition.js';
import { DebugSession } from '../../../src/session/debug-session.js';
import type { ProgramExit } from '../../../src/session/program-end.js';
import { BpdiffError } from '../../../src/errors.js';
import { FakeAdapter, fakeDefinition, programHandlers, type Handler } from '../../support/fake-adapter.js';

const DEFINITION = fakeDefinition({ exit_code_signals: '256-n', timeouts: { start: 0.3, launch: 2 } });

const BREAKPOINT = { path: '/src/app.fk', line: 5 };

/** The program's end, settled by the test. */
function programEnd(): { promise: Promise<ProgramExit>; end(exit: Omit<ProgramExit, 'description'>): void } {
  let resolve!: (exit: ProgramExit) => void;
  const promise = new Promise<ProgramExit>((settle) => (resolve = settle));
  return {
    promise,
    end: (exit) =>
      resolve({
        ...exit,
        description: exit.signal ? `it was killed by ${exit.signal}` : `it exited with code ${exit.code}`,
      }),
  };
}

/** An adapter that attaches to a program which connects at once, then ends as `ended` says (only `terminated` is sent, as debugpy does). */
function attached(ended: (peer: FakeAdapter) => void, overrides: Record<string, Handler> = {}): FakeAdapter {
  return new FakeAdapter({ ...programHandlers('attach', ended), ...overrides });
}

function session(peer: FakeAdapter, programExit: Promise<ProgramExit>, definition = DEFINITION): DebugSession {
  return new DebugSession({
    connection: peer.connection,
    definition,
    runTimeoutMs: 2000,
    signal: new AbortController().signal,
    log: () => undefined,
    request: 'attach',
    programExit,
  });
}

describe('DebugSession attached to a program the caller started', () => {
  it('sends attach, and takes the exit code from the program when the adapter says only `terminated`', async () => {
    const program = programEnd();
    const peer = attached((adapter) => {
      adapter.event('terminated');
      setTimeout(() => program.end({ code: 3, signal: null }), 20);
    });
    const run = session(peer, program.promise);
    await run.initialize();
    expect(await run.launch({ listen: { port: 1 } }, BREAKPOINT)).toBeNull();
    expect(peer.commands).toEqual([
      'initialize',
      'attach',
      'setBreakpoints',
      'setExceptionBreakpoints',
      'configurationDone',
    ]);
    expect(peer.requests[1]!.arguments).toEqual({ listen: { port: 1 } });
    expect(await run.nextStop()).toMatchObject({
      kind: 'no_break',
      reason: { kind: 'exited', exit_code: 3 },
      exitCode: 3,
    });
  });

  it('ends the wait for the breakpoint when the program ends, without a word from the adapter', async () => {
    const program = programEnd();
    const run = session(
      attached(() => program.end({ code: 0, signal: null })),
      program.promise,
    );
    await run.initialize();
    await run.launch({}, BREAKPOINT);
    expect(await run.nextStop()).toMatchObject({
      kind: 'no_break',
      reason: { kind: 'exited', exit_code: 0 },
      exitCode: 0,
    });
  });

  it('writes a death by signal as the adapter would when it starts the program (exit_code_signals), else names the signal', async () => {
    const program = programEnd();
    const run = session(
      attached(() => program.end({ code: null, signal: 'SIGSEGV' })),
      program.promise,
    );
    await run.initialize();
    await run.launch({}, BREAKPOINT);
    expect(await run.nextStop()).toMatchObject({
      reason: { kind: 'signal', signal: 'SIGSEGV', message: 'fake-adapter reports exit code 245' },
      exitCode: 245,
    });

    const unwritten = programEnd();
    const plain = session(
      attached(() => unwritten.end({ code: null, signal: 'SIGKILL' })),
      unwritten.promise,
      { ...DEFINITION, exit_code_signals: undefined } as AdapterDefinition,
    );
    await plain.initialize();
    await plain.launch({}, BREAKPOINT);
    expect(await plain.nextStop()).toMatchObject({
      reason: { kind: 'signal', signal: 'SIGKILL', message: '' },
      exitCode: null,
    });
  });

  it("takes the program's end over an adapter that goes away with it", async () => {
    const program = programEnd();
    const run = session(
      attached((adapter) => {
        program.end({ code: 4, signal: null });
        adapter.exit();
      }),
      program.promise,
    );
    await run.initialize();
    await run.launch({}, BREAKPOINT);
    expect(await run.nextStop()).toMatchObject({ reason: { kind: 'exited', exit_code: 4 } });
  });

  it('a program that ends before the adapter attaches: an error at once that says how it ended', async () => {
    const program = programEnd();
    const peer = attached(() => undefined, {
      attach: () => setTimeout(() => program.end({ code: 2, signal: null }), 10),
    });
    const run = session(peer, program.promise);
    await run.initialize();
    const failure = (await run.launch({}, BREAKPOINT).catch((error: unknown) => error)) as BpdiffError;
    expect(failure).toBeInstanceOf(BpdiffError);
    expect(failure.code).toBe('ADAPTER_FAILED');
    expect(failure.message).toBe(
      'the program ended before fake-adapter could attach to it (it exited with code 2) — check that the command runs on its own',
    );
  });

  it("a program that never connects: a timeout after the adapter's start time, naming the step", async () => {
    const program = programEnd();
    const run = session(
      attached(() => undefined, { attach: () => undefined }),
      program.promise,
    );
    await run.initialize();
    const failure = (await run.launch({}, BREAKPOINT).catch((error: unknown) => error)) as BpdiffError;
    expect(failure.code).toBe('ADAPTER_TIMEOUT');
    expect(failure.message).toBe(
      "fake-adapter did not answer during 'waiting for the program to connect' within 300 ms; check that the command runs on its own",
    );
  });

  it('a program that could not be started: its error', async () => {
    const failed = Promise.reject(new BpdiffError('COMMAND_NOT_FOUND', 'cannot start the program'));
    failed.catch(() => undefined); // as the run layer does, until the session waits on it
    const run = session(
      attached(() => undefined, { attach: () => undefined }),
      failed,
    );
    await run.initialize();
    await expect(run.launch({}, BREAKPOINT)).rejects.toThrow('cannot start the program');
  });
});
