// The output of `bpdiff check`: each check's comparison, rendered by the chosen writer, put together
// with what the checks say about their baselines (a check with none, a baseline just recorded, an
// obsolete one). One check compared and nothing else to say prints that check's output as it is.
// Otherwise: json, one object `{"checks": {NAME: document}}` (and `no_baseline`, `recorded`,
// `obsolete_baselines` when there are any); markdown, one verdict line per check (✅/❌ and its
// counts) before each check's section; github, every check's annotations and one for each baseline
// problem, within the limit GitHub shows per step; text, each check under its name.
import type { Report } from '../report/report.js';
import { checkWords } from '../messages.js';
import { plural } from '../core/describe.js';
import { formatJson } from '../report/json.js';
import { data, limitAnnotations, property } from './format-github.js';
import { describeDelta } from './verbs.js';
import { code, escapeText, verdict } from './format-markdown.js';
import type { WriterName } from './writers.js';

/** What one check came to. Paths are as the user reads them (relative to the working directory). */
export type CheckOutcome =
  | { name: string; kind: 'compared'; report: Report; text: string }
  /** Its baseline is missing and was not written (--ci): a failure. */
  | { name: string; kind: 'no_baseline'; baseline: string; at: { file: string; line: number } }
  /** Its baseline was missing and this run was recorded as it. */
  | { name: string; kind: 'recorded'; baseline: string; at: { file: string; line: number } };

export function combineChecks(outcomes: readonly CheckOutcome[], format: WriterName, obsolete: readonly string[]): string {
  const compared = outcomes.filter((outcome) => outcome.kind === 'compared');
  if (outcomes.length === 1 && compared.length === 1 && (obsolete.length === 0 || format === 'json' || format === 'text')) return compared[0]!.text;
  switch (format) {
    case 'json':
      return formatJson({
        checks: Object.fromEntries(compared.map((outcome) => [outcome.name, JSON.parse(outcome.text) as unknown])),
        ...byName(outcomes, 'no_baseline', 'no_baseline'),
        ...byName(outcomes, 'recorded', 'recorded'),
        ...(obsolete.length > 0 ? { obsolete_baselines: obsolete } : {}),
      });
    case 'github':
      return `${limitAnnotations(outcomes.flatMap(githubLines).concat(obsolete.map((file) => `::warning file=${property(file)},title=${property('bpdiff: obsolete baseline')}::${data(checkWords.obsolete(file))}`))).join('\n')}\n`;
    case 'markdown':
      return markdown(outcomes, obsolete);
    default:
      return [...outcomes.map((outcome) => (outcome.kind === 'compared' ? `check ${outcome.name}\n${outcome.text}` : `check ${outcome.name}\n${describeBaseline(outcome)}\n`)), ...obsolete.map((file) => `${checkWords.obsolete(file)}\n`)].join('\n');
  }
}

/** Whether a check failed: its comparison's exit status is not 0, or it has no baseline. */
export function checkFailed(outcome: CheckOutcome): boolean {
  return outcome.kind === 'no_baseline' || (outcome.kind === 'compared' && outcome.report.exitCode !== 0);
}

function markdown(outcomes: readonly CheckOutcome[], obsolete: readonly string[]): string {
  const failed = outcomes.filter(checkFailed).length;
  const heading = failed === 0 ? `### ✅ bpdiff check: ${outcomes.length === 1 ? 'the check passed' : `all ${outcomes.length} checks passed`}` : `### ❌ bpdiff check: ${failed} of ${plural(outcomes.length, 'check')} failed`;
  const lines = [heading, ''];
  for (const outcome of outcomes) {
    if (outcome.kind === 'compared') {
      const { passed, counts } = verdict(outcome.report);
      lines.push(`- ${passed && outcome.report.exitCode === 0 ? '✅' : '❌'} ${code(outcome.name)}: ${counts}`);
    } else {
      lines.push(`- ${outcome.kind === 'no_baseline' ? '❌' : '📝'} ${code(outcome.name)}: ${escapeText(describeBaseline(outcome))}`);
    }
  }
  for (const file of obsolete) lines.push(`- ⚠️ ${escapeText(checkWords.obsolete(file))}`);
  const sections = outcomes.flatMap((outcome) => (outcome.kind === 'compared' ? [`## check \`${outcome.name}\`\n\n${outcome.text}`] : []));
  return [`${lines.join('\n')}\n`, ...sections].join('\n');
}

function githubLines(outcome: CheckOutcome): string[] {
  if (outcome.kind === 'compared') return outcome.text.split('\n').filter((line) => line !== '');
  const level = outcome.kind === 'no_baseline' ? 'error' : 'notice';
  const title = outcome.kind === 'no_baseline' ? `bpdiff: check ${outcome.name} has no baseline` : `bpdiff: check ${outcome.name}: baseline recorded`;
  return [`::${level} file=${property(outcome.at.file)},line=${outcome.at.line},title=${property(title)}::${data(describeBaseline(outcome))}`];
}

function describeBaseline(outcome: Exclude<CheckOutcome, { kind: 'compared' }>): string {
  return outcome.kind === 'no_baseline' ? checkWords.noBaseline(outcome.name, outcome.baseline) : checkWords.baselineWritten(outcome.name, outcome.baseline);
}

function byName(outcomes: readonly CheckOutcome[], kind: 'no_baseline' | 'recorded', key: string): Record<string, Record<string, string>> {
  const chosen = outcomes.filter((outcome): outcome is Extract<CheckOutcome, { kind: typeof kind }> => outcome.kind === kind);
  return chosen.length === 0 ? {} : { [key]: Object.fromEntries(chosen.map((outcome) => [outcome.name, outcome.baseline])) };
}

/** Most lines of changes listed for one updated baseline; git diff shows them all. */
const MAX_CHANGE_LINES = 20;

/**
 * What changed in a baseline that -u re-recorded, from the comparison of the old baseline (run A)
 * with the new recording (run B): one line per changed variable (`discount: 0.15 -> 0.2 (up 0.05,
 * +33.3%)`), `+ name = value` for one that is new, `- name = value` for one that is gone.
 */
export function describeBaselineChange(report: Report): string[] {
  const { run_a: a, run_b: b, diff } = report.document;
  const lines = [
    ...Object.entries(diff.changed).map(([name, { a: before, b: after }]) => {
      const finding = report.changes[name];
      const delta = finding ? describeDelta(finding) : '';
      return `${name}: ${oneLine(before)} -> ${oneLine(after)}${delta === '' ? '' : ` (${delta})`}`;
    }),
    ...diff.only_in_b.map((name) => `+ ${name} = ${oneLine(b.variables[name] ?? '')}`),
    ...diff.only_in_a.map((name) => `- ${name} = ${oneLine(a.variables[name] ?? '')}`),
  ];
  if (a.status !== b.status) lines.unshift(b.status === 'break' ? 'the run now stops at the breakpoint' : 'the run no longer stops at the breakpoint');
  if (lines.length <= MAX_CHANGE_LINES) return lines;
  return [...lines.slice(0, MAX_CHANGE_LINES - 1), `and ${lines.length - MAX_CHANGE_LINES + 1} more (git diff shows every one)`];
}

function oneLine(value: string): string {
  const line = value.replace(/\s*\n\s*/g, ' ');
  return line.length > 120 ? `${line.slice(0, 120)}… (${value.length} chars)` : line;
}
