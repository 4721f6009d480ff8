// The json writer: the result document, as bpdiff writes every document (report/json.ts).
import type { Report } from '../report/report.js';
import { formatJson } from '../report/json.js';

export const writeJson = (report: Report): string => formatJson(report.document);
