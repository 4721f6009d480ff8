// The output of `bpdiff check`: each check's comparison, rendered by the chosen writer, put together
// with what the checks say about their baselines (a check with none, a baseline just recorded, an
// obsolete one) and, for each check that failed on a difference, how to accept it (`bpdiff check -u
// NAME`, then commit the baselines). json: one shape whatever the number of checks, `{"checks":
// {NAME: document}, "no_baseline": {...}, "recorded": {...}, "obsolete_baselines": [...]}`; markdown,
// one verdict line per check before each check's section (one check compared and nothing else to say:
// its section alone); github, every check's annotations and one for each baseline problem and each
// change to accept, within the limit GitHub shows per step; junit, one test case per check; text,
// each check under its name (one check alone: as it is), then the tally ("checks: 1 failed, ...").
import type { Report } from '../report/report.js';
import { checkWords } from '../messages.js';
import { plural } from '../core/describe.js';
import { formatJson } from '../report/json.js';
import { data, limitAnnotations, property } from './format-github.js';
import { junitSuite, reportCase, type JunitCase } from './format-junit.js';
import { code, escapeText, verdict } from './format-markdown.js';
import type { WriterName } from './writers.js';

export { describeChanges as describeBaselineChange } from './describe-changes.js';

/**
 * A check's breakpoint as its config writes it (`file` relative to the check's folder), and `path`,
 * its file from the repository's root, where annotations and test reports name it (else `file`).
 */
export interface CheckAt {
  file: string;
  line: number;
  path?: string;
}

/** What one check came to. Paths are as the user reads them (relative to the working directory). */
export type CheckOutcome =
  | { name: string; kind: 'compared'; report: Report; text: string; at?: CheckAt }
  /** Its baseline is missing and was not written (--ci): a failure. */
  | { name: string; kind: 'no_baseline'; baseline: string; at: CheckAt }
  /** Its baseline was missing and this run was recorded as it. */
  | { name: string; kind: 'recorded'; baseline: string; at: CheckAt };

/** What the whole run says beside the checks. */
export interface CheckContext {
  /** Baselines no check refers to, as the user reads their paths. */
  obsolete: readonly string[];
  /** Whether those fail the run (--fail-on-obsolete, "fail_on_obsolete" in the config). */
  failOnObsolete: boolean;
  /** How to accept a check's change, by its name: the command, then what to commit (null: not here). */
  accept: (name: string) => { command: string; commit: string } | null;
  /** The config file, as the user reads its path (for how to update a check's moved line). */
  config?: string;
  /** A path as the user reads it, named from the repository's root for an annotation (else as it is). */
  fromRoot?: (shown: string) => string;
}

/**
 * When a check's line moved in the live run's copy of the file (its breakpoint followed the
 * baseline's line there), the line it is now and how to update the config: null when it did not.
 */
export function movedLine(outcome: CheckOutcome, config: string | undefined): string | null {
  if (outcome.kind !== 'compared' || !outcome.at) return null;
  const live = outcome.report.captures[1];
  if (
    live.run.status !== 'break' ||
    live.breakpoint.file !== outcome.at.file ||
    live.breakpoint.line === outcome.at.line
  )
    return null;
  const now = `${live.breakpoint.file}:${live.breakpoint.line}`;
  return `check ${outcome.name}: its line ${outcome.at.file}:${outcome.at.line} is line ${live.breakpoint.line} now — update its "bp" to "${now}"${config ? ` in ${config}` : ''}`;
}

/** "to accept: `bpdiff check -u NAME`, then commit `.bpdiff/baselines/`" (markdown: as code). */
export function acceptText(accept: { command: string; commit: string } | null, markdown = false): string {
  if (!accept) return '';
  const quote = markdown ? code : (text: string): string => `\`${text}\``;
  return `to accept: ${quote(accept.command)}, then commit ${quote(accept.commit)}`;
}

export function combineChecks(outcomes: readonly CheckOutcome[], format: WriterName, context: CheckContext): string {
  const { obsolete } = context;
  const compared = outcomes.filter((outcome) => outcome.kind === 'compared');
  const alone = outcomes.length === 1 && compared.length === 1 && obsolete.length === 0;
  const accepting = outcomes.filter((outcome) => acceptable(outcome) && context.accept(outcome.name) !== null);
  const moves = outcomes.map((outcome) => movedLine(outcome, context.config)).filter((line) => line !== null);
  switch (format) {
    case 'json':
      return formatJson({
        checks: Object.fromEntries(compared.map((outcome) => [outcome.name, JSON.parse(outcome.text) as unknown])),
        no_baseline: byName(outcomes, 'no_baseline'),
        recorded: byName(outcomes, 'recorded'),
        obsolete_baselines: obsolete,
      });
    case 'junit':
      return junitSuite('bpdiff check', [
        ...outcomes.map((outcome) => junitCase(outcome, context)),
        ...(context.failOnObsolete ? obsolete.map(obsoleteCase) : []),
      ]);
    case 'github': {
      const obsoleteLevel = context.failOnObsolete ? 'error' : 'warning';
      const accepts = accepting.flatMap((outcome) => {
        const at = atOf(outcome);
        return at
          ? [
              `::notice file=${property(at.file)},line=${at.line},title=${property(`bpdiff: to accept check ${outcome.name}`)}::${data(acceptText(context.accept(outcome.name)))}`,
            ]
          : [];
      });
      const movedNotices = outcomes.flatMap((outcome) => {
        const moved = movedLine(outcome, context.config);
        const at = atOf(outcome);
        return moved !== null && at
          ? [
              `::notice file=${property(at.file)},line=${at.line},title=${property(`bpdiff: check ${outcome.name}: its line moved`)}::${data(moved)}`,
            ]
          : [];
      });
      return `${limitAnnotations([...outcomes.flatMap(githubLines), ...movedNotices, ...obsolete.map((file) => `::${obsoleteLevel} file=${property(context.fromRoot?.(file) ?? file)},title=${property('bpdiff: obsolete baseline')}::${data(checkWords.obsolete(file))}`), ...accepts]).join('\n')}\n`;
    }
    case 'markdown':
      return alone
        ? `${compared[0]!.text}${moves.map((line) => `\n${escapeText(line)}\n`).join('')}${accepting.map((outcome) => `\n${acceptText(context.accept(outcome.name), true)}\n`).join('')}`
        : markdown(outcomes, context);
    default: {
      const body = alone
        ? [compared[0]!.text]
        : [
            ...outcomes.map((outcome) =>
              outcome.kind === 'compared'
                ? `check ${outcome.name}\n${outcome.text}`
                : `check ${outcome.name}\n${describeBaseline(outcome)}\n`,
            ),
            ...obsolete.map((file) => `${checkWords.obsolete(file)}\n`),
          ];
      return `${body.join('\n')}\n${moves.map((line) => `${line}\n`).join('')}${accepting.map((outcome) => `${acceptText(context.accept(outcome.name))}\n`).join('')}${tally(outcomes, context)}\n`;
    }
  }
}

/** Whether a check failed: its comparison's exit status is not 0, or it has no baseline. */
export function checkFailed(outcome: CheckOutcome): boolean {
  return outcome.kind === 'no_baseline' || (outcome.kind === 'compared' && outcome.report.exitCode !== 0);
}

/** "checks: 1 failed, 2 passed, 3 total" (and how many were recorded, and the obsolete baselines). */
export function tally(
  outcomes: readonly CheckOutcome[],
  context: Pick<CheckContext, 'obsolete' | 'failOnObsolete'>,
): string {
  const failed = outcomes.filter(checkFailed).length;
  const recorded = outcomes.filter((outcome) => outcome.kind === 'recorded').length;
  const passed = outcomes.length - failed - recorded;
  const obsolete =
    context.obsolete.length === 0
      ? ''
      : `; ${plural(context.obsolete.length, 'obsolete baseline')}${context.failOnObsolete ? ' (failing: --fail-on-obsolete)' : ''}`;
  return `checks: ${failed} failed, ${passed} passed, ${recorded > 0 ? `${recorded} recorded, ` : ''}${outcomes.length} total${obsolete}`;
}

/** A check a reviewer may accept: it failed on a difference (not an error), or it has no baseline. */
function acceptable(outcome: CheckOutcome): boolean {
  return outcome.kind === 'no_baseline' || (outcome.kind === 'compared' && outcome.report.exitCode === 1);
}

/** Where a check's annotations go: its file from the repository's root, at its line in the live run's copy. */
function atOf(outcome: CheckOutcome): { file: string; line: number } | null {
  if (outcome.kind !== 'compared') return { file: outcome.at.path ?? outcome.at.file, line: outcome.at.line };
  const { breakpoint } = outcome.report.document;
  const live = outcome.report.captures[1];
  // The line in the live run's copy of the file when its breakpoint followed the baseline's there.
  return {
    file: outcome.at?.file === breakpoint.file ? (outcome.at.path ?? breakpoint.file) : breakpoint.file,
    line:
      live.run.status === 'break' && live.breakpoint.file === breakpoint.file ? live.breakpoint.line : breakpoint.line,
  };
}

function markdown(outcomes: readonly CheckOutcome[], context: CheckContext): string {
  const { obsolete } = context;
  const failed = outcomes.filter(checkFailed).length;
  const obsoleteFails = context.failOnObsolete && obsolete.length > 0;
  const heading =
    failed === 0 && !obsoleteFails
      ? `### ✅ bpdiff check: ${outcomes.length === 1 ? 'the check passed' : `all ${outcomes.length} checks passed`}`
      : failed === 0
        ? `### ❌ bpdiff check: ${plural(obsolete.length, 'obsolete baseline')} (--fail-on-obsolete)`
        : `### ❌ bpdiff check: ${failed} of ${plural(outcomes.length, 'check')} failed`;
  const lines = [heading, ''];
  for (const outcome of outcomes) {
    if (outcome.kind === 'compared') {
      const { passed, counts } = verdict(outcome.report);
      lines.push(`- ${passed && outcome.report.exitCode === 0 ? '✅' : '❌'} ${code(outcome.name)}: ${counts}`);
    } else {
      lines.push(
        `- ${outcome.kind === 'no_baseline' ? '❌' : '📝'} ${code(outcome.name)}: ${escapeText(describeBaseline(outcome))}`,
      );
    }
  }
  for (const file of obsolete) lines.push(`- ${obsoleteFails ? '❌' : '⚠️'} ${escapeText(checkWords.obsolete(file))}`);
  const accepting = outcomes.filter((outcome) => acceptable(outcome) && context.accept(outcome.name) !== null);
  for (const outcome of outcomes) {
    const moved = movedLine(outcome, context.config);
    if (moved !== null) lines.push('', escapeText(moved));
  }
  for (const outcome of accepting) lines.push('', acceptText(context.accept(outcome.name), true));
  const sections = outcomes.flatMap((outcome) =>
    outcome.kind === 'compared' ? [`## check \`${outcome.name}\`\n\n${outcome.text}`] : [],
  );
  return [`${lines.join('\n')}\n`, ...sections].join('\n');
}

function githubLines(outcome: CheckOutcome): string[] {
  if (outcome.kind === 'compared') return outcome.text.split('\n').filter((line) => line !== '');
  const level = outcome.kind === 'no_baseline' ? 'error' : 'notice';
  const title =
    outcome.kind === 'no_baseline'
      ? `bpdiff: check ${outcome.name} has no baseline`
      : `bpdiff: check ${outcome.name}: baseline recorded`;
  return [
    `::${level} file=${property(outcome.at.path ?? outcome.at.file)},line=${outcome.at.line},title=${property(title)}::${data(describeBaseline(outcome))}`,
  ];
}

function junitCase(outcome: CheckOutcome, context: CheckContext): JunitCase {
  if (outcome.kind === 'compared')
    return {
      ...reportCase(
        outcome.name,
        outcome.report,
        outcome.report.exitCode === 1 && context.accept(outcome.name)
          ? ['', acceptText(context.accept(outcome.name))]
          : [],
      ),
      // Where the annotations go: the file from the repository's root, the line in the live run's copy.
      ...atOf(outcome),
    };
  const where = { file: outcome.at.path ?? outcome.at.file, line: outcome.at.line };
  if (outcome.kind === 'recorded') return { name: outcome.name, ...where, outcome: 'passed' };
  return {
    name: outcome.name,
    ...where,
    outcome: 'failure',
    message: describeBaseline(outcome),
    text: acceptText(context.accept(outcome.name)),
  };
}

function obsoleteCase(file: string): JunitCase {
  return {
    name: `obsolete baseline ${file}`,
    file,
    outcome: 'failure',
    message: checkWords.obsolete(file),
    text: checkWords.obsolete(file),
  };
}

function describeBaseline(outcome: Exclude<CheckOutcome, { kind: 'compared' }>): string {
  return outcome.kind === 'no_baseline'
    ? checkWords.noBaseline(outcome.name, outcome.baseline)
    : checkWords.baselineWritten(outcome.name, outcome.baseline);
}

function byName(outcomes: readonly CheckOutcome[], kind: 'no_baseline' | 'recorded'): Record<string, string> {
  const chosen = outcomes.filter(
    (outcome): outcome is Extract<CheckOutcome, { kind: typeof kind }> => outcome.kind === kind,
  );
  return Object.fromEntries(chosen.map((outcome) => [outcome.name, outcome.baseline]));
}
