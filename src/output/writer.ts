// What a writer is: a function from the report to the text of one output format.
import type { Report } from '../report/report.js';

export interface WriterOptions {
  /** ANSI colour (a terminal, NO_COLOR unset); writers for files and machines ignore it. */
  color: boolean;
}

export type Writer = (report: Report, options: WriterOptions) => string;
