// Every message bpdiff writes for a person or an agent (an error line, a warning, a progress line, a
// tool error) is bounded: a value in it (a path, an argument, a name) can be as long as its giver made
// it, and an 11 MB path was once echoed twice in one 22 MB MCP answer. A long run of text without
// spaces is cut to its start, with its length said; a message still too long is cut too. Messages are
// bounded after they are redacted (a cut could keep the start of a secret the redactor no longer sees
// whole), so a front door scrubs first and bounds last.

/** The longest run without whitespace kept whole in a message (a long path still reads whole). */
export const MESSAGE_WORD_LIMIT = 1024;
/** The longest message, in characters. */
export const MESSAGE_LIMIT = 8192;

/** How much of a long value is kept. */
const WORD_KEPT = 200;

/** `text` with each run of over MESSAGE_WORD_LIMIT non-space characters cut, and at most `limit` characters in all. */
export function boundMessage(text: string, limit: number = MESSAGE_LIMIT): string {
  const cut = text.length <= MESSAGE_WORD_LIMIT ? text : cutLongWords(text);
  if (cut.length <= limit) return cut;
  const said = ` [message cut: ${text.length} characters]`;
  return `${cut.slice(0, Math.max(0, limit - said.length - 1))}…${said}`;
}

/** Each run of over MESSAGE_WORD_LIMIT non-space characters cut. Found between spaces: V8's backtracking stack overflows on `\S{1025,}` over a run of millions. */
function cutLongWords(text: string): string {
  const parts: string[] = [];
  let start = 0;
  let word = 0;
  const space = /\s/g;
  for (;;) {
    const found = space.exec(text);
    const end = found === null ? text.length : found.index;
    if (end - word > MESSAGE_WORD_LIMIT) {
      parts.push(text.slice(start, word), cutValue(text.slice(word, end), WORD_KEPT));
      start = end;
    }
    if (found === null) break;
    word = end + 1;
  }
  parts.push(text.slice(start));
  return parts.join('');
}

/** A long value as a message shows it: its first `kept` characters and its length. */
export function cutValue(value: string, kept: number = WORD_KEPT): string {
  if (value.length <= kept) return value;
  return `${value.slice(0, kept)}… [${value.length} characters]`;
}

/** Each line of `text` bounded (stderr takes several lines at once), its newlines kept. */
export function boundLines(text: string, limit: number = MESSAGE_LIMIT): string {
  if (text.length <= MESSAGE_WORD_LIMIT) return text;
  return text
    .split('\n')
    .map((line) => boundMessage(line, limit))
    .join('\n');
}
