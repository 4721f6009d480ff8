// The stops where library code calls back into the user's code (session/callbacks.ts): whether the
// adapter took them, and the request a walk's step into a line is made by (a step over it, with the
// stops on, where the adapter's answer to `on` matches the definition's locate.callbacks.step_in_by_next:
// lldb-dap's, unless it names functions of the user's inlined elsewhere).
import { describe, expect, it } from 'vitest';
import type { AdapterDefinition } from '../../../src/adapters/definition.js';
import type { DapConnection } from '../../../src/dap/connection.js';
import { CallbackStops, stepRequest } from '../../../src/session/callbacks.js';

type Locating = Pick<AdapterDefinition, 'locate'>;
const byNext: Locating = {
  locate: { callbacks: { on: '`cb on ${folders}', off: '`cb off', step_in_by_next: '(^|\\n)callbacks on \\d+\\s*$' } },
};
const stepsIn: Locating = { locate: { callbacks: { on: '`cb on ${folders}', off: '`cb off' } } };
const byFunctions: Locating = { locate: { callbacks: { function_breakpoints: true } } };

/** A connection whose repl answers `answer(expression)` (null: the request fails), recording what it was asked; `emit` sends an event to its listeners. */
function repl(answer: (expression: string) => string | null): {
  connection: DapConnection;
  asked: string[];
  emit: (event: string) => void;
} {
  const asked: string[] = [];
  const listeners: ((event: { event: string }) => void)[] = [];
  const connection = {
    closed: false,
    onEvent: (listener: (event: { event: string }) => void) => listeners.push(listener),
    request: async (command: string, args: { expression?: string }) => {
      if (command !== 'evaluate') throw new Error(`unexpected ${command}`);
      asked.push(args.expression ?? '');
      const result = answer(args.expression ?? '');
      if (result === null) throw new Error('error: no such command');
      return { result, variablesReference: 0 };
    },
  } as unknown as DapConnection;
  return { connection, asked, emit: (event) => listeners.forEach((listener) => listener({ event })) };
}

const frame = async (): Promise<number | undefined> => 1;

describe('CallbackStops.set', () => {
  it('says the stops are on when the adapter took them, and off again', async () => {
    const { connection, asked } = repl((expression) =>
      expression.includes(' on ') ? 'callbacks on 7' : 'callbacks off',
    );
    const stops = new CallbackStops(connection, byNext, 1000);
    expect(await stops.set(['/p/src', '/p'], frame)).toEqual({ on: true, answer: 'callbacks on 7' });
    // Asked again for the same folders: the adapter is not told again.
    expect(await stops.set(['/p/src', '/p'], frame)).toEqual({ on: true, answer: 'callbacks on 7' });
    expect(await stops.set(null, frame)).toEqual({ on: false });
    expect(asked).toEqual(['`cb on "/p/src" "/p"', '`cb off']);
  });

  it('asks again after a breakpoint event while they are on (a library loaded: its inlined functions), not while off', async () => {
    let answer = 'callbacks on 7';
    const { connection, asked, emit } = repl((expression) => (expression.includes(' on ') ? answer : 'callbacks off'));
    const stops = new CallbackStops(connection, byNext, 1000);
    emit('breakpoint');
    expect(await stops.set(['/p'], frame)).toEqual({ on: true, answer: 'callbacks on 7' });
    emit('output');
    expect(await stops.set(['/p'], frame)).toEqual({ on: true, answer: 'callbacks on 7' });
    answer = 'callbacks on 9, 1 inlined (factor)';
    emit('breakpoint');
    expect(await stops.set(['/p'], frame)).toEqual({ on: true, answer });
    expect(stepRequest('stepIn', await stops.set(['/p'], frame), byNext)).toBe('stepIn');
    expect(await stops.set(null, frame)).toEqual({ on: false });
    emit('breakpoint');
    expect(await stops.set(null, frame)).toEqual({ on: false });
    expect(asked).toEqual(['`cb on "/p"', '`cb on "/p"', '`cb off']);
  });

  it('says they are off where the adapter refused them (its answer an error), so the step is a step in', async () => {
    const failing = new CallbackStops(repl(() => null).connection, byNext, 1000);
    expect(await failing.set(['/p'], frame)).toEqual({ on: false });
    const erring = new CallbackStops(repl(() => "error: 'cb' is not a valid command.").connection, byNext, 1000);
    expect(await erring.set(['/p'], frame)).toEqual({ on: false });
    expect(stepRequest('stepIn', await erring.set(['/p'], frame), byNext)).toBe('stepIn');
  });

  it('an adapter without callbacks has none on', async () => {
    const { connection, asked } = repl(() => 'ok');
    expect(await new CallbackStops(connection, { locate: {} }, 1000).set(['/p'], frame)).toEqual({ on: false });
    expect(asked).toEqual([]);
  });
});

describe('stepRequest', () => {
  const on = (answer: string) => ({ on: true, answer }) as const;
  const off = { on: false } as const;

  it('a step into a line is a step over it where the stops are on and their answer matches the definition', () => {
    expect(stepRequest('stepIn', on('callbacks on 20'), byNext)).toBe('next');
    expect(stepRequest('stepIn', on('callbacks on 20\n'), byNext)).toBe('next');
    // lldb-dap's answer: the command echoed, then the script's.
    expect(stepRequest('stepIn', on('(lldb) bpdiff_callbacks on "/p"\ncallbacks on 20\n'), byNext)).toBe('next');
  });

  it('stays a step in where the answer names functions of the user inlined elsewhere (no breakpoint stops in them)', () => {
    expect(stepRequest('stepIn', on('callbacks on 1, 1 inlined (inl::scale::h28)'), byNext)).toBe('stepIn');
    expect(
      stepRequest(
        'stepIn',
        on('(lldb) bpdiff_callbacks on "/p"\ncallbacks on 1, 1 inlined (inl::scale::h28)\n'),
        byNext,
      ),
    ).toBe('stepIn');
  });

  it('is made as asked otherwise: stops off, a definition without step_in_by_next, a step over or out', () => {
    expect(stepRequest('stepIn', off, byNext)).toBe('stepIn');
    expect(stepRequest('stepIn', on('callbacks on 7'), stepsIn)).toBe('stepIn');
    expect(stepRequest('stepIn', on(''), byFunctions)).toBe('stepIn');
    expect(stepRequest('stepIn', on('callbacks on 7'), { locate: {} })).toBe('stepIn');
    expect(stepRequest('stepOut', on('callbacks on 7'), byNext)).toBe('stepOut');
    expect(stepRequest('next', off, byNext)).toBe('next');
  });
});
