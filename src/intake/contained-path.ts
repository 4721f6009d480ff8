// Files a repository names for bpdiff to write and read (a check's baseline, the baselines folder),
// kept inside that repository. `bpdiff check` runs over repositories their users cloned, in CI and on
// their machines: a committed baseline that is a symlink (dangling, or to ~/.bashrc), a `.bpdiff`
// folder that is one, or `"baseline": "../../escape.json"` would have bpdiff write (and -u rewrite)
// a file anywhere the user can write, and read /etc/passwd as a baseline. So such a path is taken only
// when it lies under its root with no symlink on the way (every component lstat-ed), is refused in one
// line naming it otherwise, and is written by a temporary file in its own folder, opened O_EXCL |
// O_NOFOLLOW, then renamed over the name (a rename replaces a name; it never writes through a link).
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { messages } from '../messages.js';

/** A path a repository names, and how messages name it. */
export interface ContainedName {
  /** `the baseline of check "pricing"`, `the baselines folder`. */
  what: string;
  /** The path as the user reads it (relative to where bpdiff runs when below it). */
  shown: string;
}

/**
 * The root a config's paths must stay in: the repository holding the config's folder (the nearest
 * folder at or above it with `.git`), else that folder itself.
 */
export function containmentRoot(configFile: string): string {
  return repositoryRoot(path.dirname(path.resolve(configFile)));
}

/**
 * The repository holding `folder` (the nearest folder at or above it with `.git`, a folder or a
 * linked worktree's file), else `folder` itself: where GitHub names a pull request's files from.
 */
export function repositoryRoot(folder: string): string {
  const dir = path.resolve(folder);
  for (let current = dir; ; current = path.dirname(current)) {
    if (fs.existsSync(path.join(current, '.git'))) return current;
    if (path.dirname(current) === current) return dir;
  }
}

/**
 * Throws the one-line refusal when `file` (absolute) lies outside `root`, or when any part of it
 * below `root` is a symlink, or a part on the way is no folder, or `kind` says what it must be and it
 * is something else. Parts that do not exist yet are fine: they will be made as real folders and files.
 */
export function checkContained(file: string, root: string, name: ContainedName, kind: 'file' | 'folder'): void {
  const relative = path.relative(root, path.resolve(file));
  if (
    relative === ''
      ? kind === 'file'
      : relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)
  ) {
    throw messages.containedOutside(name.what, name.shown, root);
  }
  const parts = relative === '' ? [] : relative.split(path.sep);
  let current = root;
  for (const [index, part] of parts.entries()) {
    current = path.join(current, part);
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(current);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return;
      throw messages.containedUnreadable(name.what, name.shown, error);
    }
    const last = index === parts.length - 1;
    if (stat.isSymbolicLink())
      throw messages.containedLink(name.what, name.shown, last ? null : current, linkTarget(current), root);
    if (!last && !stat.isDirectory()) throw messages.containedNotFolder(name.what, name.shown, current);
    if (last && kind === 'file' && !stat.isFile())
      throw messages.containedNotFile(name.what, name.shown, stat.isDirectory() ? 'a directory' : 'not a regular file');
    if (last && kind === 'folder' && !stat.isDirectory())
      throw messages.containedNotFolder(name.what, name.shown, current);
  }
}

/**
 * Writes `text` at `file` under `root`, atomically and without following a link: the folders on the
 * way made one by one (each checked again), a temporary file beside it, renamed over it. An existing
 * file keeps its mode; one without any write bit (a file the user protected) is refused.
 */
export function writeContained(file: string, text: string, root: string, name: ContainedName): void {
  checkContained(file, root, name, 'file');
  const dir = path.dirname(file);
  makeFolders(dir, root, name);
  checkContained(file, root, name, 'file');
  // A new file's mode is the umask's (0o666 at open); an existing one's is kept.
  let mode: number | null = null;
  try {
    mode = fs.lstatSync(file).mode & 0o7777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw messages.containedUnreadable(name.what, name.shown, error);
  }
  if (mode !== null && (mode & 0o222) === 0) throw messages.containedReadOnly(name.what, name.shown);
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let fd: number | null = null;
  try {
    fd = fs.openSync(
      temp,
      fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW,
      mode === null ? 0o666 : 0o600,
    );
    if (mode !== null) fs.fchmodSync(fd, mode);
    fs.writeFileSync(fd, text);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = null;
    fs.renameSync(temp, file);
  } catch (error) {
    if (fd !== null) fs.closeSync(fd);
    fs.rmSync(temp, { force: true });
    throw messages.containedNotWritable(name.what, name.shown, dir, error);
  }
}

/** Each missing folder from `root` down to `dir`, made as a real folder (never through a link). */
function makeFolders(dir: string, root: string, name: ContainedName): void {
  const parts = path
    .relative(root, dir)
    .split(path.sep)
    .filter((part) => part !== '');
  let current = root;
  for (const part of parts) {
    current = path.join(current, part);
    try {
      fs.mkdirSync(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        throw messages.containedNotWritable(name.what, name.shown, path.dirname(current), error);
    }
    const stat = fs.lstatSync(current);
    if (stat.isSymbolicLink()) throw messages.containedLink(name.what, name.shown, current, linkTarget(current), root);
    if (!stat.isDirectory()) throw messages.containedNotFolder(name.what, name.shown, current);
  }
}

function linkTarget(file: string): string | null {
  try {
    return fs.readlinkSync(file);
  } catch {
    return null;
  }
}
