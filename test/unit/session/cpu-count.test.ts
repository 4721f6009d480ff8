// The CPU's pass count as the session reads it (session/cpu-count.ts): which stop is its signal, by
// the adapter's data; what the count read back says (the pass, a signal of the program's own, or
// threads that counted too); an answer the adapter's script gives that is not understood.
import { describe, expect, it } from 'vitest';
import type { AdapterDefinition } from '../../../src/adapters/definition.js';
import type { DapConnection } from '../../../src/dap/connection.js';
import {
  armCpuCount,
  countAtEnd,
  countReached,
  CpuCountOvershoot,
  cpuCountAllowed,
  isCountStop,
  type ArmedCount,
} from '../../../src/session/cpu-count.js';

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
  });

  it('disarms at once an answer it does not understand (the breakpoint may have been disabled), and counts as before', async () => {
    const { connection, asked } = repl(['not armed: the program has 3 threads, each with a count of its own', '']);
    const definition: Pick<AdapterDefinition, 'hit_count'> = { hit_count: { cpu_count: lldb.spec } };
    expect(await armCpuCount(connection, definition, { id: 4, count: 9000, frameId: 7, where: 'x' }, 1000)).toBeNull();
    expect(asked).toEqual(['`bpdiff_cpu arm 4 9000', '`bpdiff_cpu disarm']);
  });

  // After these, a count read back as more than armed turns the CPU's count off for the process (cpuCountAllowed).
  it('takes the count armed as the pass, fewer as a signal of the program, more as an error that names the threads', () => {
    expect(countReached(lldb, 9001, 'lldb-dap')).toBe(true);
    expect(countReached(lldb, 12, 'lldb-dap')).toBe(false);
    expect(countReached(lldb, null, 'lldb-dap')).toBe(false);
    expect(() => countReached(lldb, 9003, 'lldb-dap')).toThrow(
      /lldb-dap: the CPU counted 9003 passes through deep\.c:6 where it was to stop at the 9001th: threads .* BPDIFF_CPU_COUNT=0/,
    );
  });

  it('after the end: as many passes as armed, or more, without the signal, is an error (several threads), not "never came"', () => {
    expect(() => countAtEnd(lldb, 500, 'lldb-dap')).not.toThrow();
    expect(() => countAtEnd(lldb, null, 'lldb-dap')).not.toThrow();
    expect(() => countAtEnd(lldb, 9001, 'lldb-dap')).toThrow(CpuCountOvershoot);
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
