// Where the program itself can count the passes through a breakpoint's line (issue 36: `--hit 9001`
// without V8 evaluating a condition at each of the 9,000 passes before it). V8 binds a line's
// breakpoint to the line's first break location; where that is the start of a statement that starts
// the line (only blanks before it) in a statement list, a call put just before the statement runs
// exactly once each time the breakpoint would be hit, and nowhere else. The bootloader puts it there
// as Node compiles the module (bootloader.cjs for CommonJS, pass-loader.mjs for ES modules: both
// through pass-insert.cjs), when the module's text is the text planned from (its hash); the call
// counts, and at the Nth pass calls the bootloader's pass hook, where the adapter sets the breakpoint
// that stops this pass and every later one (pass-counts.ts). Anywhere else (a line inside an
// expression, a statement V8 may give no break location of its own, text a loader transformed) the
// breakpoint counts in its V8 condition, as before.
//
// Pure: the text in, the plan out.
import { createHash } from 'node:crypto';
import { parse, type Node } from 'acorn';

/** The statements whose first break location is their start, once each time they run. */
const COUNTED = new Set([
  'ExpressionStatement',
  'VariableDeclaration',
  'ReturnStatement',
  'ThrowStatement',
  'IfStatement',
]);

/** What the bootloader inserts before the statement (`${id}`: the user breakpoint's id). The leading `;` ends whatever came before. */
export function passCall(id: number): string {
  return `;globalThis[Symbol.for("bpdiff.pass")](${id});`;
}

/** Node's CommonJS loader compiles a module's text without its byte order mark. */
export function moduleText(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The hash the bootloader compares the module's text with (bootloader.cjs: the same). */
export function textHash(text: string): string {
  return createHash('sha1').update(text, 'utf8').digest('hex');
}

/** The lists of statements a call may be put in front of. */
function statementLists(node: Record<string, unknown>): Node[][] {
  const lists: Node[][] = [];
  if (node.type === 'Program' || node.type === 'BlockStatement' || node.type === 'StaticBlock')
    lists.push(node.body as Node[]);
  if (node.type === 'SwitchCase') lists.push(node.consequent as Node[]);
  return lists;
}

function children(node: Record<string, unknown>): Node[] {
  const found: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc') continue;
    if (Array.isArray(value)) {
      for (const item of value)
        if (item !== null && typeof item === 'object' && typeof (item as Node).type === 'string')
          found.push(item as Node);
    } else if (value !== null && typeof value === 'object' && typeof (value as Node).type === 'string') {
      found.push(value as Node);
    }
  }
  return found;
}

/** The statement of a list that starts `line` (1-based), or undefined. */
function statementStarting(program: Node, line: number): Node | undefined {
  const pending: Node[] = [program];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if ((node.loc?.start.line ?? 0) > line || (node.loc?.end.line ?? 0) < line) continue;
    const fields = node as unknown as Record<string, unknown>;
    for (const list of statementLists(fields)) {
      const hit = list.find((statement) => statement.loc?.start.line === line);
      if (hit !== undefined) return hit;
    }
    pending.push(...children(fields));
  }
  return undefined;
}

export type PassPlan = { offset: number; column: number } | { why: string };

/**
 * Where the call that counts the passes through `line` (1-based) goes in a CommonJS module's text:
 * its offset (UTF-16 units, as the bootloader slices) and column, or why it cannot go anywhere.
 */
export function planPassCount(text: string, line: number): PassPlan {
  let program: Node;
  try {
    // As Node compiles a CommonJS module (a function's body), else as an ES module.
    program = parse(text, {
      ecmaVersion: 'latest',
      sourceType: 'script',
      locations: true,
      allowReturnOutsideFunction: true,
      allowHashBang: true,
    });
  } catch {
    try {
      program = parse(text, { ecmaVersion: 'latest', sourceType: 'module', locations: true, allowHashBang: true });
    } catch (error) {
      return { why: `the file does not parse as JavaScript (${(error as Error).message})` };
    }
  }
  const statement = statementStarting(program, line);
  if (statement === undefined) return { why: `no statement of a block starts line ${line}` };
  const record = statement as unknown as Record<string, unknown>;
  if (!COUNTED.has(statement.type)) return { why: `line ${line} starts a ${statement.type}` };
  if (typeof record.directive === 'string') return { why: `line ${line} is a directive` };
  if (statement.type === 'VariableDeclaration') {
    const first = (record.declarations as Array<{ init: unknown }>)[0];
    if (first === undefined || first.init === null) return { why: `line ${line} declares without a value` };
  }
  const column = statement.loc!.start.column;
  if (text.slice(statement.start - column, statement.start).trim() !== '')
    return { why: `the statement on line ${line} does not start the line` };
  return { offset: statement.start, column };
}
