// The user's regular expressions (--normalize, a config's normalize) run on RE2's engine, re2js (a
// JavaScript port of RE2/J, linear in the text's length whatever the pattern): V8's own engine
// backtracks, and `(a+)+$` on a value of 901 characters ran for minutes, with every signal and the
// other run's adapter left unanswered. RE2's syntax is JavaScript's without backreferences and
// lookaround; a pattern that uses them is refused when it is given. re2js is loaded on first use
// only: a command without patterns never pays for it.
import type { RE2JS as RE2JSClass } from 're2js';
import { loadRe2js } from '../load-re2js.js';

export interface LinearRegex {
  /** Whether the pattern matches anywhere in `text`. */
  test(text: string): boolean;
  /** `text` with every match replaced, `$1`, `$&`, `$$` as String.prototype.replace reads them. */
  replaceAll(text: string, replacement: string): string;
}

let engine: typeof RE2JSClass | undefined;

function re2js(): typeof RE2JSClass {
  engine ??= loadRe2js();
  return engine;
}

/** `pattern` (JavaScript's syntax) compiled for RE2; throws an Error that says why when RE2 cannot run it. */
export function compileLinear(pattern: string): LinearRegex {
  const RE2JS = re2js();
  let compiled: RE2JSClass;
  try {
    compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch (error) {
    throw new Error(describeRe2Error(error));
  }
  return {
    test: (text) => compiled.test(text),
    // The quick test first: most values hold no match, and re2js's test runs on its DFA.
    replaceAll: (text, replacement) => (compiled.test(text) ? compiled.matcher(text).replaceAll(replacement) : text),
  };
}

function describeRe2Error(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/\(\?[=!<]|\\[1-9]|backreference|lookaround|Perl syntax/i.test(message))
    return `${message}; bpdiff runs patterns in linear time (RE2), which has no lookahead, lookbehind or backreferences`;
  return message;
}
