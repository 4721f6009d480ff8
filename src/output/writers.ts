// Output formats, looked up by name. A writer renders a Report as text; each is loaded only when
// chosen, so the registry costs nothing at start-up. A new format is a module and a line here.
import type { Writer } from './writer.js';

export type { Writer, WriterOptions } from './writer.js';

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
