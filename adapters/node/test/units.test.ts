// The adapter's pure parts: launch arguments, conditions and hit conditions, source maps, paths, NODE_OPTIONS quoting.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { parseHitCondition, v8Condition, wrapCondition } from '../src/conditions.js';
import { LaunchConfigError, planLaunch } from '../src/launch-config.js';
import { scriptUrlToPath, urlRegexForPaths } from '../src/paths.js';
import { findBootloader, withBootloader } from '../src/process-tree.js';
import { readProc } from '../../../src/process/process-tree.js';
import { SourceMapCache } from '../src/source-maps.js';
import { REPO } from './helpers.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff node units '));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('planLaunch', () => {
  it('keeps the command as typed and resolves cwd and stdinFile', () => {
    expect(
      planLaunch(
        { command: ['npx', 'tsx', 'src/app.ts'], cwd: 'proj', stdinFile: 'in.txt', env: { A: '1' } },
        '/home/u',
      ),
    ).toEqual({
      command: ['npx', 'tsx', 'src/app.ts'],
      cwd: '/home/u/proj',
      env: { A: '1' },
      stdinFile: '/home/u/proj/in.txt',
      sourceMaps: true,
      stopOnEntry: false,
    });
    expect(planLaunch({ command: ['node', 'app.js'], stopOnEntry: true }, '/x').stopOnEntry).toBe(true);
  });

  it('translates the VS Code form', () => {
    expect(
      planLaunch({ program: 'app.js', args: ['10'], runtimeArgs: ['--enable-source-maps'], cwd: '/p' }, '/x'),
    ).toMatchObject({
      command: ['node', '--enable-source-maps', '/p/app.js', '10'],
      cwd: '/p',
    });
    expect(planLaunch({ program: '/p/src/app.js' }, '/x')).toMatchObject({
      command: ['node', '/p/src/app.js'],
      cwd: '/p/src',
    });
    expect(planLaunch({ runtimeExecutable: 'npm', runtimeArgs: ['run', 'start'], cwd: '/p' }, '/x').command).toEqual([
      'npm',
      'run',
      'start',
    ]);
  });

  it.each([
    [{}, /needs 'command'/],
    [{ command: [] }, /non-empty array/],
    [{ command: ['node', 3] }, /non-empty array/],
    [{ command: ['node'], env: { A: 1 } }, /env\.A/],
    [{ command: ['node'], sourceMaps: 'yes' }, /sourceMaps/],
    [{ command: ['node'], stopOnEntry: 1 }, /stopOnEntry/],
  ])('rejects %j', (args, message) => {
    expect(() => planLaunch(args as never, '/x')).toThrow(LaunchConfigError);
    expect(() => planLaunch(args as never, '/x')).toThrow(message);
  });
});

describe('wrapCondition', () => {
  const key = Symbol.for('bpdiff.conditionError');
  const globals = globalThis as unknown as Record<symbol, unknown>;
  // Direct eval inside a function, like V8's evaluation of a condition in the paused frame.
  const evaluate = (condition: string, item: { sku: string }): unknown => {
    delete globals[key];
    return (function check(this: unknown, it: { sku: string }): unknown {
      void it;
      // biome-ignore lint/security/noGlobalEval: the test evaluates the adapter's wrapped condition as V8 would, in the item's scope
      return eval(wrapCondition(condition));
    })(item);
  };

  it('answers the condition with the frame locals in scope', () => {
    expect(evaluate("it.sku === 'pen'", { sku: 'pen' })).toBe(true);
    expect(evaluate("it.sku === 'pen'", { sku: 'pad' })).toBe(false);
    expect(globals[key]).toBeUndefined();
  });

  it.each([
    ['it.nope.deeper', "TypeError: Cannot read properties of undefined (reading 'deeper')"],
    ['it.sku ===', 'SyntaxError: Unexpected end of input'],
    ["throw 'plain'", 'Uncaught plain'],
    ['(() => { throw 7; })()', 'Uncaught 7'],
  ])('turns an error in %s into true and records it', (condition, message) => {
    expect(evaluate(condition, { sku: 'pen' })).toBe(true);
    expect(globals[key]).toBe(message);
  });
});

describe('hit conditions', () => {
  it.each([
    ['3', { operator: '==', count: 3 }],
    [' == 3 ', { operator: '==', count: 3 }],
    ['>=2', { operator: '>=', count: 2 }],
    ['> 2', { operator: '>', count: 2 }],
    ['<= 4', { operator: '<=', count: 4 }],
    ['< 4', { operator: '<', count: 4 }],
    ['% 2', { operator: '%', count: 2 }],
  ])('parses %j', (text, expected) => {
    expect(parseHitCondition(text)).toEqual(expected);
  });

  it.each(['abc', '', '0', '% 0', '-1', '>= -1', '2.5', '=== 2', '= 2', '!= 2', '2 3', '99999999999999999999'])(
    'rejects %j',
    (text) => {
      expect(parseHitCondition(text)).toBeNull();
    },
  );

  const errorKey = Symbol.for('bpdiff.conditionError');
  const globals = globalThis as unknown as Record<symbol, unknown>;
  let nextId = 1_000_000;
  /** Evaluates the V8 condition of a fresh breakpoint once per value of `i`, as V8 does in the paused frame. */
  const stopsAt = (condition: string | undefined, hitCondition: string, values: number[]): number[] => {
    const id = nextId++;
    const expression = v8Condition(id, condition, parseHitCondition(hitCondition)!)!;
    const stopped = values.filter((i) => {
      delete globals[errorKey];
      return (function check(this: unknown, i: number): unknown {
        void i;
        // biome-ignore lint/security/noGlobalEval: the expression must see the function's own `i`, as the adapter's evaluation does
        return eval(expression);
      })(i);
    });
    return stopped;
  };
  const loop = [1, 2, 3, 4, 5, 6, 7, 8];

  it('counts hits per breakpoint', () => {
    expect(stopsAt(undefined, '3', loop)).toEqual([3]);
    expect(stopsAt(undefined, '>= 6', loop)).toEqual([6, 7, 8]);
    expect(stopsAt(undefined, '< 3', loop)).toEqual([1, 2]);
    expect(stopsAt(undefined, '% 3', loop)).toEqual([3, 6]);
  });

  it('counts only the hits where the condition holds, and stops on a condition that throws', () => {
    expect(stopsAt('i % 2 === 1', '2', loop)).toEqual([3]);
    expect(stopsAt('i > 4', '>= 2', loop)).toEqual([6, 7, 8]);
    expect(stopsAt('i.nope.deeper', '5', [1])).toEqual([1]);
    expect(globals[errorKey]).toBe("TypeError: Cannot read properties of undefined (reading 'deeper')");
  });

  it("counts with a function on the realm's Array (no free name to look up), or on the global where Array is frozen", () => {
    const expression = v8Condition(nextId++, undefined, parseHitCondition('3')!)!;
    // Once defined, the counting function is found without a name looked up in the frame's scopes.
    expect(expression.startsWith('([].constructor["bpdiff.countHit"] || ')).toBe(true);
    for (const freeze of [false, true]) {
      const realm = vm.createContext({});
      if (freeze) vm.runInContext('Object.freeze(Array)', realm);
      const stopped = [1, 2, 3, 4, 5].filter((i) =>
        vm.runInContext(`(function () { const i = ${i}; return eval(${JSON.stringify(expression)}); })()`, realm),
      );
      expect(stopped).toEqual([3]);
      expect(vm.runInContext(`Object.getOwnPropertyNames(Array).includes('bpdiff.countHit')`, realm)).toBe(!freeze);
      expect(vm.runInContext(`Object.keys(Array).length`, realm)).toBe(0);
    }
  });

  it('leaves a breakpoint without a hit condition to its condition', () => {
    expect(v8Condition(1, undefined, undefined)).toBeUndefined();
    expect(v8Condition(1, 'x > 1', undefined)).toBe(wrapCondition('x > 1'));
  });
});

describe('paths', () => {
  it('matches a script reported as a path or as a file URL', () => {
    const file = '/tmp/dir with space/app.js';
    const regex = new RegExp(urlRegexForPaths([file]));
    expect(regex.test(file)).toBe(true);
    expect(regex.test(pathToFileURL(file).href)).toBe(true);
    expect(regex.test('/tmp/dir with space/app.jsx')).toBe(false);
    expect(regex.test('/tmp/dir with space/xapp.js')).toBe(false);
  });

  it('turns script URLs into files, or null for what is not a file', () => {
    expect(scriptUrlToPath('file:///a/b%20c.js')).toBe('/a/b c.js');
    expect(scriptUrlToPath('/a/b.js')).toBe('/a/b.js');
    expect(scriptUrlToPath('node:internal/modules/cjs/loader')).toBeNull();
    expect(scriptUrlToPath('')).toBeNull();
  });
});

describe('NODE_OPTIONS', () => {
  it('quotes the bootloader so that Node loads it from a path with spaces', () => {
    const preload = path.join(scratch, 'pre load.cjs');
    fs.writeFileSync(preload, "globalThis.loaded = 'yes';\n");
    const options = withBootloader('--max-old-space-size=200', preload);
    expect(options).toBe(`--max-old-space-size=200 --require "${preload}"`);
    const output = execFileSync(process.execPath, ['-e', 'console.log(globalThis.loaded)'], {
      env: { ...process.env, NODE_OPTIONS: options },
      encoding: 'utf8',
    });
    expect(output).toBe('yes\n');
  });

  it('finds the shipped bootloader from the compiled adapter', () => {
    expect(findBootloader(pathToFileURL(path.join(REPO, 'dist', 'adapters', 'node', 'src', 'main.js')).href)).toBe(
      path.join(REPO, 'adapters', 'node', 'bootloader.cjs'),
    );
  });

  it('reads /proc stat fields of this process', () => {
    const stat = readProc(process.pid);
    expect(stat?.state).toMatch(/^[RS]$/);
    expect(stat?.ppid).toBe(process.ppid);
    expect(stat?.startTime).toMatch(/^\d+$/);
  });
});

describe('source maps', () => {
  const source = [
    '// header comment',
    '',
    'export function total(items: number[]): number {',
    '  let sum: number = 0;',
    '  for (const item of items) sum += item;',
    '  return sum;',
    '}',
    '',
  ].join('\n');
  const sourcePath = path.join(scratch, 'src', 'total.ts');

  it('maps an inline map (sources relative to the script) both ways', async () => {
    const out = ts.transpileModule(source, {
      fileName: sourcePath,
      compilerOptions: { sourceMap: false, inlineSourceMap: true, module: ts.ModuleKind.CommonJS },
    });
    const dataUrl = /sourceMappingURL=(data:\S+)/.exec(out.outputText)![1]!;
    const map = await new SourceMapCache().load(pathToFileURL(sourcePath).href, dataUrl);
    expect(map?.sources).toEqual([sourcePath]);
    const generated = await map!.generatedFor([sourcePath], 6);
    const generatedLines = out.outputText.split('\n');
    expect(generatedLines[generated!.lineNumber]!.trim()).toBe('return sum;');
    expect(await map!.originalFor(generated!.lineNumber, generated!.columnNumber)).toMatchObject({
      path: sourcePath,
      line: 6,
    });
    // A line without mappings (blank) leads to the next line that has some.
    const fromBlank = await map!.generatedFor([sourcePath], 2);
    expect((await map!.originalFor(fromBlank!.lineNumber, fromBlank!.columnNumber))?.line).toBe(3);
  });

  it('reads a .map file next to the compiled script, with sourceRoot', async () => {
    const out = ts.transpileModule(source, {
      fileName: 'total.ts',
      compilerOptions: { sourceMap: true, module: ts.ModuleKind.CommonJS },
    });
    const distDir = path.join(scratch, 'dist');
    fs.mkdirSync(distDir, { recursive: true });
    const raw = JSON.parse(out.sourceMapText!) as { sources: string[]; sourceRoot?: string };
    raw.sources = ['total.ts'];
    raw.sourceRoot = '../src/';
    fs.writeFileSync(path.join(distDir, 'total.js.map'), JSON.stringify(raw));
    const map = await new SourceMapCache().load(pathToFileURL(path.join(distDir, 'total.js')).href, 'total.js.map');
    expect(map?.sources).toEqual([sourcePath]);
    expect(map?.covers([sourcePath])).toBe(true);
    expect(map?.covers([path.join(scratch, 'other.ts')])).toBe(false);
  });

  it('gives null for a map that cannot be read', async () => {
    expect(await new SourceMapCache().load('file:///nowhere/app.js', 'app.js.map')).toBeNull();
    expect(
      await new SourceMapCache().load('file:///nowhere/app.js', 'data:application/json;base64,bm90IGpzb24='),
    ).toBeNull();
  });
});
