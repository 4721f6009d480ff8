// A step at a sync generator's `yield`: V8 steps from the suspension to where the same generator
// resumes (its next `next()`), so the code that runs in between, the caller's (the body of a
// `for (const n of gen())` loop), would run unseen. At a `yield` with no call left to make before
// it suspends, the step goes out instead, to the caller, which goes on from there as the program does.
// Read from the script's generated text (the positions V8 pauses at); a yield whose operand still
// calls (`yield compute(i)`) is stepped into as before, its calls walked, and its suspension crossed.

/** Whether the function whose parameter list starts at `column` of `line` is a sync generator (`function* f(`, `*f(` in a class or an object). */
export function isSyncGenerator(line: string, column: number): boolean {
  const before = line.slice(0, column);
  if (!/\*\s*[\w$]*\s*$/.test(before)) return false;
  return !/\basync\s*(function\s*)?\*\s*[\w$]*\s*$/.test(before);
}

/** Text with its string literals blanked (a `(` or a `yield` in a string is no code). */
function withoutStrings(text: string): string {
  return text.replace(/(["'`])(?:\\.|(?!\1)[^\\])*\1/g, (literal) => ' '.repeat(literal.length));
}

/**
 * Whether a pause at `column` of `line` stands at a `yield` that makes no call before it suspends:
 * the statement from there holds the `yield` (`yield i * 2;`, `const x = yield y;`), or the pause is inside the operand of a
 * `yield` earlier on the line (`yield this.n;`, paused at the property it reads), and no call, and
 * no `new`, is left in the statement. A `yield*` delegates to another generator: stepped into.
 */
export function atPlainYield(line: string, column: number): boolean {
  const code = withoutStrings(line);
  const rest = code.slice(column);
  const statement = rest.split(';')[0]!;
  if (/[(]|\bnew\b/.test(statement)) return false;
  if (/\byield\b(?!\s*\*)/.test(statement)) return true;
  return /\byield\b(?!\s*\*)[^;{}]*$/.test(code.slice(0, column));
}
