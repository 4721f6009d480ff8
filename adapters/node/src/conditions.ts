// Breakpoint conditions. V8 treats a condition that throws (or does not parse) as false and says
// nothing, so a broken condition looks exactly like one that is never true. The adapter therefore
// gives V8 a wrapped condition: the user's expression is evaluated by a direct eval of a string
// literal (so even a syntax error happens at run time, inside the try, with the frame's locals in
// scope); an error is recorded in a per-process global and the wrapper answers true, so the program
// stops and the adapter can report the error.

const ERROR_KEY = 'bpdiff.conditionError';

export function wrapCondition(expression: string): string {
  const key = JSON.stringify(ERROR_KEY);
  return (
    `try { eval(${JSON.stringify(expression)}) } catch (bpdiffConditionError) { ` +
    `globalThis[Symbol.for(${key})] = bpdiffConditionError !== null && typeof bpdiffConditionError === 'object' && typeof bpdiffConditionError.message === 'string' ` +
    `? String(bpdiffConditionError.name) + ': ' + bpdiffConditionError.message : 'Uncaught ' + String(bpdiffConditionError); true }`
  );
}

/** Evaluated at a breakpoint stop: the recorded condition error (then forgotten), or undefined. */
export const READ_CONDITION_ERROR = `(() => { const key = Symbol.for(${JSON.stringify(ERROR_KEY)}); const error = globalThis[key]; delete globalThis[key]; return error; })()`;
