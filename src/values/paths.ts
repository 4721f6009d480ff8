// A run's own folders in values: two checkouts of one project (or one project on two CI runners)
// hold the same paths under different roots, in argv[0], in a module's or a function's repr, in a
// file name an object keeps. Each run's working directory (and the root of the git work tree it is
// in) is written as a placeholder, so that only a real difference remains. Skipped with --raw-values.
import fs from 'node:fs';
import path from 'node:path';
import { setOwn } from '../core/own-record.js';
import type { ValueStep } from './types.js';

export const CWD_TOKEN = '<cwd>';
export const ROOT_TOKEN = '<root>';
export const COPY_TOKEN = '<copy>';
export const TMP_TOKEN = '<tmp>';

/**
 * The folders to write as placeholders for a run in `cwd`: the cwd, the git work tree's root when it
 * is another folder, `copy`, the folder of the run's own copy of the program when it lies outside
 * both (see copyFolders), and `tmp`, the temporary folder bpdiff gave the run (its TMPDIR).
 */
export function runPaths(
  cwd: string,
  copy: string | null = null,
  tmp: string | null = null,
): Array<{ path: string; token: string; what: string }> {
  const found: Array<{ path: string; token: string; what: string }> = [];
  const add = (folder: string, token: string, what: string): void => {
    for (const form of new Set([folder, realpath(folder)])) {
      // The file system's root stands for nothing of the run's own.
      if (form !== path.parse(form).root) found.push({ path: form, token, what });
    }
  };
  add(cwd, CWD_TOKEN, "the run's working directory");
  const root = workTreeRoot(cwd);
  if (root !== null && realpath(root) !== realpath(cwd)) add(root, ROOT_TOKEN, 'the root of its git work tree');
  if (copy !== null && !found.some((entry) => entry.path === copy || entry.path === realpath(copy)))
    add(copy, COPY_TOKEN, "the folder of the run's own copy of the program");
  if (tmp !== null) add(tmp, TMP_TOKEN, "the run's own temporary folder (its TMPDIR)");
  return found;
}

/** What copyFolders reads of a run: its cwd, its command and its breakpoint's absolute path. */
export interface RunPlace {
  cwd: string;
  argv: readonly string[];
  breakpointPath: string;
}

/**
 * Where each run's copy of the program lies, when the two runs name the same files in two places
 * (`/x/a/src/p.py` and `/x/b/src/p.py`: `/x/a` and `/x/b`): the breakpoint files first, then the
 * command's arguments that are paths (resolved against each run's cwd) at the same position. Two
 * paths that differ in more than their folders (another file name) say nothing; the same path in
 * both runs needs nothing. [null, null] when nothing says it.
 */
export function copyFolders(a: RunPlace, b: RunPlace): [string | null, string | null] {
  const pairs: Array<[string, string]> = [[a.breakpointPath, b.breakpointPath]];
  a.argv.forEach((arg, index) => {
    const other = b.argv[index];
    if (other !== undefined && arg.includes('/') && other.includes('/'))
      pairs.push([path.resolve(a.cwd, arg), path.resolve(b.cwd, other)]);
  });
  for (const [pathA, pathB] of pairs) {
    if (pathA === pathB) continue;
    const partsA = pathA.split('/');
    const partsB = pathB.split('/');
    let common = 0;
    while (
      common < Math.min(partsA.length, partsB.length) - 1 &&
      partsA[partsA.length - 1 - common] === partsB[partsB.length - 1 - common]
    )
      common++;
    if (common === 0) continue;
    const folderA = partsA.slice(0, partsA.length - common).join('/');
    const folderB = partsB.slice(0, partsB.length - common).join('/');
    if (folderA === '' || folderB === '') continue;
    return [folderA, folderB];
  }
  return [null, null];
}

function realpath(folder: string): string {
  try {
    return fs.realpathSync(folder);
  } catch {
    return folder;
  }
}

/** The nearest folder at or above `cwd` that holds `.git` (a folder, or a file for a linked worktree). */
function workTreeRoot(cwd: string): string | null {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return null;
  }
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type RunPath = ReturnType<typeof runPaths>[number];

/** The rules that write a run's folders as their placeholders, the longest folder first. */
function pathRules(paths: readonly RunPath[]): Array<RunPath & { regex: RegExp }> {
  // The longest first, so that the cwd inside the work tree wins over the tree's root; a path
  // counts only as a whole folder name (`/a/main` is not in `/a/main2`).
  return [...paths]
    .sort((x, y) => y.path.length - x.path.length)
    .map((entry) => ({ ...entry, regex: new RegExp(`${escape(entry.path)}(?=$|[^\\w.-])`, 'g') }));
}

/**
 * A text with the run's own folders written as their placeholders, as values are: what the program
 * writes (`reading /x/main/config.ini`) is compared so by a walk, so that two checkouts write alike.
 */
export function pathsInText(paths: readonly RunPath[]): (text: string) => string {
  const rules = pathRules(paths);
  return (text) => rules.reduce((next, rule) => next.replace(rule.regex, rule.token), text);
}

export const pathsStep: ValueStep = {
  name: 'run paths',
  apply(values, context) {
    const paths = context.runPaths ?? [];
    if (context.raw || paths.length === 0) return values;
    const rules = pathRules(paths);
    const variables: Record<string, string> = {};
    const changed: string[] = [];
    const used = new Set<string>();
    for (const [name, value] of Object.entries(values.variables)) {
      let next = value;
      for (const rule of rules) {
        const replaced = next.replace(rule.regex, rule.token);
        if (replaced !== next) used.add(rule.token);
        next = replaced;
      }
      setOwn(variables, name, next);
      if (next !== value) changed.push(name);
    }
    if (changed.length === 0) return values;
    const said = rules.filter((rule) => used.has(rule.token)).map((rule) => `${rule.token} for ${rule.what}`);
    const note = `paths inside the run's own folders are written ${[...new Set(said)].join(' and ')}, so that two checkouts compare equal (--raw-values shows them)`;
    return {
      ...values,
      variables,
      normalised: [...new Set([...values.normalised, ...changed])],
      notes: [...(values.notes ?? []), note],
    };
  },
};
