// TypeScript through source maps: tsx (inline maps, CommonJS compile hook), tsc output with .map files
// (ES modules, instrumentation pause), breakpoints on lines that move.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdapterSession, EXAMPLES, FIXTURES, lineOf, mustGet, REPO } from './helpers.js';

const TSX = path.join(EXAMPLES, 'typescript', 'tsx-invoice');
const TSC = path.join(EXAMPLES, 'typescript', 'tsc-inventory');
const TSX_BIN = path.join(REPO, 'node_modules', '.bin', 'tsx');

let session: AdapterSession | null = null;
afterEach(async () => {
  await session?.finish();
  session = null;
});

beforeAll(() => {
  // The compiled dist/ of the example is built here, never committed.
  fs.rmSync(path.join(TSC, 'dist'), { recursive: true, force: true });
  execFileSync(process.execPath, [path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', TSC], {
    stdio: 'pipe',
  });
});

describe('tsx (inline source maps)', () => {
  it('stops at a line of the .ts file and shows TypeScript locations', async () => {
    session = await AdapterSession.start();
    const file = path.join(TSX, 'src', 'invoice.ts');
    const line = lineOf(file, 'return { net, tax, due }');
    const result = await session.run({
      command: [TSX_BIN, 'src/main.ts', '7.5'],
      cwd: TSX,
      breakpoints: [{ path: file, line }],
    });
    expect(result.stopped?.body.reason).toBe('breakpoint');
    const changed = await session.waitFor<DebugProtocol.BreakpointEvent>((event) => event.event === 'breakpoint');
    expect(changed.body.breakpoint).toMatchObject({ verified: true, line });
    // tsx runs the program in a child process: the stop comes from that one.
    const threads = await session.collectThreadPids();
    expect(threads.length).toBeGreaterThanOrEqual(2);

    const { body } = await session.dc.stackTraceRequest({ threadId: result.stopped!.body.threadId!, levels: 2 });
    expect(body.stackFrames.map((frame) => [frame.name, frame.source?.path, frame.line])).toEqual([
      ['totalDue', file, line],
      [
        '<anonymous>',
        path.join(TSX, 'src', 'main.ts'),
        lineOf(path.join(TSX, 'src', 'main.ts'), 'const totals = totalDue'),
      ],
    ]);
    const locals = await session.locals(body.stackFrames[0]!.id);
    // parseInt('7.5') is 7: the bug the example shows.
    expect(mustGet(locals, 'net')).toMatchObject({ value: '63000', type: 'number' });
    expect(mustGet(locals, 'tax').value).toBe('12600');
    expect(mustGet(locals, 'due').value).toBe('75600');
    expect(mustGet(locals, 'invoice').value).toBe("Invoice { client: 'Acme', currency: 'EUR', lines: [...] }");
  });

  it('binds a breakpoint on a comment line to the next line with code', async () => {
    session = await AdapterSession.start();
    const file = path.join(TSX, 'src', 'invoice.ts');
    const comment = lineOf(file, '// Tax is rounded to whole cents.');
    const result = await session.run({
      command: [TSX_BIN, 'src/main.ts', '8'],
      cwd: TSX,
      breakpoints: [{ path: file, line: comment }],
    });
    const changed = await session.waitFor<DebugProtocol.BreakpointEvent>((event) => event.event === 'breakpoint');
    expect(changed.body.breakpoint.line).toBe(comment + 1);
    const frame = await session.topFrame(result.stopped!.body.threadId!);
    expect(frame.line).toBe(comment + 1);
    const locals = await session.locals(frame.id);
    expect(mustGet(locals, 'net').value).toBe('72000');
    expect(mustGet(locals, 'tax').value).toBe('undefined');
  });

  it("a step over a `return` goes back to the caller with the value returned (tsx's closing brace on the return's generated line is not a line of its own)", async () => {
    session = await AdapterSession.start();
    const file = path.join(TSX, 'src', 'invoice.ts');
    const main = path.join(TSX, 'src', 'main.ts');
    const result = await session.run({
      command: [TSX_BIN, 'src/main.ts', '8'],
      cwd: TSX,
      breakpoints: [{ path: file, line: lineOf(file, 'return { net, tax, due }') }],
    });
    const threadId = result.stopped!.body.threadId!;
    await session.dc.setBreakpointsRequest({ source: { path: file }, breakpoints: [] });
    const since = session.events.length;
    await session.dc.nextRequest({ threadId, bpdiffReturns: true } as DebugProtocol.NextArguments);
    await session.waitFor((event) => event.event === 'stopped', 30_000, since);
    const frame = await session.topFrame(threadId);
    // V8 goes on to the caller's next statement (the assignment is no place it pauses at). Before, the
    // pause V8 makes as the function returns, mapped to the `}` after the return, was a stop of its own,
    // and the value returned was lost by the time the next step reached the caller.
    expect([frame.name, frame.source?.path, frame.line]).toEqual([
      '<anonymous>',
      main,
      lineOf(main, 'console.log(`${invoice.client}'),
    ]);
    const returned = mustGet(await session.locals(frame.id), '(return) totalDue');
    const { body } = await session.dc.variablesRequest({ variablesReference: returned.variablesReference });
    expect(body.variables.map((field) => [field.name, field.value])).toEqual([
      ['net', '72000'],
      ['tax', '14400'],
      ['due', '86400'],
    ]);
  });
});

describe('breakpoints set while the program runs', () => {
  it('bind in a TypeScript module loaded before they were set', async () => {
    session = await AdapterSession.start();
    const dir = path.join(FIXTURES, 'late-ts');
    const marker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-late-')), 'go');
    try {
      const result = await session
        .run({ command: [TSX_BIN, 'main.ts', marker], cwd: dir, timeoutMs: 1_000 })
        .catch(() => null);
      expect(result).toBeNull();
      await session.waitFor(
        (event) => event.event === 'output' && (event as DebugProtocol.OutputEvent).body.output === 'loaded\n',
      );
      const file = path.join(dir, 'step.ts');
      const line = lineOf(file, 'return doubled;');
      const set = await session.dc.setBreakpointsRequest({ source: { path: file }, breakpoints: [{ line }] });
      expect(set.body.breakpoints[0]).toMatchObject({ verified: true, line });
      const since = session.events.length;
      fs.writeFileSync(marker, '');
      const stopped = await session.waitFor<DebugProtocol.StoppedEvent>(
        (event) => event.event === 'stopped',
        10_000,
        since,
      );
      const frame = await session.topFrame(stopped.body.threadId!);
      expect(frame).toMatchObject({ name: 'step', line, source: { path: file } });
      expect(mustGet(await session.locals(frame.id), 'doubled').value).toBe('42');
    } finally {
      fs.rmSync(path.dirname(marker), { recursive: true, force: true });
    }
  });
});

describe('tsc output with .map files', () => {
  it('stops in the .ts source while dist/*.js runs, with a condition', async () => {
    session = await AdapterSession.start();
    const file = path.join(TSC, 'src', 'stock.ts');
    const line = lineOf(file, 'if (level < threshold)');
    const result = await session.run({
      command: ['node', '--enable-source-maps', 'dist/main.js', 'data/tuesday.json'],
      cwd: TSC,
      breakpoints: [{ path: file, line, condition: "sku === 'PEN-01'" }],
    });
    expect(result.stopped?.body.reason).toBe('breakpoint');
    const frame = await session.topFrame(result.stopped!.body.threadId!);
    expect(frame).toMatchObject({ name: 'reorderList', line, source: { path: file } });
    const locals = await session.locals(frame.id);
    expect(mustGet(locals, 'sku').value).toBe("'PEN-01'");
    expect(mustGet(locals, 'level').value).toBe('-12');
    expect(mustGet(locals, 'low').value).toBe("[ 'pad-02' ]");
    expect(mustGet(locals, 'skus').value).toBe("Set(3) { 'pen-01', 'pad-02', 'PEN-01' }");
    const warehouse = mustGet(locals, 'warehouse');
    // The skuCount getter (which would add 1000 to `applied`) lives on the prototype and never runs.
    expect(warehouse.value).toBe("Warehouse { name: 'north', levels: Map(3) {...}, applied: 4 }");
    const fields = await session.children(warehouse.variablesReference);
    const levels = fields.find((field) => field.name === 'levels')!;
    expect(levels.value).toBe("Map(3) { 'pen-01' => 40, 'pad-02' => 5, 'PEN-01' => -12 }");
    const entries = await session.children(levels.variablesReference);
    expect(entries.map((entry) => [entry.name, entry.value, entry.evaluateName])).toEqual([
      ["'pen-01'", '40', 'warehouse.levels.get("pen-01")'],
      ["'pad-02'", '5', 'warehouse.levels.get("pad-02")'],
      ["'PEN-01'", '-12', 'warehouse.levels.get("PEN-01")'],
    ]);
  });

  it('binds a breakpoint set in the compiled file itself', async () => {
    session = await AdapterSession.start();
    const file = path.join(TSC, 'dist', 'stock.js');
    const line = lineOf(file, 'const after = before + movement.delta;');
    const result = await session.run({
      command: ['node', 'dist/main.js', 'data/monday.json'],
      cwd: TSC,
      breakpoints: [{ path: file, line }],
    });
    expect(result.stopped?.body.reason).toBe('breakpoint');
    const frame = await session.topFrame(result.stopped!.body.threadId!);
    // The frame is shown where the source map leads: the TypeScript source.
    expect(frame.source?.path).toBe(path.join(TSC, 'src', 'stock.ts'));
    expect(frame.line).toBe(lineOf(path.join(TSC, 'src', 'stock.ts'), 'const after = before + movement.delta;'));
  });

  it('leaves source maps alone when sourceMaps is false', async () => {
    session = await AdapterSession.start();
    const file = path.join(TSC, 'src', 'stock.ts');
    const since = session.events.length;
    await session.dc.initializeRequest({ adapterID: 'node', pathFormat: 'path' });
    const launched = session.dc.launchRequest({
      command: ['node', 'dist/main.js'],
      cwd: TSC,
      sourceMaps: false,
    } as DebugProtocol.LaunchRequestArguments);
    await session.waitFor((event) => event.event === 'initialized', 30_000, since);
    await session.dc.setBreakpointsRequest({
      source: { path: file },
      breakpoints: [{ line: lineOf(file, 'if (level < threshold)') }],
    });
    await session.dc.configurationDoneRequest();
    await launched;
    await session.waitFor((event) => event.event === 'terminated');
    expect(session.events.some((event) => event.event === 'stopped')).toBe(false);
    expect(session.output('stdout')).toBe('reorder: pad-02\n');
  });
});
