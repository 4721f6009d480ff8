// Breakpoints in plain JavaScript: CommonJS and ES modules, moved lines, conditions (true, false,
// broken), a program that never reaches the breakpoint.
import * as path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterEach, describe, expect, it } from 'vitest';
import { AdapterSession, EXAMPLES, FIXTURES, lineOf, mustGet } from './helpers.js';

const CART_V1 = path.join(EXAMPLES, 'node', 'cart-cjs', 'v1');
const CART_V2 = path.join(EXAMPLES, 'node', 'cart-cjs', 'v2');
const ORDERS = path.join(EXAMPLES, 'node', 'orders-esm');

let session: AdapterSession | null = null;
afterEach(async () => {
  await session?.finish();
  session = null;
});

describe('initialize', () => {
  it('advertises the capabilities bpdiff relies on', async () => {
    session = await AdapterSession.start();
    const { body } = await session.dc.initializeRequest({
      adapterID: 'node',
      pathFormat: 'path',
      linesStartAt1: true,
      columnsStartAt1: true,
    });
    expect(body?.supportsConfigurationDoneRequest).toBe(true);
    expect(body?.supportsConditionalBreakpoints).toBe(true);
    expect(body?.supportsHitConditionalBreakpoints).toBe(true);
    expect(body?.supportsExceptionInfoRequest).toBe(true);
    expect(body?.supportsTerminateRequest).toBe(true);
    expect(body?.supportTerminateDebuggee).toBe(true);
    expect(body?.exceptionBreakpointFilters?.map((filter) => filter.filter).sort()).toEqual(['all', 'uncaught']);
    await session.waitFor((event) => event.event === 'initialized');
  });

  it('rejects a launch without a command', async () => {
    session = await AdapterSession.start();
    await session.dc.initializeRequest({ adapterID: 'node', pathFormat: 'path' });
    await expect(session.dc.launchRequest({ cwd: FIXTURES } as DebugProtocol.LaunchRequestArguments)).rejects.toThrow(
      /needs 'command'/,
    );
  });

  it('reports a command that cannot be run', async () => {
    session = await AdapterSession.start();
    await session.dc.initializeRequest({ adapterID: 'node', pathFormat: 'path' });
    await expect(
      session.dc.launchRequest({
        command: ['no-such-program-bpdiff', 'x'],
        cwd: FIXTURES,
      } as DebugProtocol.LaunchRequestArguments),
    ).rejects.toThrow(/cannot run 'no-such-program-bpdiff'.*ENOENT/);
    await session.waitFor((event) => event.event === 'terminated');
  });
});

describe('CommonJS', () => {
  it('stops at the breakpoint with the values of the frame', async () => {
    session = await AdapterSession.start();
    const file = path.join(CART_V1, 'cart.js');
    const line = lineOf(file, 'return { gross, discount, net }');
    const result = await session.run({
      command: ['node', 'checkout.js'],
      cwd: CART_V1,
      breakpoints: [{ path: file, line }],
    });
    expect(result.stopped?.body.reason).toBe('breakpoint');
    const breakpointId = result.setBreakpoints[0]!.body.breakpoints[0]!.id;
    expect(result.stopped?.body.hitBreakpointIds).toEqual([breakpointId]);

    const changed = await session.waitFor<DebugProtocol.BreakpointEvent>((event) => event.event === 'breakpoint');
    expect(changed.body.breakpoint).toMatchObject({ id: breakpointId, verified: true, line });

    const frame = await session.topFrame(result.stopped!.body.threadId!);
    expect(frame.name).toBe('applyDiscount');
    expect(frame.source?.path).toBe(file);
    expect(frame.line).toBe(line);

    const scopes = await session.scopes(frame.id);
    expect(scopes.map((scope) => [scope.name, scope.expensive])).toEqual([
      ['Local', false],
      ['Closure', false],
      ['Global', true],
    ]);
    // The module's own binding that a function of the module uses lives in the closure.
    const closure = await session.children(scopes[1]!.variablesReference);
    expect(closure.map((variable) => [variable.name, variable.value, variable.type])).toEqual([
      ['LineItem', '[class LineItem]', 'function'],
    ]);
    const locals = await session.locals(frame.id);
    expect(mustGet(locals, 'gross')).toMatchObject({
      value: '1494',
      type: 'number',
      evaluateName: 'gross',
      variablesReference: 0,
    });
    expect(mustGet(locals, 'discount')).toMatchObject({ value: '224', type: 'number' });
    expect(mustGet(locals, 'net')).toMatchObject({ value: '1270', type: 'number' });
    expect(mustGet(locals, 'rate')).toMatchObject({ value: '0.15', type: 'number' });
    const cart = mustGet(locals, 'cart');
    expect(cart).toMatchObject({
      value: "Cart { owner: 'ann', items: [...], quantities: Map(2) {...} }",
      type: 'Cart',
      evaluateName: 'cart',
    });
    expect(cart.variablesReference).toBeGreaterThan(0);
    expect([...locals.keys()]).toEqual(['cart', 'rate', 'gross', 'discount', 'net', 'LineItem']);
  });

  it('sees the regression of v2 in the same place', async () => {
    session = await AdapterSession.start();
    const file = path.join(CART_V2, 'cart.js');
    const line = lineOf(file, 'return { gross, discount, net }');
    const result = await session.run({
      command: ['node', 'checkout.js'],
      cwd: CART_V2,
      breakpoints: [{ path: file, line }],
    });
    const frame = await session.topFrame(result.stopped!.body.threadId!);
    const locals = await session.locals(frame.id);
    expect(mustGet(locals, 'discount').value).toBe('220');
    expect(mustGet(locals, 'net').value).toBe('1274');
  });

  it('moves a breakpoint on a comment line forward and says so', async () => {
    session = await AdapterSession.start();
    const file = path.join(CART_V1, 'cart.js');
    const comment = lineOf(file, '// v1: the member discount');
    const result = await session.run({
      command: ['node', 'checkout.js'],
      cwd: CART_V1,
      breakpoints: [{ path: file, line: comment }],
    });
    const changed = await session.waitFor<DebugProtocol.BreakpointEvent>((event) => event.event === 'breakpoint');
    const firstStatement = lineOf(file, 'const gross = cart.items.reduce');
    expect(changed.body.breakpoint.line).toBe(firstStatement);
    const frame = await session.topFrame(result.stopped!.body.threadId!);
    expect(frame.line).toBe(firstStatement);
  });

  it('forwards the program output as output events', async () => {
    session = await AdapterSession.start();
    const result = await session.run({ command: ['node', 'checkout.js', '0.1'], cwd: CART_V1 });
    expect(result.stopped).toBeNull();
    expect(result.exitCode).toBe(0);
    expect(session.output('stdout')).toBe('ann pays 13.45 (discount 1.49)\n');
    // The inspector's own messages are not the program's output.
    expect(session.output('stderr')).toBe('');
  });
});

describe('ES modules', () => {
  it('stops in an imported module and reads its values', async () => {
    session = await AdapterSession.start();
    const file = path.join(ORDERS, 'shipping.mjs');
    const line = lineOf(file, 'const fee =');
    const result = await session.run({
      command: ['node', 'orders.mjs', 'week2.json'],
      cwd: ORDERS,
      breakpoints: [{ path: file, line }],
    });
    const frame = await session.topFrame(result.stopped!.body.threadId!);
    expect(frame).toMatchObject({ name: 'quoteShipping', line, source: { path: file } });
    const locals = await session.locals(frame.id);
    expect(mustGet(locals, 'weight')).toMatchObject({ value: "'00.81.2'", type: 'string' });
    expect(mustGet(locals, 'value')).toMatchObject({ value: '4900', type: 'number' });
    expect(mustGet(locals, 'carriers')).toMatchObject({
      value: "Set(2) { 'post', 'courier' }",
      type: 'Set',
      indexedVariables: 2,
    });
    const scopes = await session.scopes(frame.id);
    expect(scopes.map((scope) => [scope.name, scope.expensive])).toEqual([
      ['Local', false],
      ['Module', true],
      ['Global', true],
    ]);
    const moduleScope = await session.children(scopes[1]!.variablesReference);
    expect(moduleScope.map((variable) => [variable.name, variable.value])).toEqual([
      ['RATE_PER_KG', '450'],
      ['FREE_ABOVE', '5000'],
      ['quoteShipping', '[Function: quoteShipping]'],
    ]);
  });
  it('reads the module scope of top-level code as its locals, bindings not yet initialised as undefined', async () => {
    session = await AdapterSession.start();
    const file = path.join(ORDERS, 'orders.mjs');
    const line = lineOf(file, 'const byCustomer = new Map();');
    const result = await session.run({
      command: ['node', 'orders.mjs', 'week1.json'],
      cwd: ORDERS,
      breakpoints: [{ path: file, line }],
    });
    const frame = await session.topFrame(result.stopped!.body.threadId!);
    const scopes = await session.scopes(frame.id);
    // The module scope is the frame's own there: shown as its Local, the scope clients read by default.
    expect(scopes.map((scope) => [scope.name, scope.expensive, scope.presentationHint])).toEqual([
      ['Local', false, 'locals'],
      ['Global', true, undefined],
    ]);
    const moduleScope = await session.children(scopes[0]!.variablesReference);
    expect(moduleScope.map((variable) => [variable.name, variable.value])).toEqual([
      ['readFileSync', '[Function: readFileSync]'],
      ['quoteShipping', '[Function: quoteShipping]'],
      ['file', "'week1.json'"],
      ['orders', '[ {...} ]'],
      ['byCustomer', 'undefined'],
    ]);
  });
});

describe('conditions', () => {
  it('stops only where the condition holds', async () => {
    session = await AdapterSession.start();
    const file = path.join(ORDERS, 'shipping.mjs');
    const line = lineOf(file, 'weight += line.weightKg');
    const result = await session.run({
      command: ['node', 'orders.mjs', 'week1.json'],
      cwd: ORDERS,
      breakpoints: [{ path: file, line, condition: "line.sku === 'kettle'" }],
    });
    expect(result.stopped?.body.reason).toBe('breakpoint');
    const frame = await session.topFrame(result.stopped!.body.threadId!);
    const locals = await session.locals(frame.id);
    expect(mustGet(locals, 'line').value).toBe(
      "{ sku: 'kettle', price: 2500, qty: 1, weightKg: 1.2, carrier: 'post' }",
    );
    // The first line's weight is already added: this is the second iteration.
    expect(mustGet(locals, 'weight').value).toBe('0.8');
  });

  it('never stops when the condition is never true, and the program ends normally', async () => {
    session = await AdapterSession.start();
    const file = path.join(ORDERS, 'shipping.mjs');
    const line = lineOf(file, 'weight += line.weightKg');
    const result = await session.run({
      command: ['node', 'orders.mjs', 'week1.json'],
      cwd: ORDERS,
      breakpoints: [{ path: file, line, condition: "line.sku === 'teapot'" }],
    });
    expect(result.stopped).toBeNull();
    expect(result.exitCode).toBe(0);
    expect(session.output('stdout')).toBe('ann: 2 kg, shipping 9.00\n');
  });

  it.each([
    ['throws', 'line.nope.deeper > 1', "TypeError: Cannot read properties of undefined (reading 'deeper')"],
    ['does not parse', 'line.qty >', 'SyntaxError: Unexpected end of input'],
    ['names an unknown variable', 'missingVariable === 1', 'ReferenceError: missingVariable is not defined'],
  ])('reports a condition that %s as a condition error', async (_, condition, message) => {
    session = await AdapterSession.start();
    const file = path.join(ORDERS, 'shipping.mjs');
    const line = lineOf(file, 'weight += line.weightKg');
    const result = await session.run({
      command: ['node', 'orders.mjs', 'week1.json'],
      cwd: ORDERS,
      breakpoints: [{ path: file, line, condition }],
    });
    expect(result.stopped?.body).toMatchObject({
      reason: 'exception',
      description: 'Breakpoint condition error',
      text: message,
    });
    expect(session.output('important')).toBe(`Breakpoint condition error: ${message}\n`);
    const info = await session.dc.exceptionInfoRequest({ threadId: result.stopped!.body.threadId! });
    expect(info.body.description).toBe(message);
  });
});

describe('a program that never reaches the breakpoint', () => {
  it('ends with exited (its exit code) then terminated', async () => {
    session = await AdapterSession.start();
    const dir = path.join(FIXTURES, 'exceptions');
    const file = path.join(dir, 'exit-code.js');
    const result = await session.run({
      command: ['node', 'exit-code.js'],
      cwd: dir,
      breakpoints: [{ path: file, line: 40 }],
    });
    expect(result.stopped).toBeNull();
    expect(result.exitCode).toBe(3);
    const names = session.events.map((event) => event.event);
    expect(names.indexOf('exited')).toBeLessThan(names.indexOf('terminated'));
    expect(result.setBreakpoints[0]!.body.breakpoints[0]!.verified).toBe(false);
    expect(session.output('stdout')).toBe('answer 42\n');
  });

  it('reports a signal death as 128 + the signal number', async () => {
    session = await AdapterSession.start();
    const result = await session.run({ command: ['sh', '-c', 'kill -TERM $$'], cwd: FIXTURES });
    expect(result.stopped).toBeNull();
    expect(result.exitCode).toBe(143);
  });
});
