// The junit writer: JUnit XML, the test report GitLab, Jenkins, Azure Pipelines and most CI dashboards
// read. One comparison is one test case (named by its breakpoint); `bpdiff check` makes one test case
// per check (check-summary.ts). A difference is a <failure> whose text lists the changes, one line
// each (`rate: 0.1 -> 1.0 (up 0.9, 10x)`), an error (exit 2) an <error>. Values come from the report,
// already redacted; every text is XML-escaped, and characters XML 1.0 cannot hold are dropped.
import { describeBreakpoint } from '../core/describe.js';
import type { Report } from '../report/report.js';
import { describeChanges } from './describe-changes.js';
import { verdict } from './format-markdown.js';

/** One test case: passed, or failed (a difference) or in error, with the message and the text. */
export interface JunitCase {
  name: string;
  file?: string;
  line?: number;
  outcome: 'passed' | 'failure' | 'error';
  message?: string;
  text?: string;
}

export function writeJunit(report: Report): string {
  return junitSuite('bpdiff', [reportCase(describeBreakpoint(report.document.breakpoint), report)]);
}

/** A comparison as a test case named `name`: its exit status decides passed, failure (1) or error (2). */
export function reportCase(name: string, report: Report, extra: readonly string[] = []): JunitCase {
  const { breakpoint } = report.document;
  const where = { file: breakpoint.file, line: breakpoint.line };
  if (report.exitCode === 0) return { name, ...where, outcome: 'passed' };
  const lines = [...(report.lead.length > 0 ? report.lead : []), ...describeChanges(report), ...extra];
  return {
    name,
    ...where,
    outcome: report.exitCode === 2 ? 'error' : 'failure',
    message: verdict(report).counts,
    text: lines.join('\n'),
  };
}

/** The XML document: one <testsuite> named `suite` in <testsuites>, with its counts. */
export function junitSuite(suite: string, cases: readonly JunitCase[]): string {
  const failures = cases.filter((one) => one.outcome === 'failure').length;
  const errors = cases.filter((one) => one.outcome === 'error').length;
  const counts = `tests="${cases.length}" failures="${failures}" errors="${errors}"`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(suite)}" ${counts}>`,
    `  <testsuite name="${xml(suite)}" ${counts} skipped="0">`,
  ];
  for (const one of cases) {
    const attributes = [
      `name="${xml(one.name)}"`,
      `classname="${xml(suite)}"`,
      ...(one.file !== undefined ? [`file="${xml(one.file)}"`] : []),
      ...(one.line !== undefined ? [`line="${one.line}"`] : []),
    ].join(' ');
    if (one.outcome === 'passed') {
      lines.push(`    <testcase ${attributes}/>`);
      continue;
    }
    lines.push(
      `    <testcase ${attributes}>`,
      `      <${one.outcome} message="${xml(one.message ?? '')}" type="${one.outcome === 'failure' ? 'difference' : 'error'}">${xml(one.text ?? '')}</${one.outcome}>`,
      '    </testcase>',
    );
  }
  lines.push('  </testsuite>', '</testsuites>');
  return `${lines.join('\n')}\n`;
}

/** Text as XML character data or an attribute value: escaped, without the characters XML 1.0 forbids. */
export function xml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}
