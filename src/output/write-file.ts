// -o FILE and --save-captures' capture files: written whole or not at all, and never at the cost of
// what was there. A regular file (or none) is replaced atomically: a temporary file beside it,
// fsync, rename, keeping the old file's mode (and owner, when root). A symlink is followed, so the
// link stays a link. A character device or FIFO (/dev/null, a tty, a named pipe) is written
// straight into, as a shell's `>` would. A directory, a socket, a block device, a read-only file or
// a path through a file is refused with a one-line message; checkOutputTarget says so up front,
// before a run that may take a minute, and writeOutputFile checks again when it writes.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { BpdiffError } from '../errors.js';
import { messages } from '../messages.js';

/** How the user named the file, for messages: `-o out.json`, or a capture file inside --save-captures. */
export interface OutputName {
  flag: '-o' | '--save-captures';
  /** The path as the user wrote it (for --save-captures: their folder joined with the file name). */
  file: string;
}

export type OutputTarget =
  /** Nothing there yet: created atomically at `path` (a dangling symlink's target, when there was one). */
  | { kind: 'create'; path: string }
  /** A regular file: replaced atomically at `path` (its real path), keeping `mode`, `uid` and `gid`. */
  | { kind: 'replace'; path: string; mode: number; uid: number; gid: number }
  /** A character device, a FIFO, or whatever /dev/stdout and /dev/fd/N lead to: opened and written into. */
  | { kind: 'stream'; path: string }
  | { kind: 'refuse'; reason: OutputRefusal; path: string; detail: string | null };

export type OutputRefusal =
  | 'directory'
  | 'read-only'
  | 'not-writable'
  | 'socket'
  | 'block-device'
  | 'folder-missing'
  | 'not-a-directory'
  | 'folder-not-writable'
  | 'symlink-loop';

// Like the kernel's limit on symlinks followed in one lookup.
const MAX_LINKS = 40;

/** What bpdiff would do with `file` (absolute): look only, touch nothing. */
export function inspectOutputTarget(file: string): OutputTarget {
  const followed = followLinks(path.resolve(file));
  if ('reason' in followed) return { kind: 'refuse', ...followed };
  const { target, stat, magic } = followed;
  const refuse = (reason: OutputRefusal, detail: string | null = null): OutputTarget => ({
    kind: 'refuse',
    reason,
    path: target,
    detail,
  });
  if (stat === null)
    return canWrite(path.dirname(target))
      ? { kind: 'create', path: target }
      : refuse('folder-not-writable', path.dirname(target));
  if (stat.isDirectory()) return refuse('directory');
  if (stat.isSocket()) return refuse('socket');
  if (stat.isBlockDevice()) return refuse('block-device');
  if (stat.isCharacterDevice() || stat.isFIFO())
    return canWrite(target)
      ? { kind: 'stream', path: target }
      : refuse('not-writable', `mode ${modeText(stat.mode)}, owner uid ${stat.uid}`);
  // A regular file. Root passes access(W_OK) on any file; a file with no write bit at all is still
  // one the user protected, and replacing it would undo that.
  if ((stat.mode & 0o222) === 0) return refuse('read-only', modeText(stat.mode));
  if (!canWrite(target)) return refuse('not-writable', `mode ${modeText(stat.mode)}, owner uid ${stat.uid}`);
  // /dev/stdout or /dev/fd/N on a file the shell opened (`> out`, `>> log`): write through that link,
  // appending, so the shell's file and whatever it already holds are kept.
  if (magic) return { kind: 'stream', path: target };
  if (!canWrite(path.dirname(target))) return refuse('folder-not-writable', path.dirname(target));
  return { kind: 'replace', path: target, mode: stat.mode & 0o7777, uid: stat.uid, gid: stat.gid };
}

/** Throws the one-line BpdiffError (exit 2) when bpdiff would refuse to write `file`. */
export function checkOutputTarget(file: string, name: OutputName = { flag: '-o', file }): OutputTarget {
  let target: OutputTarget;
  try {
    target = inspectOutputTarget(file);
  } catch (error) {
    throw messages.outputUnreachable(name.flag, name.file, error);
  }
  if (target.kind === 'refuse') throw refusal(target, file, name);
  return target;
}

/**
 * Writes `text` to `file` (absolute, or relative to process.cwd()) by the rules above. Throws only
 * BpdiffErrors (code BAD_OPTION, exit 2), with the original error as `cause`; on any failure a
 * regular target is left as it was and no temporary file is left behind.
 */
export function writeOutputFile(file: string, text: string, name: OutputName = { flag: '-o', file }): void {
  const target = checkOutputTarget(file, name);
  try {
    if (target.kind === 'stream') writeInto(target.path, text);
    else if (target.kind === 'create') replaceAtomically(target.path, text, null);
    else if (target.kind === 'replace') replaceAtomically(target.path, text, target);
  } catch (error) {
    throw messages.outputUnreachable(name.flag, name.file, error);
  }
}

/** The nearest ancestor of `file` that exists and is not a directory (why ENOTDIR), or null. */
export function nonDirectoryAncestor(file: string): string | null {
  let current = path.dirname(path.resolve(file));
  for (;;) {
    try {
      return fs.statSync(current).isDirectory() ? null : current;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return null;
      current = parent;
    }
  }
}

interface Followed {
  /** The final path: its folder has no symlinks left, and it is not a symlink (unless `magic`). */
  target: string;
  /** null when nothing is there (the file, or a dangling symlink's target, is absent). */
  stat: fs.Stats | null;
  /** Reached through /proc/<pid>/fd/N (what /dev/stdout and /dev/fd/N are): its stat is of the open file. */
  magic: boolean;
}

/**
 * Follows symlinks to the file they finally name, one link at a time, so that a dangling link's
 * target is known too. Each link is read relative to its folder's real path, as the kernel does.
 */
function followLinks(file: string): Followed | { reason: OutputRefusal; path: string; detail: string | null } {
  let current = file;
  for (let links = 0; links <= MAX_LINKS; links += 1) {
    const dir = path.dirname(current);
    let realDir: string;
    try {
      realDir = fs.realpathSync(dir);
      if (!fs.statSync(realDir).isDirectory()) return { reason: 'not-a-directory', path: current, detail: dir };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const blocker = code === 'ENOENT' || code === 'ENOTDIR' ? nonDirectoryAncestor(current) : null;
      if (blocker !== null) return { reason: 'not-a-directory', path: current, detail: blocker };
      if (code === 'ENOENT') return { reason: 'folder-missing', path: current, detail: dir };
      if (code === 'ELOOP') return { reason: 'symlink-loop', path: current, detail: dir };
      throw error;
    }
    current = path.join(realDir, path.basename(current));
    let lstat: fs.Stats;
    try {
      lstat = fs.lstatSync(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { target: current, stat: null, magic: false };
      throw error;
    }
    if (!lstat.isSymbolicLink()) return { target: current, stat: lstat, magic: false };
    // /proc/<pid>/fd/N reads as "pipe:[123]" or a file's path, but opening it reopens what the fd holds.
    if (realDir === '/proc' || realDir.startsWith('/proc/'))
      return { target: current, stat: fs.statSync(current), magic: true };
    current = path.resolve(realDir, fs.readlinkSync(current));
  }
  return { reason: 'symlink-loop', path: file, detail: null };
}

function refusal(target: Extract<OutputTarget, { kind: 'refuse' }>, file: string, name: OutputName): BpdiffError {
  // Name where a symlink led: the user may not know that the name they gave is a link.
  const real = isSymlink(path.resolve(file)) ? target.path : null;
  switch (target.reason) {
    case 'directory':
      return messages.outputIsDirectory(name.flag, name.file, real);
    case 'read-only':
      return messages.outputReadOnly(name.flag, name.file, real, target.detail);
    case 'not-writable':
      return messages.outputNotWritable(name.flag, name.file, real, target.detail);
    case 'socket':
      return messages.outputIsSocket(name.flag, name.file, real);
    case 'block-device':
      return messages.outputIsBlockDevice(name.flag, name.file, real);
    case 'folder-missing':
      return messages.outputFolderMissing(name.flag, name.file, target.detail ?? path.dirname(target.path));
    case 'not-a-directory':
      return messages.outputThroughNonDirectory(name.flag, name.file, target.detail ?? path.dirname(target.path));
    case 'folder-not-writable':
      return messages.outputFolderNotWritable(name.flag, name.file, target.detail ?? path.dirname(target.path));
    case 'symlink-loop':
      return messages.outputSymlinkLoop(name.flag, name.file);
  }
}

/** Into a device or pipe: no temporary file, no rename. Appending keeps what a shell's `>>` file holds. */
function writeInto(target: string, text: string): void {
  // No O_CREAT: if the device or pipe went away meanwhile, fail rather than leave a regular file.
  const fd = fs.openSync(target, fs.constants.O_WRONLY | fs.constants.O_APPEND | fs.constants.O_NOCTTY);
  try {
    fs.writeFileSync(fd, text);
  } finally {
    fs.closeSync(fd);
  }
}

function replaceAtomically(target: string, text: string, old: { mode: number; uid: number; gid: number } | null): void {
  const dir = path.dirname(target);
  const temp = path.join(dir, `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let fd: number | null = null;
  try {
    fd = fs.openSync(temp, 'wx', old === null ? 0o666 : 0o600);
    if (old !== null) {
      // chown before chmod: chown clears set-id bits. Only root may give a file away.
      if (process.getuid?.() === 0) fs.fchownSync(fd, old.uid, old.gid);
      fs.fchmodSync(fd, old.mode);
    }
    fs.writeFileSync(fd, text);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = null;
    fs.renameSync(temp, target);
  } catch (error) {
    if (fd !== null) fs.closeSync(fd);
    fs.rmSync(temp, { force: true });
    throw error;
  }
  syncFolder(dir);
}

/** Makes the rename itself durable; some filesystems cannot fsync a folder, and the file is in place anyway. */
function syncFolder(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // best effort
  }
}

function isSymlink(file: string): boolean {
  try {
    return fs.lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Whether this user may write `file` (a folder: create files in it). */
export function canWrite(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function modeText(mode: number): string {
  return `0${(mode & 0o777).toString(8)}`;
}
