// Every file bpdiff reads on a user's word (a capture, a baseline, a config, an adapter definition,
// a --stdin file, a source file for the line map) is read here, within bounds: it must be a regular
// file once links are followed, no larger than the input limit, and it is read up to that limit
// only. A symlink to /dev/zero would otherwise grow bpdiff by gigabytes a minute, and a FIFO with no
// writer would block it for ever. The limit is --max-input-bytes (the config key max_input_bytes).
import fs from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { messages } from './messages.js';
import { DEFAULT_CAPTURE_OPTIONS } from './core/types.js';

/**
 * The default input limit, 64 MiB (--max-input-bytes; at most 512 MiB, as Node.js holds a string of
 * at most 2^29 - 24 characters): well above a capture of --max-variables 20000 values (~20 MB).
 */
export const DEFAULT_MAX_INPUT_BYTES = DEFAULT_CAPTURE_OPTIONS.limits.max_input_bytes;
export const MAX_INPUT_BYTES_LIMIT = 512 * 1024 * 1024;

export interface BoundedRead {
  text: string;
  /** How many byte sequences were not UTF-8 (each read as U+FFFD); 0 for a valid file. */
  invalidUtf8: number;
}

/** How a file is named in a message: what it is for, and the path as the user gave it. */
export interface InputName {
  /** "run capture", "config", "--stdin-a", "--adapter-config", "breakpoint file"... */
  what: string;
  /** The path as given (the message names it so). */
  file: string;
}

/**
 * The file at `resolved`, as text. Opened without blocking (a FIFO with no writer opens at once) and
 * checked on the open descriptor, so a file swapped after a check is still checked.
 */
export function readBoundedText(
  resolved: string,
  name: InputName,
  limit: number = DEFAULT_MAX_INPUT_BYTES,
): BoundedRead {
  let fd: number;
  try {
    fd = fs.openSync(resolved, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | fs.constants.O_NOCTTY);
  } catch (error) {
    // A socket cannot be opened at all (ENXIO): said as what it is, as any other file that is not a file.
    if ((error as NodeJS.ErrnoException).code === 'ENXIO') checkStat(fs.statSync(resolved), resolved, name, limit);
    throw error;
  }
  try {
    const stat = fs.fstatSync(fd);
    checkStat(stat, resolved, name, limit);
    const bytes = readUpTo(fd, name, limit, stat.size);
    const valid = isUtf8(bytes);
    return { text: bytes.toString('utf8'), invalidUtf8: valid ? 0 : countInvalid(bytes) };
  } finally {
    fs.closeSync(fd);
  }
}

/** A regular file no larger than `limit`, else the one-line error that says what it is. */
export function checkInputStat(
  stat: fs.Stats,
  resolved: string,
  name: InputName,
  limit: number = DEFAULT_MAX_INPUT_BYTES,
): void {
  checkStat(stat, resolved, name, limit);
}

function checkStat(stat: fs.Stats, resolved: string, name: InputName, limit: number): void {
  if (stat.isDirectory()) throw messages.inputIsDirectory(name.what, name.file);
  if (!stat.isFile())
    throw messages.inputNotRegularFile(name.what, name.file, describeFileKind(stat), linkTarget(resolved, name.file));
  if (stat.size > limit) throw messages.inputTooLarge(name.what, name.file, stat.size, limit);
}

/** Reads to the end, but never more than `limit` bytes: a file that grows while it is read is refused too. */
function readUpTo(fd: number, name: InputName, limit: number, size: number): Buffer {
  let buffer = Buffer.allocUnsafe(Math.min(Math.max(size, 4096), limit) + 1);
  let used = 0;
  for (;;) {
    if (used === buffer.length) {
      if (used > limit) throw messages.inputTooLarge(name.what, name.file, null, limit);
      const larger = Buffer.allocUnsafe(Math.min(buffer.length * 2, limit + 1));
      buffer.copy(larger, 0, 0, used);
      buffer = larger;
    }
    let read: number;
    try {
      read = fs.readSync(fd, buffer, used, buffer.length - used, null);
    } catch (error) {
      // A regular file never says EAGAIN; should one (a FUSE file), it is read as what it gave so far.
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') break;
      throw error;
    }
    if (read === 0) break;
    used += read;
  }
  if (used > limit) throw messages.inputTooLarge(name.what, name.file, null, limit);
  return buffer.subarray(0, used);
}

/** 'directory', 'FIFO (named pipe)', ...: what a path is, for messages about files that are not regular files. */
export function describeFileKind(stat: fs.Stats): string {
  if (stat.isFile()) return 'regular file';
  if (stat.isDirectory()) return 'directory';
  if (stat.isFIFO()) return 'FIFO (named pipe)';
  if (stat.isSocket()) return 'socket';
  if (stat.isCharacterDevice()) return 'character device';
  if (stat.isBlockDevice()) return 'block device';
  if (stat.isSymbolicLink()) return 'symlink';
  return 'special file';
}

/** Where a path given through symlinks leads (`/dev/zero`), when that is not the path itself. */
function linkTarget(resolved: string, given: string): string | null {
  try {
    const real = fs.realpathSync(resolved);
    return real === resolved || real === given ? null : real;
  } catch {
    return null;
  }
}

/** The number of maximal invalid sequences, as TextDecoder replaces them (each one U+FFFD). */
function countInvalid(bytes: Buffer): number {
  const decoded = new TextDecoder('utf-8').decode(bytes);
  let replaced = 0;
  for (let at = decoded.indexOf('\uFFFD'); at !== -1; at = decoded.indexOf('\uFFFD', at + 1)) replaced++;
  // A U+FFFD the file held as valid UTF-8 (EF BF BD) is no replacement.
  let genuine = 0;
  for (let at = bytes.indexOf('\uFFFD', 0, 'utf8'); at !== -1; at = bytes.indexOf('\uFFFD', at + 3, 'utf8')) genuine++;
  return Math.max(1, replaced - genuine);
}
