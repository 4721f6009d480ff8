// Where a breakpoint could go instead. An adapter that refuses a line with no code on it (dlv: "could
// not find statement at ..., please use a line with a statement") leaves the user to guess which lines
// have code; bpdiff asks the adapter itself: it sets breakpoints on the lines around, keeps the ones
// the adapter accepts (at the line asked for, not moved), and sets the one breakpoint back as it was.
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { DapConnection } from '../dap/connection.js';

/** How far above and below the line the adapter is asked. */
export const NEARBY_LINES = 10;

/**
 * The nearest line with code above `original`'s line and the nearest below, as the adapter says (none,
 * one or both), and the adapter's answer for `original` once it is set back.
 */
export async function nearestLinesWithCode(
  connection: DapConnection,
  source: DebugProtocol.Source,
  original: DebugProtocol.SourceBreakpoint,
  timeoutMs: number,
): Promise<{ lines: number[]; restored: DebugProtocol.Breakpoint | undefined }> {
  const line = original.line;
  const lines: number[] = [];
  for (let offset = 1; offset <= NEARBY_LINES; offset++) lines.push(line - offset, line + offset);
  const candidates = lines.filter((candidate) => candidate >= 1);
  let accepted: number[] = [];
  let restored: DebugProtocol.Breakpoint | undefined;
  try {
    const probe = await connection.request(
      'setBreakpoints',
      {
        source,
        breakpoints: candidates.map((candidate) => ({ line: candidate })),
        lines: candidates,
        sourceModified: false,
      },
      { step: 'setBreakpoints (finding the lines with code)', timeoutMs },
    );
    const answers = probe?.breakpoints ?? [];
    accepted = candidates.filter(
      (candidate, index) => answers[index]?.verified === true && (answers[index]?.line ?? candidate) === candidate,
    );
  } finally {
    const back = await connection
      .request(
        'setBreakpoints',
        { source, breakpoints: [original], lines: [line], sourceModified: false },
        { step: 'setBreakpoints (back to the line asked for)', timeoutMs },
      )
      .catch(() => undefined);
    restored = back?.breakpoints?.[0];
  }
  const above = accepted.filter((candidate) => candidate < line).sort((x, y) => y - x)[0];
  const below = accepted.filter((candidate) => candidate > line).sort((x, y) => x - y)[0];
  return { lines: [above, below].filter((candidate): candidate is number => candidate !== undefined), restored };
}
