import fs from 'node:fs';

/** The text of line `line` (1-based) of `file`, or null when the file or the line is not there. */
export function readSourceLine(file: string | null, line: number): string | null {
  if (file === null) return null;
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const lines = text.split(/\r?\n/);
  const found = lines[line - 1];
  return found === undefined ? null : found;
}
