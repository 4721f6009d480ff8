// Numbers as debuggers print them: a value's text read as a number, and how a number moved from run
// A to run B (the delta, percent or factor the hints say). Pure, and apart from the findings that use it.

/** A numeric value parsed from a variable's text. */
export type NumberValue =
  | { kind: 'finite'; value: number; integer: bigint | null }
  | { kind: 'nan' }
  | { kind: 'infinite'; sign: 1 | -1 };

/** How a number moved from run A to run B. `delta` and `percent` are B relative to A. */
export type NumberChange =
  | {
      kind: 'delta';
      direction: 'up' | 'down';
      delta: string;
      percent: number | null;
      factor: number | null;
      sign_changed: boolean;
      from_zero: boolean;
    }
  | { kind: 'equal_value' }
  | { kind: 'became_nan' | 'was_nan' | 'both_nan' }
  | { kind: 'became_infinite' | 'was_infinite' | 'both_infinite' };

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;

/**
 * A number written the way debuggers print them: `42`, `-3.5`, `1e-9`, `12345678901234567890`,
 * `10n` (BigInt), `NaN`/`nan`, `Infinity`/`inf`/`+Inf`. Hex (usually a pointer) is not a number here.
 */
export function parseNumberText(text: string): NumberValue | null {
  let t = text.trim();
  if (/^[+-]?(?:nan|NaN)$/.test(t)) return { kind: 'nan' };
  const inf = /^([+-]?)(?:inf|Inf|INF|Infinity|infinity)$/.exec(t);
  if (inf) return { kind: 'infinite', sign: inf[1] === '-' ? -1 : 1 };
  if (/^[+-]?\d+n$/.test(t)) t = t.slice(0, -1);
  if (!DECIMAL.test(t)) return null;
  const value = Number(t);
  if (!Number.isFinite(value)) return { kind: 'infinite', sign: value < 0 ? -1 : 1 };
  return { kind: 'finite', value, integer: INTEGER.test(t) ? BigInt(t) : null };
}

/** Direction and size of a numeric change from A to B. */
export function describeNumberChange(a: NumberValue, b: NumberValue): NumberChange {
  if (a.kind === 'nan' || b.kind === 'nan') {
    return { kind: a.kind === 'nan' ? (b.kind === 'nan' ? 'both_nan' : 'was_nan') : 'became_nan' };
  }
  if (a.kind === 'infinite' || b.kind === 'infinite') {
    if (a.kind === 'infinite' && b.kind === 'infinite') {
      return a.sign === b.sign ? { kind: 'equal_value' } : { kind: 'both_infinite' };
    }
    return { kind: a.kind === 'infinite' ? 'was_infinite' : 'became_infinite' };
  }
  let delta: string;
  let deltaNumber: number;
  if (a.integer !== null && b.integer !== null) {
    const exact = b.integer - a.integer;
    if (exact === 0n) return { kind: 'equal_value' };
    delta = (exact < 0n ? -exact : exact).toString();
    deltaNumber = Number(exact);
  } else {
    deltaNumber = b.value - a.value;
    if (deltaNumber === 0) return { kind: 'equal_value' };
    delta = formatNumber(Math.abs(deltaNumber));
  }
  const direction = deltaNumber > 0 ? 'up' : 'down';
  const fromZero = a.value === 0;
  const signChanged = (a.value > 0 && b.value < 0) || (a.value < 0 && b.value > 0);
  const percent = fromZero || signChanged ? null : (deltaNumber / Math.abs(a.value)) * 100;
  // A factor reads better than a percentage once a positive value has at least doubled.
  const factor = a.value > 0 && b.value > 0 && b.value / a.value >= 2 ? b.value / a.value : null;
  return { kind: 'delta', direction, delta, percent, factor, sign_changed: signChanged, from_zero: fromZero };
}

/** A float's shortest readable form: 12 significant digits hide binary noise (0.30000000000000004). */
export function formatNumber(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return String(value);
  return String(Number(value.toPrecision(12)));
}
