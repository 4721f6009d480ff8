// The text of one source line, for the document's breakpoint: read bounded, never the whole file.
import { DEFAULT_MAX_INPUT_BYTES, readBoundedText } from '../read-bounded.js';

/**
 * The text of line `line` (1-based) of `file`, or null when the file or the line is not there, or
 * the file is no regular file within `maxBytes` (--max-input-bytes): the context goes without it.
 */
export function readSourceLine(
  file: string | null,
  line: number,
  maxBytes: number = DEFAULT_MAX_INPUT_BYTES,
): string | null {
  if (file === null) return null;
  let text: string;
  try {
    text = readBoundedText(file, { what: 'source file', file }, maxBytes).text;
  } catch {
    return null;
  }
  const lines = text.split(/\r?\n/);
  const found = lines[line - 1];
  return found === undefined ? null : found;
}
