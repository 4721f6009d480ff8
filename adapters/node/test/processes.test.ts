// Node processes started indirectly: a shell, npm run, test runners that spawn Node children; stdin,
// environment, and a bootloader path with spaces.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AdapterSession, EXAMPLES, FIXTURES, lineOf, mustGet, REPO } from './helpers.js';

let session: AdapterSession | null = null;
afterEach(async () => {
  await session?.finish();
  session = null;
});

const CART_V1 = path.join(EXAMPLES, 'node', 'cart-cjs', 'v1');
const CART_FILE = path.join(CART_V1, 'cart.js');

describe('indirect launches', () => {
  it('sh -c: the Node child of the shell stops', async () => {
    session = await AdapterSession.start();
    const line = lineOf(CART_FILE, 'return { gross, discount, net }');
    const result = await session.run({
      command: ['sh', '-c', 'echo from-shell; node checkout.js 0.5'],
      cwd: CART_V1,
      breakpoints: [{ path: CART_FILE, line }],
    });
    expect(result.stopped?.body.reason).toBe('breakpoint');
    const frame = await session.topFrame(result.stopped!.body.threadId!);
    const locals = await session.locals(frame.id);
    expect(mustGet(locals, 'discount').value).toBe('747');
    expect(session.output('stdout')).toBe('from-shell\n');
    // The shell is the root process; the thread is its Node child.
    const threads = await session.collectThreadPids();
    expect(threads).toHaveLength(1);
    expect(threads[0]!.name).not.toContain(String(session.rootPid));
  });

  it('npm run: npm is connected but the breakpoint is hit in the script it runs', async () => {
    session = await AdapterSession.start();
    const dir = path.join(FIXTURES, 'npm-script');
    const file = path.join(dir, 'app.js');
    const line = lineOf(file, 'return scaled;');
    const result = await session.run({
      command: ['npm', 'run', 'start'],
      cwd: dir,
      breakpoints: [{ path: file, line }],
    });
    expect(result.stopped?.body.reason).toBe('breakpoint');
    const threads = await session.collectThreadPids();
    const stoppedThread = threads.find((thread) => thread.id === result.stopped!.body.threadId);
    expect(stoppedThread?.name).toMatch(/^node \d+ app\.js$/);
    expect(threads.some((thread) => /^node \d+ \S*npm(?:-cli\.js)?$/.test(thread.name))).toBe(true);
    const locals = await session.locals((await session.topFrame(result.stopped!.body.threadId!)).id);
    expect(mustGet(locals, 'scaled').value).toBe('[ 4, 8, 12 ]');
  });

  it('node --test: the test file runs in a child process and stops there', async () => {
    session = await AdapterSession.start();
    const dir = path.join(FIXTURES, 'node-test');
    const file = path.join(dir, 'prices.js');
    const line = lineOf(file, 'return gross;');
    const result = await session.run({ command: ['node', '--test'], cwd: dir, breakpoints: [{ path: file, line }] });
    expect(result.stopped?.body.reason).toBe('breakpoint');
    const frame = await session.topFrame(result.stopped!.body.threadId!);
    expect(frame).toMatchObject({ name: 'priceWithTax', line, source: { path: file } });
    const locals = await session.locals(frame.id);
    expect(mustGet(locals, 'tax').value).toBe('200');
    expect(mustGet(locals, 'gross').value).toBe('1200');
    // The child is not the root process (node --test itself).
    expect(
      mustGet(
        new Map((await session.collectThreadPids()).map((thread) => [thread.id, thread])),
        result.stopped!.body.threadId!,
      ).name,
    ).not.toContain(`node ${session.rootPid} `);
  });

  it('npx vitest run: the breakpoint in TypeScript is hit in a vitest worker', async () => {
    session = await AdapterSession.start();
    const dir = path.join(FIXTURES, 'vitest');
    const file = path.join(dir, 'discount.ts');
    const line = lineOf(file, 'return result;');
    const result = await session.run({
      command: ['npx', 'vitest', 'run'],
      cwd: dir,
      breakpoints: [{ path: file, line }],
      timeoutMs: 90_000,
    });
    expect(result.stopped?.body.reason).toBe('breakpoint');
    const { body } = await session.dc.stackTraceRequest({ threadId: result.stopped!.body.threadId!, levels: 2 });
    expect(body.stackFrames.map((frame) => [frame.name, frame.source?.path, frame.line])).toEqual([
      ['discounted', file, line],
      [
        '<anonymous>',
        path.join(dir, 'discount.check.ts'),
        lineOf(path.join(dir, 'discount.check.ts'), 'discounted(2000, 10)'),
      ],
    ]);
    const locals = await session.locals(body.stackFrames[0]!.id);
    expect(mustGet(locals, 'cut').value).toBe('200');
    expect(mustGet(locals, 'result').value).toBe('1800');
    expect((await session.collectThreadPids()).length).toBeGreaterThanOrEqual(2);
  });
});

describe('stdin and environment', () => {
  it('feeds stdinFile to the program', async () => {
    session = await AdapterSession.start();
    const dir = path.join(FIXTURES, 'stdin');
    const file = path.join(dir, 'echo-sum.js');
    const line = lineOf(file, "console.log('sum', sum);");
    const result = await session.run({
      command: ['node', 'echo-sum.js'],
      cwd: dir,
      stdinFile: path.join(dir, 'numbers.txt'),
      breakpoints: [{ path: file, line }],
    });
    const locals = await session.locals((await session.topFrame(result.stopped!.body.threadId!)).id);
    expect(mustGet(locals, 'numbers').value).toBe('[ 1, 2, 3, 4 ]');
    expect(mustGet(locals, 'sum').value).toBe('10');
  });

  it('gives an empty stdin without stdinFile', async () => {
    session = await AdapterSession.start();
    const dir = path.join(FIXTURES, 'stdin');
    const result = await session.run({ command: ['node', 'echo-sum.js'], cwd: dir });
    expect(result.exitCode).toBe(0);
    expect(session.output('stdout')).toBe('sum 0\n');
  });

  it('merges env over its own and keeps an existing NODE_OPTIONS', async () => {
    session = await AdapterSession.start();
    const result = await session.run({
      command: [
        'node',
        '-e',
        'console.log(process.env.BPDIFF_TEST_VALUE, require("util").inspect(globalThis.fromPreload))',
      ],
      cwd: FIXTURES,
      env: { BPDIFF_TEST_VALUE: 'hello there', NODE_OPTIONS: `--require ${path.join(FIXTURES, 'preload.cjs')}` },
    });
    expect(result.exitCode).toBe(0);
    expect(session.output('stdout')).toBe("hello there 'preloaded'\n");
  });
});

describe('a bootloader path with spaces', () => {
  it('is quoted in NODE_OPTIONS, so Node children still start and stop', async () => {
    // A copy of the shipped adapter (the bundle) under a directory whose name has spaces.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff adapter copy '));
    try {
      fs.mkdirSync(path.join(root, 'dist', 'adapters', 'node'), { recursive: true });
      for (const file of ['main.mjs', 'in-process.mjs']) {
        fs.copyFileSync(
          path.join(REPO, 'dist', 'adapters', 'node', file),
          path.join(root, 'dist', 'adapters', 'node', file),
        );
      }
      fs.mkdirSync(path.join(root, 'adapters', 'node'), { recursive: true });
      fs.copyFileSync(
        path.join(REPO, 'adapters', 'node', 'bootloader.cjs'),
        path.join(root, 'adapters', 'node', 'bootloader.cjs'),
      );
      fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'));
      fs.writeFileSync(path.join(root, 'package.json'), '{ "type": "module" }\n');

      session = await AdapterSession.start(path.join(root, 'dist', 'adapters', 'node', 'main.mjs'));
      const line = lineOf(CART_FILE, 'return { gross, discount, net }');
      const result = await session.run({
        command: ['sh', '-c', 'node checkout.js'],
        cwd: CART_V1,
        breakpoints: [{ path: CART_FILE, line }],
      });
      expect(result.stopped?.body.reason).toBe('breakpoint');
      const locals = await session.locals((await session.topFrame(result.stopped!.body.threadId!)).id);
      expect(mustGet(locals, 'net').value).toBe('1270');
      await session.finish();
      session = null;
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
