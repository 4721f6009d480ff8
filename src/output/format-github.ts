// The github writer: GitHub Actions workflow commands, so that each difference shows as an error
// annotation at the breakpoint's line in the pull request (`::error file=F,line=L,title=T::message`),
// and a clean comparison as one notice. Escaping as GitHub's toolkit does it (%, CR, LF; and : , in
// properties). An annotation is read alone, beside the code: a changed container shows the values its
// markers stand for (what the debugger showed), and a name in one run only shows its value. GitHub
// shows at most 10 annotations of each level per step and drops the rest from the pull request's view:
// past that, the last one shown says how many more there are and where they are (the job summary,
// --summary; the log). GitHub attaches an annotation to a file named from the repository's root: a run's
// files are named from it (WriterOptions.root) when they lie below it.
import path from 'node:path';
import { countDiff, describeBreakpoint, describeCounts, plural } from '../core/describe.js';
import { isDiffEmpty } from '../core/diff-variables.js';
import { isVariableFinding, type VariableFinding } from '../core/findings.js';
import { describeRunEnd, renderHint } from '../core/hints.js';
import { MARKER_OPEN, unmaskValue } from '../core/markers.js';
import type { RunCapture } from '../core/types.js';
import type { Report } from '../report/report.js';
import type { WriterOptions } from './writer.js';

/** How many annotations of one level GitHub shows for a step. */
export const ANNOTATIONS_SHOWN = 10;
/** Longest value an only-in annotation shows; the document has it whole. */
const MAX_VALUE = 80;

export function writeGithub(report: Report, options: WriterOptions = { color: false }): string {
  const lines = githubLines(report, options.root);
  return `${(options.combined ? lines : limitAnnotations(lines)).join('\n')}\n`;
}

/**
 * The workflow commands of one comparison, every one of them (limitAnnotations bounds them); files
 * named from `root` when given and they lie below it.
 */
export function githubLines(report: Report, root?: string): string[] {
  const { document, captures, findings } = report;
  const { run_a: a, run_b: b, diff, breakpoint } = document;
  const labels = { a: a.label, b: b.label };
  // The line in B's version (the pull request's) when B's breakpoint followed A's (the baseline's)
  // line into its own copy of the file: the line a reviewer sees in the pull request's diff.
  const followed =
    b.status === 'break' && captures[1].breakpoint.file === breakpoint.file && report.lead.length === 0
      ? captures[1].breakpoint.line
      : breakpoint.line;
  // B's copy of the file first (the pull request's version), from the root: with --cwd-b the document
  // names it from B's folder, which is no path GitHub knows. Only a run whose own line is the one
  // annotated: not one with a file of its own (--bp-b), nor B when the line is A's numbering (a walk's).
  const file =
    [captures[1], captures[0]]
      .filter(
        (capture) =>
          capture.breakpoint.file === breakpoint.file &&
          capture.breakpoint.line === followed &&
          capture.resolved_file !== null,
      )
      .map((capture) => fromRoot(capture.resolved_file!, capture, root))
      .find((named) => named !== null) ?? breakpoint.file;
  const where = { file, line: String(followed) };
  const lines: string[] = [];
  const annotate = (
    level: 'error' | 'warning' | 'notice',
    title: string,
    message: string,
    at: { file: string; line: string } = where,
  ): void => {
    lines.push(`::${level} file=${property(at.file)},line=${at.line},title=${property(title)}::${data(message)}`);
  };

  // What a walk found (bpdiff locate): where the runs part ways, at the line it names.
  if (report.lead.length > 0)
    annotate(
      report.exitCode === 0 ? 'notice' : 'error',
      report.lead[0]!.startsWith('no divergence') ? 'bpdiff: no divergence so far' : 'bpdiff: where the runs part ways',
      report.lead.join('\n'),
    );
  for (const [side, run, capture] of [
    ['a', a, captures[0]],
    ['b', b, captures[1]],
  ] as const) {
    if (run.status !== 'no_break') continue;
    // A crash is annotated where it was raised, when that is the run's own code below the root.
    const raised = capture.no_break_reason?.kind === 'exception' || capture.no_break_reason?.kind === 'signal';
    const at = raised ? raisedAt(capture, root) : null;
    annotate(
      'error',
      at === null ? `bpdiff: ${run.label} did not stop` : `bpdiff: ${run.label} crashed here`,
      describeRunEnd(side, capture, report.findings),
      at ?? where,
    );
  }
  const variablesOf = { a: captures[0].run.variables, b: captures[1].run.variables };
  const shown = (finding: VariableFinding): VariableFinding =>
    finding.a.includes(MARKER_OPEN) || finding.b.includes(MARKER_OPEN)
      ? { ...finding, a: unmaskValue(finding.name, variablesOf.a), b: unmaskValue(finding.name, variablesOf.b) }
      : finding;
  // One annotation per changed variable, in the findings' order (type changes first).
  for (const finding of findings.filter(isVariableFinding))
    annotate('error', `bpdiff: ${finding.name} changed`, renderHint(shown(finding), labels));
  const unlisted = Object.keys(diff.changed).length - findings.filter(isVariableFinding).length;
  if (unlisted > 0)
    annotate(
      'error',
      'bpdiff: more changes',
      `And ${plural(unlisted, 'more changed variable')} (see the result document).`,
    );
  for (const finding of findings) {
    if (finding.kind === 'only_in') {
      const values = finding.names
        .map((name) => `${name} = ${shorten(unmaskValue(name, variablesOf[finding.side]))}`)
        .join(', ');
      const more = finding.more > 0 ? ` and ${finding.more} more (see the result document)` : '';
      annotate(
        'error',
        `bpdiff: only in ${labels[finding.side]}`,
        `Only in ${labels[finding.side]} (${finding.names.length + finding.more}): ${values}${more}.`,
      );
    }
    // Not a difference, but the check did not cover these values: said where a reviewer looks.
    if (finding.kind === 'not_compared')
      annotate('warning', `bpdiff: not compared in ${labels[finding.side]}`, renderHint(finding, labels));
    if (finding.kind === 'unkeyed') annotate('warning', 'bpdiff: secrets not compared', renderHint(finding, labels));
  }
  if (a.status === 'break' && b.status === 'break' && isDiffEmpty(diff) && diff.unchanged.length === 0) {
    annotate(
      'error',
      'bpdiff: nothing compared',
      `Nothing compared at ${describeBreakpoint(breakpoint)}: neither ${labels.a} nor ${labels.b} read a variable.`,
    );
  } else if (a.status === 'break' && b.status === 'break' && isDiffEmpty(diff)) {
    // A walk's finding already has its annotation at this line: one for the line, not a notice beside it.
    if (report.lead.length > 0) return lines;
    const unkeyed = findings.find((finding) => finding.kind === 'unkeyed');
    const untold =
      unkeyed === undefined
        ? ''
        : ` (${plural(unkeyed.names.length + unkeyed.more, 'value')} not compared: see the warning)`;
    annotate(
      'notice',
      'bpdiff: no differences',
      `No differences at ${describeBreakpoint(breakpoint)}: ${plural(diff.unchanged.length, 'variable')} identical in ${labels.a} and ${labels.b}${untold}.`,
    );
  } else {
    lines.push(`bpdiff at ${describeBreakpoint(breakpoint)}: ${describeCounts(countDiff(diff), labels)}`);
  }
  return lines;
}

/** A run's file (absolute, or relative to the run's folder) named from `root` when it lies below it, else null. */
function fromRoot(file: string, capture: Pick<RunCapture, 'cwd'>, root: string | undefined): string | null {
  if (root === undefined) return null;
  const absolute = path.isAbsolute(file) ? file : capture.cwd === undefined ? null : path.resolve(capture.cwd, file);
  if (absolute === null) return null;
  const relative = path.relative(root, absolute);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative)
    ? null
    : relative.split(path.sep).join('/');
}

/** The innermost frame of a crashed run in its own files (below its folder, and the root), or null. */
function raisedAt(capture: RunCapture, root: string | undefined): { file: string; line: string } | null {
  for (const frame of capture.frames) {
    if (frame.file === null || path.isAbsolute(frame.file) || frame.line <= 0) continue;
    const file = root === undefined ? frame.file : fromRoot(frame.file, capture, root);
    if (file !== null) return { file, line: String(frame.line) };
  }
  return null;
}

/**
 * At most ANNOTATIONS_SHOWN annotations of each level: when there are more, the first nine and one
 * that counts the rest. Lines that are not annotations are kept.
 */
export function limitAnnotations(lines: readonly string[]): string[] {
  const levelOf = (line: string): string | null => /^::(error|warning|notice) /.exec(line)?.[1] ?? null;
  const total = new Map<string, number>();
  for (const line of lines) {
    const level = levelOf(line);
    if (level !== null) total.set(level, (total.get(level) ?? 0) + 1);
  }
  const kept: string[] = [];
  const seen = new Map<string, number>();
  for (const line of lines) {
    const level = levelOf(line);
    if (level === null) {
      kept.push(line);
      continue;
    }
    const count = (seen.get(level) ?? 0) + 1;
    seen.set(level, count);
    const all = total.get(level)!;
    if (all <= ANNOTATIONS_SHOWN || count < ANNOTATIONS_SHOWN) kept.push(line);
    else if (count === ANNOTATIONS_SHOWN) {
      const rest = all - ANNOTATIONS_SHOWN + 1;
      const noun = level === 'error' ? 'difference' : level;
      kept.push(
        `::${level} title=${property(`bpdiff: ${rest} more`)}::${data(`${rest} more ${rest === 1 ? noun : `${noun}s`} not shown as annotations (GitHub shows ${ANNOTATIONS_SHOWN} per step): see the job summary (--summary) or this step's log.`)}`,
      );
    }
  }
  return kept;
}

function shorten(value: string): string {
  const line = value.replace(/\s*\n\s*/g, ' ');
  return line.length > MAX_VALUE ? `${line.slice(0, MAX_VALUE)}… (${value.length} chars)` : line;
}

/** A workflow command's message. */
export function data(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

/** A workflow command's property value. */
export function property(text: string): string {
  return data(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}
