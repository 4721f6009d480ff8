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
  return 'the JSON parser stopped inside it';
}

function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}
