// The house rules that keep each feature to a few files: no source file over about 400 lines unless
// it says why at its top, and no import cycle among bpdiff's own modules.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAX_LINES = 400;
/** The comment a longer file carries in its first lines. */
const LONG_FILE_REASON = /^\/\/ Longer than 400 lines because /m;

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'fixtures', 'dist'].includes(entry.name)) files.push(...sourceFiles(full));
    } else if (/\.(ts|mts|cts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      files.push(full);
    }
  }
  return files;
}

const FILES = [...sourceFiles(path.join(ROOT, 'src')), ...sourceFiles(path.join(ROOT, 'adapters'))];

/** Relative imports that load a module at run time (`import type` and dynamic imports do not). */
function runtimeImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm)) {
    const target = path.resolve(path.dirname(file), match[1]!.replace(/\.js$/, '.ts').replace(/\.mjs$/, '.mts'));
    if (fs.existsSync(target)) found.push(target);
  }
  return found;
}

describe('the source tree', () => {
  it(`has no file over ${MAX_LINES} lines that does not say why`, () => {
    const long = FILES.filter((file) => {
      const text = fs.readFileSync(file, 'utf8');
      const lines = text.split('\n').length;
      return lines > MAX_LINES && !LONG_FILE_REASON.test(text.split('\n').slice(0, 12).join('\n'));
    });
    expect(long.map((file) => path.relative(ROOT, file))).toEqual([]);
  });

  it('has no import cycle', () => {
    const graph = new Map(FILES.map((file) => [file, runtimeImports(file)]));
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string): void => {
      state.set(file, 'open');
      stack.push(file);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(ROOT, f)).join(' -> '));
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of FILES) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });
});
