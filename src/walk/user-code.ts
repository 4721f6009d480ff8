// Which lines of a run are the user's: the lines a locate walk compares. By default, the files under
// the run's working directory, and under the folder of a file its command names (`python3
// ../tools/fix.py data.csv`), that are not someone else's code installed there (node_modules,
// site-packages, a virtualenv, vendored packages); `--within GLOB` narrows them further. Code elsewhere
// (the standard library, Go's runtime, a frame without source: code without debug info) is not.
import path from 'node:path';
import { globMatcher } from '../core/glob.js';
import { projectRoot } from './project-root.js';

/** What a stop's file is to the walk: a line it compares, user code it steps through, or code it steps out of. */
export type CodeKind = 'counted' | 'user' | 'library';

/** Folders that hold code installed into the project, not written in it. */
const INSTALLED = new Set([
  'node_modules',
  'site-packages',
  'dist-packages',
  '.venv',
  'venv',
  '__pypackages__',
  'vendor',
  '.cargo',
  '.git',
]);

export class UserCode {
  private readonly within: Array<(text: string) => boolean>;
  private readonly known = new Map<string, CodeKind>();
  /** Whether any stop of the run was in a file --within matches (null: no --within given). */
  private sawWithin: boolean | null;

  /** The folders whose files are the user's: the first is the run's working directory, which --within's globs are written from. */
  private readonly roots: string[];

  constructor(roots: string | readonly string[], within: readonly string[]) {
    this.roots = typeof roots === 'string' ? [roots] : [...roots];
    this.within = within.map((glob) => globMatcher(glob));
    this.sawWithin = within.length > 0 ? false : null;
  }

  /** A folder of the user's code found on the way (where the program's own code starts). */
  addRoot(folder: string): void {
    if (this.roots.includes(folder)) return;
    this.roots.push(folder);
    this.known.clear();
  }

  /** Where the walk starts: its file's project is the user's; a frame there without a source is noted, for the message that no code was reached. */
  enter(top: { path: string | null; name: string }): void {
    if (top.path !== null) this.addEntry(top.path);
    else if (this.sourceless.length < 5 && !this.sourceless.includes(top.name)) this.sourceless.push(top.name);
  }

  /** The functions the walk started in whose source was not found (Java's Records.main run from another folder; a binary without -g). */
  readonly sourceless: string[] = [];

  /** The file where the program's own code starts: its folder, and the project that holds it (project-root.ts), are the user's. */
  addEntry(file: string): void {
    this.addRoot(path.dirname(file));
    this.addRoot(projectRoot(file));
  }

  /** The folders whose files are the user's (an adapter's step stream counts the lines there). */
  folders(): string[] {
    return [...this.roots];
  }

  private get root(): string {
    return this.roots[0]!;
  }

  classify(file: string | null): CodeKind {
    if (file === null || !path.isAbsolute(file)) return 'library';
    let kind = this.known.get(file);
    if (kind === undefined) {
      kind = this.kindOf(file);
      // One entry per file the run ever stops in: bounded by the program's code, not by the steps.
      this.known.set(file, kind);
    }
    if (kind === 'counted' && this.sawWithin === false) this.sawWithin = true;
    return kind;
  }

  /** False when --within was given and no stop was ever in a file it matches. */
  get withinMatched(): boolean {
    return this.sawWithin !== false;
  }

  /** The files the run stopped in that were user code, for a message (at most `most`). */
  userFiles(most = 5): string[] {
    return [...this.known]
      .filter(([, kind]) => kind !== 'library')
      .slice(0, most)
      .map(([file]) => path.relative(this.root, file));
  }

  private kindOf(file: string): CodeKind {
    const under = this.roots
      .map((root) => path.relative(root, file))
      .find((relative) => relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative));
    if (under === undefined) return 'library';
    if (under.split(path.sep).some((part) => INSTALLED.has(part))) return 'library';
    const relative = path.relative(this.root, file);
    if (this.within.length === 0) return 'counted';
    // From the run's folder, or from the folder of the user's code that holds it (a project elsewhere).
    const paths = [...new Set([relative, under])].map((text) => text.split(path.sep).join('/'));
    return this.within.some((matches) => paths.some((text) => matches(text)) || matches(file)) ? 'counted' : 'user';
  }
}
