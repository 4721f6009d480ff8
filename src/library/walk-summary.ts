// What a locate walk found, as the hints' summary (core/walk-hints.ts reads it): where each run stands,
// what differs there and the step before, what the runs wrote or returned, the lines only one version
// has, and what the walk set aside; files named from each run's folder.
import path from 'node:path';
import type { CaptureOptions } from '../core/types.js';
import { firstDifferentLine, type OutputLine } from '../core/end-hints.js';
import { describeEnding, type RunStanding, type WalkSummary } from '../core/walk-hints.js';
import type { Located } from '../run/locate-runs.js';
import type { Standing } from '../walk/lines.js';
import { compareValues } from '../values/compare-values.js';
import { runDependentCalls } from '../core/run-dependent-calls.js';
import { readBoundedText } from '../read-bounded.js';
import { splitLines } from '../core/line-map.js';

export function summaryOf(located: Located, options: CaptureOptions, reproduce: string | null): WalkSummary {
  const { end, point, captures } = located;
  const diff =
    end.valuesA !== null && end.valuesB !== null
      ? compareValues(end.valuesA.values, end.valuesB.values, options.values.tolerance)
      : null;
  const changed = diff === null ? [] : Object.entries(diff.changed).filter(([name]) => !end.unsetAtLast.includes(name));
  const bothEnded = end.kind === 'agreed' && end.agreedUntil === 'end';
  return {
    kind: located.endsApart ? located.endsApart.kind : end.kind,
    ...(located.endsApart
      ? {
          ending: {
            difference: located.endsApart,
            shown:
              located.endsApart.kind === 'output'
                ? shownLine(located.captures, located.endsApart.stream ?? 'stdout')
                : null,
          },
        }
      : {}),
    ...(end.wrote !== undefined ? { wrote: wroteOf(end.wrote) } : {}),
    ...(end.returnedFrom !== undefined ? { returnedFrom: end.returnedFrom } : {}),
    ...(end.returnedUnread !== undefined ? { returnedUnread: end.returnedUnread } : {}),
    ...(end.returned !== undefined ? { returned: end.returned } : {}),
    mode: (located.mode?.every_line ?? options.locate.every_line) ? 'every-line' : 'effects',
    ...(located.mode?.why ? { everyLineWhy: located.mode.why } : {}),
    ...(located.returnsUnread !== undefined ? { returnsUnread: located.returnsUnread } : {}),
    ...(located.returnsPartly !== undefined ? { returnsPartly: located.returnsPartly } : {}),
    ...(located.walkedAgainAfter !== undefined ? { walkedAgainAfter: located.walkedAgainAfter } : {}),
    ...(bothEnded ? { lastLine: point === null ? null : { file: point.file, line: point.line } } : {}),
    steps: end.steps,
    ...(end.agreedUntil ? { agreedUntil: end.agreedUntil } : {}),
    maxSteps: options.locate.max_steps,
    point:
      point === null
        ? null
        : { file: point.file, line: point.line, pass: point.pass, name: point.name, call: point.call },
    a: standingOf(end.ended?.a ?? end.a, captures[0].cwd ?? ''),
    b: standingOf(end.ended?.b ?? end.b, captures[1].cwd ?? ''),
    ...(end.bInA !== undefined ? { bInA: end.bInA } : {}),
    ...(end.sameFile !== undefined ? { sameFile: end.sameFile } : {}),
    changed: changed.slice(0, 3).map(([name, values]) => ({ name, ...values })),
    changedCount: changed.length,
    onlyIn: { a: diff?.only_in_a.slice(0, 3) ?? [], b: diff?.only_in_b.slice(0, 3) ?? [] },
    before:
      end.kind === 'values' && end.before !== null
        ? {
            file: relative(end.before.a.file, captures[0].cwd ?? ''),
            line: end.before.a.stop.top.line,
            ...(enteredFrom(end)
              ? { entered: end.a.kind === 'step' ? end.a.step.stop.top.name : '' }
              : {
                  reads: runDependentCalls(
                    lineOf(end.before.a.file, end.before.a.stop.top.line, options.limits.max_input_bytes),
                    end.before.a.file,
                  ),
                }),
          }
        : null,
    reproduce,
    added: { a: addedOf(end.added.a, captures[0].cwd ?? ''), b: addedOf(end.added.b, captures[1].cwd ?? '') },
    unsetAside: end.unsetAside,
    ...(end.wholeLoops && {
      wholeLoops: {
        ...end.wholeLoops,
        first: end.wholeLoops.first.map((loop) => ({ ...loop, file: relative(loop.file, captures[0].cwd ?? '') })),
        lines: end.wholeLoops.lines.map((line) => ({ ...line, file: relative(line.file, captures[0].cwd ?? '') })),
      },
    }),
    stacks: located.stacks,
  };
}

/** Whether the walk stopped at the first line of a call the step before made, in both runs: values it was given. */
function enteredFrom(end: Located['end']): boolean {
  const { a, b, before } = end;
  return (
    before !== null &&
    [a, b].every(
      (standing, index) =>
        standing.kind === 'step' &&
        standing.step.arrival.entered &&
        standing.step.arrival.frame > (index === 0 ? before.a : before.b).arrival.frame,
    )
  );
}

/** The stream whose output differs during the located line, and what each run wrote to it. */
function wroteOf(wrote: NonNullable<Located['end']['wrote']>): NonNullable<WalkSummary['wrote']> {
  const stream = wrote.a.stdout !== wrote.b.stdout ? 'stdout' : 'stderr';
  return { stream, a: wrote.a[stream], b: wrote.b[stream] };
}

/** The first line that differs in the stream whose output differs, from each capture's (redacted) tail. */
function shownLine(captures: Located['captures'], stream: 'stdout' | 'stderr'): OutputLine {
  const tails = captures.map((capture) => capture.output[stream === 'stdout' ? 'stdout_tail' : 'stderr_tail']);
  return firstDifferentLine(
    tails[0]!,
    tails[1]!,
    captures.every((capture) => !capture.output.truncated),
  );
}

function standingOf(standing: Standing, cwd: string): RunStanding {
  if (standing.kind === 'ended')
    return {
      kind: 'ended',
      how: describeEnding(standing.end.reason),
      ...(standing.end.reason.kind === 'timeout' ? { timedOut: standing.end.reason.seconds } : {}),
      ...(standing.lastAlone
        ? { lastAlone: { file: relative(standing.lastAlone.file, cwd), line: standing.lastAlone.line } }
        : {}),
    };
  const { stop, file } = standing.step;
  return { kind: 'at', file: relative(file, cwd), line: stop.top.line, name: stop.top.name };
}

function addedOf(lines: Located['end']['added']['a'], cwd: string): WalkSummary['added']['a'] {
  return {
    count: lines.count,
    first: lines.first.map((line) => ({ file: relative(line.file, cwd), line: line.line })),
  };
}

/** A file named from a run's folder, where it lies in it. */
export function relative(file: string, cwd: string): string {
  if (cwd === '') return file;
  const name = path.relative(cwd, file);
  return name === '' || path.isAbsolute(name) ? file : name;
}

/** A line of a source file as written ('' where it cannot be read), read within --max-input-bytes (src/read-bounded.ts). */
function lineOf(file: string, line: number, maxBytes: number): string {
  try {
    return splitLines(readBoundedText(file, { what: 'source file', file }, maxBytes).text)[line - 1] ?? '';
  } catch {
    return '';
  }
}
