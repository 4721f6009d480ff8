// The house rules that keep each feature to a few files: no source file over about 400 lines unless
// it says why at its top; no import circle among bpdiff's own modules; every import runs from a floor
// to one below it (or along its own floor), never up; and a short list of imports that must never
// exist. Every kind of import counts: `import`, `import type`, `export ... from`, and `import()`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf, FLOORS, floorOf, NEVER, type ImportEdge } from './architecture-rules.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAX_LINES = 400;
/** The comment a longer file carries in its first lines. */
const LONG_FILE_REASON = /^\/\/ Longer than 400 lines because /m;

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'fixtures', 'dist', '__pycache__', 'test'].includes(entry.name))
        files.push(...sourceFiles(full));
    } else if (
      /\.(ts|mts|cts)$/.test(entry.name) &&
      !entry.name.endsWith('.d.ts') &&
      !entry.name.endsWith('.test.ts')
    ) {
      files.push(full);
    }
  }
  return files;
}

const FILES = [
  ...sourceFiles(path.join(ROOT, 'src')),
  ...sourceFiles(path.join(ROOT, 'adapters')),
  ...sourceFiles(path.join(ROOT, 'entry')),
];
const rel = (file: string): string => path.relative(ROOT, file).split(path.sep).join('/');
const EDGES: ImportEdge[] = FILES.flatMap((file) =>
  importsOf(file, fs.readFileSync(file, 'utf8')).map((to) => ({
    from: rel(file),
    to: rel(to),
    kind: 'import' as const,
  })),
).filter((edge) => fs.existsSync(path.join(ROOT, edge.to)));

describe('the source tree', () => {
  it(`has no file over ${MAX_LINES} lines that does not say why`, () => {
    const long = FILES.filter((file) => {
      const text = fs.readFileSync(file, 'utf8');
      const lines = text.split('\n').length;
      return lines > MAX_LINES && !LONG_FILE_REASON.test(text.split('\n').slice(0, 12).join('\n'));
    });
    expect(long.map(rel)).toEqual([]);
  });

  it('reads imports of every kind, type-only and dynamic ones too', () => {
    const text = [
      "import type { A } from './a.js';",
      "import { type B } from '../b.js';",
      "export { C } from './c.js';",
      "const d = await import('./d.js');",
      "export * from './e.js';",
      "import './f.js';",
    ].join('\n');
    const found = importsOf('/x/src/m.ts', text).map((file) => path.basename(file));
    expect(found).toEqual(['a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts', 'f.ts']);
  });

  it('places every source file on a floor', () => {
    expect(FILES.map(rel).filter((file) => floorOf(file) === null)).toEqual([]);
  });

  it('has no import circle', () => {
    const graph = new Map<string, string[]>();
    for (const edge of EDGES) graph.set(edge.from, [...(graph.get(edge.from) ?? []), edge.to]);
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string): void => {
      state.set(file, 'open');
      stack.push(file);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].join(' -> '));
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of FILES.map(rel)) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  it('has no import from a lower floor to a higher one', () => {
    const up = EDGES.filter((edge) => (floorOf(edge.to) ?? 0) > (floorOf(edge.from) ?? Infinity)).map(
      (edge) =>
        `${edge.from} (floor ${floorOf(edge.from)}: ${FLOORS[floorOf(edge.from)!]!.name}) -> ${edge.to} (floor ${floorOf(edge.to)}: ${FLOORS[floorOf(edge.to)!]!.name})`,
    );
    expect(up).toEqual([]);
  });

  it('has none of the imports that must never exist', () => {
    const broken = NEVER.flatMap((rule) =>
      EDGES.filter((edge) => rule.from.test(edge.from) && rule.to.test(edge.to)).map(
        (edge) => `${edge.from} -> ${edge.to}: ${rule.why}`,
      ),
    );
    expect(broken).toEqual([]);
  });
});
