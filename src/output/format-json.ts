// The JSON writer: 2-space indent and a trailing newline, the same bytes for stdout and -o FILE.
import type { ComparisonResult, RunCapture } from '../core/types.js';
import type { Report } from '../report/report.js';

export function formatJson(document: ComparisonResult | RunCapture | Record<string, unknown>): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The json writer: the result document. */
export const writeJson = (report: Report): string => formatJson(report.document);
