// The guides (README.md, CONTRIBUTING.md, docs/*.md) point at the rooms as they are: every path of the
// repository they name exists, and a name they place in a file (`BUILTIN_HOOKS` (`adapters/builtin-hooks.ts`))
// is in that file. A move or a rename that leaves a guide behind fails here.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GUIDES = [
  'README.md',
  'CONTRIBUTING.md',
  ...fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The repository's top folders whose paths the guides name (dist/ is built, not kept). */
const PATH = /(?<![\w./-])((?:src|adapters|test|docs|schema|scripts|examples|bench|entry)\/[\w./-]*[\w/])(:\d+)?/g;

/** A placeholder (`adapters/<id>/`, `test/*.ts`, `code-….bin`), not a path. */
const isPattern = (name: string): boolean => /[<>*…{}$]|\.\.\./.test(name);

/**
 * The paths `text` names, each with the folders it may be found from: the repository's root, or the
 * guide's folder for a link; inside a fenced block, also the example projects the guide names (a
 * command or a config shown there is run in one: `python3 src/pricing.py`). A FILE:LINE is a
 * breakpoint in the reader's own program, not a path of this repository.
 */
function namedPaths(
  guide: string,
  text: string,
  isDir: (name: string) => boolean = (name) =>
    fs.statSync(path.join(ROOT, name), { throwIfNoEntry: false })?.isDirectory() ?? false,
): Array<{ name: string; from: string[] }> {
  const named: Array<{ name: string; from: string[]; fenced?: boolean }> = [];
  for (const link of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
    if (!/^[a-z]+:/.test(link[1]!)) named.push({ name: link[1]!, from: [path.dirname(guide)] });
  }
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    else
      for (const match of line.matchAll(PATH))
        if (match[2] === undefined) named.push({ name: match[1]!, from: ['.'], fenced });
  }
  const projects = [
    ...new Set(
      named
        .filter(({ name }) => name.startsWith('examples/'))
        .map(({ name }) => (isDir(name) ? name.replace(/\/$/, '') : path.dirname(name))),
    ),
  ];
  return named
    .filter(({ name }) => !isPattern(name))
    .map(({ name, from, fenced: inBlock }) => ({ name, from: inBlock ? [...from, ...projects] : from }));
}

describe('the guides', () => {
  it('name only paths of the repository that exist', () => {
    const missing: string[] = [];
    for (const guide of GUIDES) {
      for (const { name, from } of namedPaths(guide, fs.readFileSync(path.join(ROOT, guide), 'utf8'))) {
        if (!from.some((dir) => fs.existsSync(path.join(ROOT, dir, name)))) missing.push(`${guide}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('place each name they place in a file in that file', () => {
    const wrong: string[] = [];
    for (const guide of GUIDES) {
      const text = fs.readFileSync(path.join(ROOT, guide), 'utf8');
      for (const [, name, file] of text.matchAll(
        /`([A-Za-z_]\w*)(?:\(\))?` \(`((?:src|adapters|scripts|entry|test)\/[^`]+\.\w+)`/g,
      )) {
        if (!fs.readFileSync(path.join(ROOT, file!), 'utf8').includes(name!))
          wrong.push(`${guide}: ${name} is not in ${file}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a path, a link, a placeholder, a breakpoint and a command in an example project are told apart', () => {
    const text = [
      'see [the adapter](../adapters/node/README.md) and `src/cli/bin.ts`, `adapters/<id>/`, `src/app.py:40`, `examples/ci/project/bpdiff.config.json`',
      '```sh',
      'python3 src/pricing.py',
      '```',
      'src/x.ts',
    ].join('\n');
    expect(namedPaths('docs/x.md', text, () => false)).toEqual([
      { name: '../adapters/node/README.md', from: ['docs'] },
      { name: 'src/cli/bin.ts', from: ['.'] },
      { name: 'examples/ci/project/bpdiff.config.json', from: ['.'] },
      { name: 'src/pricing.py', from: ['.', 'examples/ci/project'] },
      { name: 'src/x.ts', from: ['.'] },
    ]);
  });
});
