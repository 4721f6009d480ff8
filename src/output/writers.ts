// Output formats, looked up by name. A writer renders a Report as text; each is loaded only when
// chosen, so the registry costs nothing at start-up. A new format is a module and a line here.
import type { Report } from '../report/report.js';

export interface WriterOptions {
  /** ANSI colour (a terminal, NO_COLOR unset); writers for files and machines ignore it. */
  color: boolean;
}

export type Writer = (report: Report, options: WriterOptions) => string;

const WRITERS = {
  json: async () => (await import('./format-json.js')).writeJson,
  text: async () => (await import('./format-text.js')).writeText,
  markdown: async () => (await import('./format-markdown.js')).writeMarkdown,
  github: async () => (await import('./format-github.js')).writeGithub,
} satisfies Record<string, () => Promise<Writer>>;

export type WriterName = keyof typeof WRITERS;
export const WRITER_NAMES = Object.keys(WRITERS) as WriterName[];

export function loadWriter(name: WriterName): Promise<Writer> {
  return WRITERS[name]();
}
