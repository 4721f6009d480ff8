// The CPU's pass count as the session reads it (session/cpu-count.ts): which stop is its signal, by
// the adapter's data; what the count read back says (the pass, a signal of the program's own, or
// threads that counted too); an answer the adapter's script gives that is not understood.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AdapterDefinition } from '../../../src/adapters/definition.js';
import type { DapConnection } from '../../../src/dap/connection.js';
import {
  armCpuCount,
  claimOf,
  countAtEnd,
  countReached,
  CpuCountOvershoot,
  cpuCountAllowed,
  isCountStop,
  type ArmedCount,
  type ReadBack,
} from '../../../src/session/cpu-count.js';

/** A count read back with no thread made. */
const read = (counted: number | null): ReadBack => ({ counted, threadsMade: false });

const ROOT = path.resolve(import.meta.dirname, '../../..');

const lldb: ArmedCount = {
  spec: {
    arm: '`bpdiff_cpu arm ${id} ${count}',
    armed: '\\barmed (\\d+)',
    disarm: '`bpdiff_cpu disarm',
    counted: '\\bcounted (\\d+)',
    stopped: { reason: '^exception$', description: '\\bSIGTRAP\\b' },
  },
  period: 9001,
  where: 'deep.c:6',
  early: false,
};
const gdb: ArmedCount = { ...lldb, spec: { ...lldb.spec, stopped: { reason: '^SIGTRAP$' } } };

/** A connection that answers each evaluate from `answers` in turn, and records what it was asked. */
function repl(answers: string[]): { connection: DapConnection; asked: string[] } {
  const asked: string[] = [];
  const connection = {
    request: async (_command: string, args: { expression: string }) => {
      asked.push(args.expression);
      return { result: answers.shift() ?? '' };
    },
  } as unknown as DapConnection;
  return { connection, asked };
}

describe('the CPU pass count', () => {
  it("knows its signal's stop by the adapter's reason and description", () => {
    expect(isCountStop(lldb, { reason: 'exception', description: 'signal SIGTRAP' })).toBe(true);
    expect(isCountStop(lldb, { reason: 'exception', description: 'signal SIGSEGV' })).toBe(false);
    expect(isCountStop(lldb, { reason: 'breakpoint' })).toBe(false);
    expect(isCountStop(gdb, { reason: 'SIGTRAP' })).toBe(true);
    expect(isCountStop(gdb, { reason: 'SIGSEGV' })).toBe(false);
  });

  it('arms with the breakpoint and the count, and reads the period from an answer that repeats the command first', async () => {
    const { connection, asked } = repl(['(lldb) bpdiff_cpu arm 4 9000\narmed 9001\n']);
    const definition: Pick<AdapterDefinition, 'hit_count'> = { hit_count: { cpu_count: lldb.spec } };
    const armed = await armCpuCount(connection, definition, { id: 4, count: 9000, frameId: 7, where: 'x' }, 1000);
    expect(asked).toEqual(['`bpdiff_cpu arm 4 9000']);
    expect(armed?.period).toBe(9001);
    expect(armed?.early).toBe(false);
  });

  it("knows from the answer a count that signals as the pass before starts (a uprobe): that stop is 'go on'", async () => {
    const lldbEarly = { ...lldb.spec, early: '\\bthen the breakpoint\\b' };
    const { connection } = repl(['(lldb) bpdiff_cpu arm 4 9000\narmed 9000 then the breakpoint\n']);
    const armed = await armCpuCount(
      connection,
      { hit_count: { cpu_count: lldbEarly } },
      { id: 4, count: 9000, frameId: 7, where: 'x' },
      1000,
    );
    expect(armed).toMatchObject({ period: 9000, early: true });
    expect(claimOf(armed!, countReached(armed!, read(9000), 'lldb-dap'))).toBe('go on');
    expect(claimOf(armed!, countReached(armed!, read(3), 'lldb-dap'))).toBe(false);
    expect(claimOf(lldb, countReached(lldb, read(9001), 'lldb-dap'))).toBe(true);
    // gdb answers -P where a uprobe counts; its definition's own patterns read it.
    const gdbSpec = JSON.parse(readFileSync(path.join(ROOT, 'adapters/gdb/adapter.json'), 'utf8')).hit_count.cpu_count;
    const gdbArm = (answer: string) =>
      armCpuCount(
        repl([answer]).connection,
        { hit_count: { cpu_count: gdbSpec } },
        { id: 2, count: 41, frameId: 1, where: 'x' },
        1000,
      );
    expect(await gdbArm('-41')).toMatchObject({ period: 41, early: true });
    const gdbPlain = await gdbArm('42');
    expect(gdbPlain).toMatchObject({ period: 42, early: false });
  });

  it('disarms at once an answer it does not understand (the breakpoint may have been disabled), and counts as before', async () => {
    const { connection, asked } = repl(['not armed: the program has 3 threads, each with a count of its own', '']);
    const definition: Pick<AdapterDefinition, 'hit_count'> = { hit_count: { cpu_count: lldb.spec } };
    expect(await armCpuCount(connection, definition, { id: 4, count: 9000, frameId: 7, where: 'x' }, 1000)).toBeNull();
    expect(asked).toEqual(['`bpdiff_cpu arm 4 9000', '`bpdiff_cpu disarm']);
  });

  // After these, a count read back as more than armed turns the CPU's count off for the process (cpuCountAllowed).
  it('takes the count armed as the pass, fewer as a signal of the program, more as an error that names the threads', () => {
    expect(countReached(lldb, read(9001), 'lldb-dap')).toBe(true);
    expect(countReached(lldb, read(12), 'lldb-dap')).toBe(false);
    expect(countReached(lldb, read(null), 'lldb-dap')).toBe(false);
    expect(() => countReached(lldb, read(9003), 'lldb-dap')).toThrow(
      /lldb-dap: the CPU counted 9003 passes through deep\.c:6 where it was to stop at the 9001th: threads .* BPDIFF_CPU_COUNT=0/,
    );
  });

  it('after the end: as many passes as armed, or more, without the signal, is an error (several threads), not "never came"', () => {
    expect(() => countAtEnd(lldb, read(500), 'lldb-dap')).not.toThrow();
    expect(() => countAtEnd(lldb, read(null), 'lldb-dap')).not.toThrow();
    expect(() => countAtEnd(lldb, read(9001), 'lldb-dap')).toThrow(CpuCountOvershoot);
    // A uprobe's count is the thread's own: a thread made meanwhile may have passed the line, uncounted.
    expect(() => countAtEnd(lldb, { counted: 12, threadsMade: true }, 'lldb-dap')).toThrow(CpuCountOvershoot);
    expect(() => countReached(lldb, { counted: 9001, threadsMade: true }, 'lldb-dap')).toThrow(
      /lldb-dap: the kernel counted 9001 passes of one thread through deep\.c:6, and the program made another that it did not count, where it was to stop at the 9001th/,
    );
    // This process's later runs let the debugger count.
    expect(cpuCountAllowed({})).toBe(false);
  });

  it('is not armed for the next pass (one stop costs what arming does), nor without a breakpoint id', async () => {
    const { connection, asked } = repl([]);
    const definition: Pick<AdapterDefinition, 'hit_count'> = { hit_count: { cpu_count: lldb.spec } };
    expect(await armCpuCount(connection, definition, { id: 4, count: 1, frameId: 7, where: 'x' }, 1000)).toBeNull();
    expect(
      await armCpuCount(connection, definition, { id: undefined, count: 9, frameId: 7, where: 'x' }, 1000),
    ).toBeNull();
    expect(asked).toEqual([]);
  });
});
