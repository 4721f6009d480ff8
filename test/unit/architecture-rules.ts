// The house's floors, from the ground up, and the imports that must never exist: the plan that
// architecture.test.ts holds the code to. A file imports files of its own floor or below.
import path from 'node:path';

export interface Floor {
  name: string;
  /** Paths from the repository's root, with `/`. */
  holds: RegExp[];
}

export const FLOORS: readonly Floor[] = [
  {
    name: 'ground: errors and where bpdiff lives',
    holds: [/^src\/(errors|package-root|run-time-import|cache-dir|load-ajv|load-re2js|bound-message)\.ts$/],
  },
  {
    name: 'words, the pure core, processes, the trace, bounded reads',
    holds: [
      /^src\/(messages|message-parts|file-messages|progress-words)\.ts$/,
      /^src\/json-problem\.ts$/,
      /^src\/read-bounded\.ts$/,
      /^src\/core\//,
      /^src\/process\//,
      /^src\/trace\//,
    ],
  },
  { name: 'DAP and the adapter contract', holds: [/^src\/dap\//, /^src\/adapters\//] },
  { name: 'redaction', holds: [/^src\/redact\//] },
  { name: 'values and the debug session', holds: [/^src\/values\//, /^src\/session\//] },
  { name: "the built-in adapters' own code", holds: [/^adapters\/[^/]+\/.+$/] },
  { name: "the built-in adapters' hooks table", holds: [/^adapters\/[^/]+\.ts$/] },
  { name: 'capture and report', holds: [/^src\/capture\//, /^src\/report\//] },
  { name: 'writers', holds: [/^src\/output\//] },
  { name: 'the walks: hits by stops or streamed, lines by steps or streamed', holds: [/^src\/walk\//] },
  { name: 'run orchestration', holds: [/^src\/run\//] },
  { name: 'options, config and intake', holds: [/^src\/options\//, /^src\/config\//, /^src\/intake\//] },
  { name: 'the library', holds: [/^src\/library\//] },
  { name: 'front doors', holds: [/^src\/cli\//, /^src\/mcp\//] },
  { name: 'the package face', holds: [/^src\/index\.ts$/] },
  { name: "the package's entry: the library, the command and the built-in hooks registered", holds: [/^entry\//] },
];

export function floorOf(file: string): number | null {
  const index = FLOORS.findIndex((floor) => floor.holds.some((pattern) => pattern.test(file)));
  return index === -1 ? null : index;
}

export interface NeverRule {
  from: RegExp;
  to: RegExp;
  why: string;
}

export const NEVER: readonly NeverRule[] = [
  {
    from: /^src\/core\//,
    to: /^src\/(values|redact|output|cli)\//,
    why: 'the pure core knows no value rule, secret, writer or command line',
  },
  {
    from: /^(?!src\/cli\/|entry\/)/,
    to: /^src\/cli\//,
    why: "only the command line (and the package's entry, which runs it) imports the command line: the library and the MCP server stand beside it, not on it",
  },
  {
    from: /^src\//,
    to: /^adapters\//,
    why: "bpdiff's code never imports the adapters built on it (the package's entry registers their hooks)",
  },
  {
    from: /^src\/walk\//,
    to: /^src\/run\//,
    why: 'a walk asks a run only what src/walk/walk-run.ts says: the run orchestration stands on the walks, never under them',
  },
  { from: /^src\/mcp\//, to: /^src\/(run|capture|session|dap)\//, why: 'the MCP server goes through the library' },
];

export interface ImportEdge {
  from: string;
  to: string;
  kind: 'import';
}

/**
 * The files `file` imports by a relative path: `import`, `import type`, `export ... from`, a bare
 * `import './x.js'` and `import('./x.js')`, each as the absolute .ts path it names.
 */
export function importsOf(file: string, text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.{1,2}\/[^']+)'/gms,
    /^\s*import\s+'(\.{1,2}\/[^']+)'/gm,
    /\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g,
  ];
  const hits: Array<{ at: number; spec: string }> = [];
  for (const pattern of patterns)
    for (const match of text.matchAll(pattern)) hits.push({ at: match.index, spec: match[1]! });
  hits.sort((a, b) => a.at - b.at);
  for (const { spec } of hits)
    found.push(
      path.resolve(
        path.dirname(file),
        spec
          .replace(/\.js$/, '.ts')
          .replace(/\.mjs$/, '.mts')
          .replace(/\.cjs$/, '.cts'),
      ),
    );
  return found;
}
