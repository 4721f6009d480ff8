// Run-dependent parts of values (heap and stack addresses, object ids) replaced by a fixed token, so
// two identical runs compare equal. A null pointer is kept as it is: it must stay distinct from an
// address.
//
// Addresses are masked by type, not by the shape of a text: a number written in hex (Go's
// `18446744073709551615 = 0xffffffffffffffff`, a C++ char32_t's `U+0x00000021`), a character or a
// string is the program's data whatever it looks like, and a change in it is a change. Where a value
// of another type (a pointer, a reference, an object or a struct that shows one) holds a quoted
// string, the string is its data too: `0x… "0xdeadbeef"`.
import type { NormaliseRule } from '../adapters/definition.js';
import type { CapturedValues, ValueStep } from './types.js';
import { runInSlices, runToEnd } from '../core/slices.js';
import { setOwn } from '../core/own-record.js';

export const ADDRESS_TOKEN = '0x…';

/** Common to every adapter: a hexadecimal number of six digits or more that is not all zeros. */
/** As a text (bpdiff's Python adapter masks a step stream's texts by it: src/walk/lines-streamed.ts). */
export const ADDRESS_PATTERN = '\\b0x(?=[0-9a-fA-F]*[1-9a-fA-F])[0-9a-fA-F]{6,}\\b';
const ADDRESS = new RegExp(ADDRESS_PATTERN, 'g');
/**
 * A quoted string (a closed one: an apostrophe alone is not a quote), read as runs between escapes,
 * not one alternation a character: V8's backtracking stack grew with the string's length (a value of
 * 20 million characters ended bpdiff diff with 'Maximum call stack size exceeded').
 */
const QUOTED = /'[^'\\\n]*(?:\\.[^'\\\n]*)*'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"/g;

/**
 * The types whose values are numbers, characters, booleans or strings in the languages of the
 * built-in adapters (C and C++ as lldb names them, Rust, Go, Python, JavaScript). Not the integers
 * that hold addresses (intptr_t, uintptr_t, Go's uintptr), nor a C++ reference to data, which lldb
 * shows with the address it refers to (`0x00007fffffffdf10 "mug"`).
 */
const DATA_TYPE = new RegExp(
  '^(?:const |volatile )*(?:' +
    [
      // C and C++
      '(?:(?:un)?signed )?(?:char|short|int|long|long long|short int|long int|long long int|__int128)',
      'unsigned|signed|bool|_Bool|float|double|long double|wchar_t|char8_t|char16_t|char32_t',
      'u?int(?:8|16|32|64|_least\\d+|_fast\\d+|max)_t|size_t|ssize_t|ptrdiff_t|off_t|time_t',
      'std::(?:__cxx11::)?(?:basic_string(?:_view)?<.+>|(?:w|u8|u16|u32)?string(?:_view)?)',
      // Rust
      '[iu](?:8|16|32|64|128|size)|f32|f64|&(?:mut )?str|(?:alloc::(?:[a-z_]+::)+)String',
      // Go
      'u?int(?:8|16|32|64)?|byte|rune|float(?:32|64)|complex(?:64|128)|string',
      // Python, JavaScript
      'complex|str|bytes|bytearray|number|bigint|boolean',
    ].join('|') +
    ')(?: const)?$',
);

/** A pointer or a reference: C and C++ (`T *`, `T &`), Go (`*T`), lldb's names of Rust's references and raw pointers (`&str *`). */
const POINTER_TYPE = /(?:\*|&)(?: ?const)?$|^\*/;
/** A pointer a format wrote in decimal (`93824992261047 "..."`): as run-dependent as in hex. */
const DECIMAL_ADDRESS = /^(?=\d*[1-9])\d{6,}\b/;

/** Whether a value of this type holds data only (no address of its own), whatever its text looks like. */
export function isDataType(type: string | undefined): boolean {
  return type !== undefined && DATA_TYPE.test(type);
}

/**
 * An address the value's own cut (at --max-value-length: the text then ends in `…`) left in part at
 * its end (`0x7f6a…`): too short for ADDRESS, as run-dependent as a whole one.
 */
const CUT_ADDRESS = /\b0x[0-9a-fA-F]*…$/;

/** `text` with its addresses masked, the quoted strings in it left as they are. */
export function maskAddresses(text: string): string {
  let out = '';
  let last = 0;
  for (const quoted of text.matchAll(QUOTED)) {
    out += text.slice(last, quoted.index).replace(ADDRESS, ADDRESS_TOKEN) + quoted[0];
    last = quoted.index + quoted[0].length;
  }
  const rest = text.slice(last);
  // Not in a string the cut left open (`"0x12…`): that is the program's data.
  return (
    out + (/['"]/.test(rest) ? rest : rest.replace(CUT_ADDRESS, `${ADDRESS_TOKEN}…`)).replace(ADDRESS, ADDRESS_TOKEN)
  );
}

export interface NormaliseResult {
  variables: Record<string, string>;
  /** Names whose value changed. */
  normalised: string[];
}

export function compileRules(rules: NormaliseRule[]): Array<{ regex: RegExp; replacement: string }> {
  return rules.map((rule) => {
    const flags = rule.flags ?? 'g';
    return {
      regex: new RegExp(rule.pattern, flags.includes('g') ? flags : `${flags}g`),
      replacement: rule.replacement,
    };
  });
}

/**
 * `rewrite`: an adapter hook for what a regex cannot say (dlv's map entries, in a hash order that
 * changes every run). `types`: the adapter's type of each value; addresses are not looked for in a
 * value whose type holds data only.
 */
export function normaliseValues(
  variables: Record<string, string>,
  rules: NormaliseRule[],
  rewrite?: (value: string) => string,
  types: Readonly<Record<string, string>> = {},
): NormaliseResult {
  return runToEnd(normaliseLoop(variables, rules, rewrite, types));
}

/** One yield per value (core/slices.ts: the step runs in time slices too). */
function* normaliseLoop(
  variables: Record<string, string>,
  rules: NormaliseRule[],
  rewrite: ((value: string) => string) | undefined,
  types: Readonly<Record<string, string>>,
): Generator<void, NormaliseResult> {
  const compiled = compileRules(rules);
  const out: Record<string, string> = {};
  const normalised: string[] = [];
  for (const [name, value] of Object.entries(variables)) {
    yield;
    const type = Object.hasOwn(types, name) ? types[name] : undefined;
    // A value the debugger could not read is its error, not data of its type (`<error: read memory from 0x... failed>`).
    let next = isDataType(type) && !value.startsWith('<error: ') ? value : maskAddresses(value);
    if (type !== undefined && POINTER_TYPE.test(type)) next = next.replace(DECIMAL_ADDRESS, ADDRESS_TOKEN);
    for (const { regex, replacement } of compiled) next = next.replace(regex, replacement);
    if (rewrite) next = rewrite(next);
    setOwn(out, name, next);
    if (next !== value) normalised.push(name);
  }
  return { variables: out, normalised: normalised.sort() };
}

/** Address rule, the adapter's own rules and its `normaliseValue` hook; skipped with --raw-values. */
export const normaliseStep: ValueStep = {
  name: 'normalising',
  apply(values, context) {
    if (context.raw) return values;
    const adapter = context.adapter;
    return withNormalised(
      values,
      normaliseValues(
        values.variables,
        adapter?.definition.normalise ?? [],
        adapter?.hooks.normaliseValue,
        values.types,
      ),
    );
  },
  async applyInSlices(values, context, slicer) {
    if (context.raw) return values;
    const adapter = context.adapter;
    return withNormalised(
      values,
      await runInSlices(
        normaliseLoop(
          values.variables,
          adapter?.definition.normalise ?? [],
          adapter?.hooks.normaliseValue,
          values.types,
        ),
        slicer,
      ),
    );
  },
};

function withNormalised(values: CapturedValues, result: NormaliseResult): CapturedValues {
  const normalised = [...new Set([...values.normalised, ...result.normalised])].sort();
  return { ...values, variables: result.variables, normalised };
}
