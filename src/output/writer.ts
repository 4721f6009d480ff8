// What a writer is: a function from the report to the text of one output format.
import type { Report } from '../report/report.js';

export interface WriterOptions {
  /** ANSI colour (a terminal, NO_COLOR unset); writers for files and machines ignore it. */
  color: boolean;
  /**
   * The output is put together with others' (bpdiff check's several checks), which then applies
   * what holds for the whole: the github writer's limit of annotations GitHub shows per step.
   */
  combined?: boolean;
  /** The terminal's width in columns, for a writer that lays text out in columns (side-by-side). */
  columns?: number;
  /**
   * The repository's root (absolute; the CLI gives the one holding the folder bpdiff runs in): the
   * github writer names files from it, as GitHub names a pull request's files.
   */
  root?: string;
}

export type Writer = (report: Report, options: WriterOptions) => string;
