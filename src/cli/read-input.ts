import fs from 'node:fs';
import path from 'node:path';
import { messages } from './messages.js';

/** A file named on the command line, as text; a missing or unreadable one is a one-line error. */
export function readInputText(what: string, file: string, cwd: string): string {
  try {
    return fs.readFileSync(path.resolve(cwd, file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw messages.fileNotFound(what, file);
    throw messages.fileUnreadable(what, file, error);
  }
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

/** `-o FILE` made absolute, after checking its folder exists (so a long run never ends unable to write). */
export function resolveOutputFile(outputFile: string | null, cwd: string): string | null {
  if (outputFile === null) return null;
  const resolved = path.resolve(cwd, outputFile);
  if (!isDirectory(path.dirname(resolved))) throw messages.outputDirMissing(outputFile, path.dirname(resolved));
  return resolved;
}
