// The bootloader's hooks (bootloader.cjs), where the adapter breaks before Node compiles a CommonJS
// module: beforeMappedCompile, for a module whose text names a source map (breakpoints are bound
// through it first), beforeMainCompile, for the main module (the program's entry is found there), and
// countedCompile, for a module compiled with calls that count passes; and passReached, at the pass a
// breakpoint is to stop first (pass-counts.ts).
import * as fs from 'node:fs';
import type { CallFrame } from './cdp-types.js';
import type { NodeProcess } from './node-process.js';

export type HookName = 'BPDIFF_COMPILE_HOOK' | 'BPDIFF_MAIN_HOOK' | 'BPDIFF_COUNT_HOOK' | 'BPDIFF_PASS_HOOK';

/** The 0-based line of each hook in the bootloader (-1 for a hook it lacks). */
export function hookLines(bootloader: string): Record<HookName, number> {
  const lines = fs.readFileSync(bootloader, 'utf8').split('\n');
  const find = (marker: HookName): number =>
    lines.findIndex((line) => line.includes(marker) && !line.trimStart().startsWith('//'));
  return {
    BPDIFF_COMPILE_HOOK: find('BPDIFF_COMPILE_HOOK'),
    BPDIFF_MAIN_HOOK: find('BPDIFF_MAIN_HOOK'),
    BPDIFF_COUNT_HOOK: find('BPDIFF_COUNT_HOOK'),
    BPDIFF_PASS_HOOK: find('BPDIFF_PASS_HOOK'),
  };
}

// Evaluated in a hook's frame: the module's file and its source map URL ('' without one).
const READ_HOOK = `(() => {
  const at = content.lastIndexOf('sourceMappingURL=');
  const tail = at < 0 ? '' : content.slice(Math.max(0, at - 4));
  const match = /^(?:\\/\\/|\\/\\*)[#@]\\s*sourceMappingURL=(\\S+?)\\s*(?:\\*\\/)?\\s*$/.exec(tail);
  return [String(filename), match ? match[1] : ''];
})()`;

/** The module a hook is about to compile: its file, and its source map URL ('' without one). */
export async function readHook(
  process: NodeProcess,
  frame: CallFrame,
): Promise<{ filename: string; sourceMapURL: string } | null> {
  const { result } = await process.cdp.send('Debugger.evaluateOnCallFrame', {
    callFrameId: frame.callFrameId,
    expression: READ_HOOK,
    returnByValue: true,
    silent: true,
  });
  const value: unknown = result.value;
  if (!Array.isArray(value) || typeof value[0] !== 'string' || typeof value[1] !== 'string') return null;
  return { filename: value[0], sourceMapURL: value[1] };
}
