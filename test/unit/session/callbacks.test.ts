// The stops where library code calls back into the user's code (session/callbacks.ts): whether the
// adapter took them, and the request a walk's step into a line is made by (a step over it, with the
// stops on, where the definition's locate.callbacks.step_in_by_next says that stops where a step in
// would: lldb-dap).
import { describe, expect, it } from 'vitest';
import type { AdapterDefinition } from '../../../src/adapters/definition.js';
import type { DapConnection } from '../../../src/dap/connection.js';
import { CallbackStops, stepRequest } from '../../../src/session/callbacks.js';

type Locating = Pick<AdapterDefinition, 'locate'>;
const byNext: Locating = { locate: { callbacks: { on: '`cb on ${folders}', off: '`cb off', step_in_by_next: true } } };
const stepsIn: Locating = { locate: { callbacks: { on: '`cb on ${folders}', off: '`cb off' } } };
const byFunctions: Locating = { locate: { callbacks: { function_breakpoints: true } } };

/** A connection whose repl answers `answer(expression)` (null: the request fails), recording what it was asked. */
function repl(answer: (expression: string) => string | null): { connection: DapConnection; asked: string[] } {
  const asked: string[] = [];
  const connection = {
    closed: false,
    request: async (command: string, args: { expression?: string }) => {
      if (command !== 'evaluate') throw new Error(`unexpected ${command}`);
      asked.push(args.expression ?? '');
      const result = answer(args.expression ?? '');
      if (result === null) throw new Error('error: no such command');
      return { result, variablesReference: 0 };
    },
  } as unknown as DapConnection;
  return { connection, asked };
}

const frame = async (): Promise<number | undefined> => 1;

describe('CallbackStops.set', () => {
  it('says the stops are on when the adapter took them, and off again', async () => {
    const { connection, asked } = repl((expression) =>
      expression.includes(' on ') ? 'callbacks on 7' : 'callbacks off',
    );
    const stops = new CallbackStops(connection, byNext, 1000);
    expect(await stops.set(['/p/src', '/p'], frame)).toBe(true);
    // Asked again for the same folders: the adapter is not told again.
    expect(await stops.set(['/p/src', '/p'], frame)).toBe(true);
    expect(await stops.set(null, frame)).toBe(false);
    expect(asked).toEqual(['`cb on "/p/src" "/p"', '`cb off']);
  });

  it('says they are off where the adapter refused them (its answer an error), so the step is a step in', async () => {
    const failing = new CallbackStops(repl(() => null).connection, byNext, 1000);
    expect(await failing.set(['/p'], frame)).toBe(false);
    const erring = new CallbackStops(repl(() => "error: 'cb' is not a valid command.").connection, byNext, 1000);
    expect(await erring.set(['/p'], frame)).toBe(false);
    expect(stepRequest('stepIn', await erring.set(['/p'], frame), byNext)).toBe('stepIn');
  });

  it('an adapter without callbacks has none on', async () => {
    const { connection, asked } = repl(() => 'ok');
    expect(await new CallbackStops(connection, { locate: {} }, 1000).set(['/p'], frame)).toBe(false);
    expect(asked).toEqual([]);
  });
});

describe('stepRequest', () => {
  it('a step into a line is a step over it where the stops are on and the definition says so', () => {
    expect(stepRequest('stepIn', true, byNext)).toBe('next');
  });

  it('is made as asked otherwise: stops off, a definition without step_in_by_next, a step over or out', () => {
    expect(stepRequest('stepIn', false, byNext)).toBe('stepIn');
    expect(stepRequest('stepIn', true, stepsIn)).toBe('stepIn');
    expect(stepRequest('stepIn', true, byFunctions)).toBe('stepIn');
    expect(stepRequest('stepIn', true, { locate: {} })).toBe('stepIn');
    expect(stepRequest('stepOut', true, byNext)).toBe('stepOut');
    expect(stepRequest('next', false, byNext)).toBe('next');
  });
});
