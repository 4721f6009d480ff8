// Any document on its way out of the library (a result, a capture), every string of it, keys
// included, through the call's redactor: the breakpoint's path, the condition, --watch expressions,
// the working directory, the context and the hints hold what the caller typed, and a secret typed
// there must not come back whole, whichever front door the call came in by.
import type { Redactor } from './redactor.js';

export function scrubDocument<T>(document: T, redactor: Pick<Redactor, 'scrub'>): T {
  // One pass over the document's JSON text, as the CLI's stdout is scrubbed (a million values: one
  // string, not a million); the redactor knows secrets as JSON escapes them. Should a replacement
  // ever leave the text unreadable, every string is scrubbed on its own instead.
  const text = JSON.stringify(document);
  const scrubbed = redactor.scrub(text);
  if (scrubbed === text) return document;
  try {
    return JSON.parse(scrubbed) as T;
  } catch {
    return scrubValue(document, (one) => redactor.scrub(one)) as T;
  }
}

function scrubValue(value: unknown, scrub: (text: string) => string): unknown {
  if (typeof value === 'string') return scrub(value);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, scrub));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    Object.defineProperty(out, scrub(key), {
      value: scrubValue(item, scrub),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}
