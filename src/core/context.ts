// A compact text for an AI consumer: what was compared, where each run stopped (or why not), the
// source line, and where to look first. Pure: the caller reads the source line and passes it in.
import type { RunCapture, VariableDiff } from './types.js';
import type { Finding } from './findings.js';
import { countDiff, describeBreakpoint, describeCounts } from './describe.js';
import { describeRunEnd, renderHint, showValue, type RunLabels } from './hints.js';

export interface ContextInput {
  captureA: RunCapture;
  captureB: RunCapture;
  diff: VariableDiff;
  findings: readonly Finding[];
  /** The text of the breakpoint's line in run A's file, or null when it could not be read. */
  sourceLine: string | null;
  /** The same for run B's breakpoint (its own file and line). */
  sourceLineB?: string | null;
  /** The bpdiff.config.json whose options the call read, when it read one: a reader must know what set them. */
  config?: string | null;
}

const FIRST_DIFFERENCE_KINDS = new Set<Finding['kind']>([
  'breakpoint_mismatch',
  'no_break',
  'type_changed',
  'null_changed',
  'number_changed',
  'value_changed',
  'only_in',
]);

export function buildContext(input: ContextInput): string {
  const { captureA, captureB, diff, findings, sourceLine } = input;
  const sourceLineB = input.sourceLineB ?? null;
  const labels: RunLabels = { a: captureA.run.label, b: captureB.run.label };
  const bp = captureA.breakpoint;
  const bpB = captureB.breakpoint;
  const ownB = bpB.file !== bp.file || bpB.line !== bp.line;
  const lines: string[] = ownB
    ? [
        'bpdiff ran two commands under a debugger, stopped each at its own breakpoint and compared the variables visible there.',
        `Breakpoint in ${labels.a}: ${describeBreakpoint(bp, { quoteCondition: true })}`,
        `Breakpoint in ${labels.b}: ${describeBreakpoint(bpB, { quoteCondition: true })}`,
      ]
    : [
        'bpdiff ran two commands under a debugger, stopped each at the same breakpoint and compared the variables visible there.',
        `Breakpoint: ${describeBreakpoint(bp, { quoteCondition: true })}`,
      ];
  if (input.config) lines.push(`Config: ${input.config} (its options are defaults the call's own override)`);
  const sourceDiffers = sourceLineB !== null && sourceLine !== null && sourceLineB.trim() !== sourceLine.trim();
  if (sourceLine !== null)
    lines.push(
      `Source${ownB || sourceDiffers ? ` in ${labels.a}` : ''} at line ${bp.line}: ${showValue(sourceLine.trim())}`,
    );
  if (sourceLineB !== null && (sourceDiffers || (ownB && sourceLine === null)))
    lines.push(`Source in ${labels.b} at line ${bpB.line}: ${showValue(sourceLineB.trim())}`);
  else if (sourceDiffers === false && ownB && sourceLineB !== null)
    lines.push(`The source line is the same in ${labels.b} (line ${bpB.line}).`);

  for (const capture of [captureA, captureB]) {
    lines.push(`Run ${capture.run.label}: ${capture.run.command}`);
    const where = [
      capture.cwd === undefined ? null : `in ${capture.cwd}`,
      capture.env_names?.length ? `with ${capture.env_names.join(', ')} set` : null,
    ].filter((part) => part !== null);
    if (where.length > 0) lines.push(`  ran ${where.join(', ')}`);
    if (capture.run.status === 'break') {
      const frame = capture.frames[0];
      const inFrame = frame === undefined || frame.name === '' ? '' : ` in ${frame.name}`;
      const count = Object.keys(capture.run.variables).length;
      lines.push(
        `  stopped at ${capture.run.location.file}:${capture.run.location.line}${inFrame} (${count} ${count === 1 ? 'variable' : 'variables'})`,
      );
    } else {
      lines.push(`  did not stop: ${describeRunEnd(capture === captureA ? 'a' : 'b', capture, findings)}`);
    }
  }

  lines.push(`Diff: ${describeCounts(countDiff(diff), labels)}.`);

  const first = findings.find((finding) => FIRST_DIFFERENCE_KINDS.has(finding.kind));
  if (first !== undefined) lines.push(`First difference: ${renderHint(first, labels)}`);
  else if (captureA.run.status === 'break' && captureB.run.status === 'break') {
    lines.push(
      countDiff(diff).unchanged === 0
        ? 'First difference: none, but nothing was compared: neither run read a variable.'
        : 'First difference: none; the variables are identical.',
    );
  }
  return lines.join('\n');
}
