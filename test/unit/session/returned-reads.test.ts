// session/returned-reads.ts: the repl expressions of a definition's locate.returned.read, each sent in
// the frame the run stands in (cdt-gdb-adapter evaluates nothing without one).
import { describe, expect, it } from 'vitest';
import type { DapConnection } from '../../../src/dap/connection.js';
import { ReturnedReads } from '../../../src/session/returned-reads.js';
import gdb from '../../../adapters/gdb/adapter.json' with { type: 'json' };
import type { AdapterDefinition } from '../../../src/adapters/definition.js';

/** A connection that answers every evaluate with `result`, and keeps what was asked. */
function connection(result: string) {
  const asked: Array<{ expression: string; frameId?: number }> = [];
  const fake = {
    closed: false,
    request: async (_command: string, args: { expression: string; frameId?: number }) => {
      asked.push(args);
      return { result };
    },
  } as unknown as DapConnection;
  return { fake, asked };
}

describe('returned reads (gdb)', () => {
  const definition = gdb as unknown as Pick<AdapterDefinition, 'locate'>;

  it('arms in the frame the step starts in, and is let go in the frame the run stands in before it runs on to a pass', async () => {
    const { fake, asked } = connection('1');
    const reads = new ReturnedReads(fake, definition, 1000);
    await reads.arm(async () => ({ id: 1001, name: 'order' }));
    await reads.off(async () => ({ id: 1002 }));
    expect(asked).toEqual([
      { expression: '$bpdiff_returns_arm()', context: 'repl', frameId: 1001 },
      { expression: '$bpdiff_returns_off()', context: 'repl', frameId: 1002 },
    ]);
    // Nothing watched any more: no second `off`, and a read finds nothing armed.
    await reads.off(async () => ({ id: 1003 }));
    expect(await reads.read(1003)).toBeNull();
    expect(asked).toHaveLength(2);
  });

  it('sends no `off` where nothing was armed', async () => {
    const { fake, asked } = connection('0');
    await new ReturnedReads(fake, definition, 1000).off(async () => ({ id: 1 }));
    expect(asked).toEqual([]);
  });
});
