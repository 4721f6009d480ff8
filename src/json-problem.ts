// Why a file is not JSON, said without its content. V8's own message quotes the file's first
// characters (`Unexpected token 'r', "root:x:0:0"... is not valid JSON`), so a path pointed at any
// file (/etc/shadow, a key) would echo its start through an error line, a library error or an MCP
// answer. Here the place is said (line and column, when JSON.parse gives it), never the text.

/** One phrase for the parenthesis after "is not valid JSON": where it goes wrong, and nothing of what is there. */
export function describeJsonProblem(text: string, cause: unknown): string {
  if (text.trim() === '') return 'the file is empty';
  const message = cause instanceof Error ? cause.message : '';
  const at = /at position (\d+)/.exec(message);
  if (at) return `at ${lineAndColumn(text, Number(at[1]))}`;
  if (/Unexpected end of JSON input/.test(message)) return 'it ends before the JSON does';
  const first = text.search(/\S/);
  if (!/[{["\-0-9tfn]/.test(text[first]!)) return `at ${lineAndColumn(text, first)}: no JSON document starts there`;
  const found = text.length <= SEARCHED ? badPosition(text) : null;
  return found === null ? 'the JSON parser stopped inside it' : `at ${lineAndColumn(text, found)}`;
}

/** The longest text whose bad character is searched for (each step parses a prefix of it). */
const SEARCHED = 4 * 1024 * 1024;

/**
 * Where the first character JSON cannot take stands, when the parser's message says which but not where
 * (`Unexpected token 'x', "…" is not valid JSON`): the shortest prefix that fails for a reason other
 * than ending too soon ends with it (a binary search, about 22 parses of 4 MiB at most).
 */
function badPosition(text: string): number | null {
  const failsInside = (length: number): boolean => {
    try {
      JSON.parse(text.slice(0, length));
      return false;
    } catch (error) {
      const message = (error as Error).message;
      if (/Unexpected end of JSON input/.test(message)) return false;
      const at = /at position (\d+)/.exec(message);
      return at === null || Number(at[1]) < length;
    }
  };
  if (!failsInside(text.length)) return null;
  let low = 0;
  let high = text.length;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (failsInside(middle)) high = middle;
    else low = middle;
  }
  return high - 1;
}

function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}
