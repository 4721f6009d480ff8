// JSON as bpdiff writes every document (the result, a capture, a check's documents): 2-space indent
// and a trailing newline, the same bytes for stdout and a file.
import type { ComparisonResult, RunCapture } from '../core/types.js';

export function formatJson(document: ComparisonResult | RunCapture | Record<string, unknown>): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
