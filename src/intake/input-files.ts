// Paths named on the command line, checked before anything starts: a file to read must be a file
// (and the message says what it is when it is not), and -o / --save-captures must be somewhere
// bpdiff can write without destroying anything (output/write-file.ts), so a run that may take a
// minute never ends unable to write.
import fs from 'node:fs';
import path from 'node:path';
import { messages } from '../messages.js';
import { canWrite, checkOutputTarget, nonDirectoryAncestor } from '../output/write-file.js';
import { checkInputStat, DEFAULT_MAX_INPUT_BYTES, readBoundedText, type BoundedRead } from '../read-bounded.js';
import { BpdiffError } from '../errors.js';

/**
 * A file named on the command line, as text; a missing or unreadable one is a one-line error, and so
 * is one that is no regular file (a FIFO, a device: /dev/zero would never end) or is larger than
 * `maxBytes` (--max-input-bytes). `invalidUtf8` counts what was not UTF-8 (read as U+FFFD).
 */
export function readInputText(
  what: string,
  file: string,
  cwd: string,
  maxBytes: number = DEFAULT_MAX_INPUT_BYTES,
): BoundedRead {
  const resolved = path.resolve(cwd, file);
  try {
    return readBoundedText(resolved, { what, file }, maxBytes);
  } catch (error) {
    if (error instanceof BpdiffError) throw error;
    throw notReadable(what, file, resolved, error);
  }
}

/**
 * A file given to a flag (--stdin-a, --adapter-config ...), made absolute after checking it is a
 * regular file no larger than `maxBytes`; `flag` is the flag's name without dashes.
 */
export function resolveInputFile(
  flag: string,
  file: string,
  cwd: string,
  maxBytes: number = DEFAULT_MAX_INPUT_BYTES,
): string {
  const resolved = path.resolve(cwd, file);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(resolved);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      const blocker = nonDirectoryAncestor(resolved);
      if (blocker !== null) throw messages.inputThroughNonDirectory(`--${flag}`, file, blocker);
      throw messages.optionFileMissing(flag, file);
    }
    throw messages.fileUnreadable(`--${flag}`, file, error);
  }
  checkInputStat(stat, resolved, { what: `--${flag}`, file }, maxBytes);
  return resolved;
}

export function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export function isDirectory(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/**
 * `-o FILE` made absolute, after checking bpdiff may write there: a new or writable regular file in
 * a writable folder (through symlinks), a character device or a FIFO. Anything else is refused here.
 */
export function resolveOutputFile(outputFile: string | null, cwd: string): string | null {
  if (outputFile === null) return null;
  const resolved = path.resolve(cwd, outputFile);
  checkOutputTarget(resolved, { flag: '-o', file: outputFile });
  return resolved;
}

/** The files --save-captures writes into its folder. */
export const CAPTURE_FILES = ['capture-a.json', 'capture-b.json'] as const;

/**
 * `--save-captures DIR` made absolute: an existing folder whose capture files can be written, or a
 * new folder (created when the captures are saved) whose parent exists and is writable.
 */
export function resolveCapturesDir(dir: string | null, cwd: string): string | null {
  if (dir === null) return null;
  const resolved = path.resolve(cwd, dir);
  if (isDirectory(resolved)) {
    for (const name of CAPTURE_FILES)
      checkOutputTarget(path.join(resolved, name), { flag: '--save-captures', file: path.join(dir, name) });
    return resolved;
  }
  if (fs.existsSync(resolved)) throw messages.saveCapturesNotDirectory(dir);
  const blocker = nonDirectoryAncestor(resolved);
  if (blocker !== null) throw messages.saveCapturesThroughNonDirectory(dir, blocker);
  const parent = path.dirname(resolved);
  if (!isDirectory(parent)) throw messages.saveCapturesParentMissing(dir, parent);
  if (!canWrite(parent)) throw messages.saveCapturesNotWritable(dir, parent);
  return resolved;
}

function notReadable(what: string, file: string, resolved: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EISDIR') return messages.inputIsDirectory(what, file);
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    const blocker = nonDirectoryAncestor(resolved);
    return blocker === null
      ? messages.fileNotFound(what, file)
      : messages.inputThroughNonDirectory(what, file, blocker);
  }
  return messages.fileUnreadable(what, file, error);
}
