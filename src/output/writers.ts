// Output formats, looked up by name. A writer renders a Report as text; each is loaded only when
// chosen, so the registry costs nothing at start-up. A new format is a module and a line here.
import type { Writer } from './writer.js';

export type { Writer, WriterOptions } from './writer.js';

const WRITERS = {
  json: { load: async () => (await import('./format-json.js')).writeJson, for: 'the result document' },
  text: { load: async () => (await import('./format-text.js')).writeText, for: 'for a person' },
  markdown: {
    load: async () => (await import('./format-markdown.js')).writeMarkdown,
    for: 'for a pull-request comment',
  },
  github: { load: async () => (await import('./format-github.js')).writeGithub, for: 'workflow annotations' },
  junit: { load: async () => (await import('./format-junit.js')).writeJunit, for: 'JUnit XML, for CI test reports' },
  'side-by-side': {
    load: async () => (await import('./format-side-by-side.js')).writeSideBySide,
    for: 'the two runs in two columns, for a terminal',
  },
} satisfies Record<string, { load: () => Promise<Writer>; for: string }>;

export type WriterName = keyof typeof WRITERS;
export const WRITER_NAMES = Object.keys(WRITERS) as WriterName[];

/** Each format and what it is for, as --format's help says it. */
export const WRITER_USES: string = WRITER_NAMES.map((name) => `${name}: ${WRITERS[name].for}`).join('; ');

export function loadWriter(name: WriterName): Promise<Writer> {
  return WRITERS[name].load();
}
