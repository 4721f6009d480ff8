// docs/bpdiff.1, the manual page (roff, man(7) macros), written from the same option declarations as
// the help and docs/options.md, so `man bpdiff` cannot drift from the flags: `npm run docs` writes it,
// and a unit test fails when it is stale.
import {
  OPTION_DECLARATIONS,
  defaultOf,
  snakeCase,
  type CommandName,
  type OptionDeclaration,
} from '../options/declarations.js';
import { COMMANDS, EXAMPLES, USAGE } from './define-parser.js';

/** How each command is written in a synopsis, and its name in the Commands column of an option. */
const SYNOPSES: ReadonlyArray<readonly [keyof typeof COMMANDS, string]> = [
  ['compare', USAGE.replace('$0', 'bpdiff')],
  ['locate', 'bpdiff locate [options] -- CMD_A [ARGS...] -- CMD_B [ARGS...]'],
  ['diff', 'bpdiff diff CAPTURE_A CAPTURE_B [options]'],
  ['capture', 'bpdiff capture --bp FILE:LINE [options] -- CMD [ARGS...]'],
  ['check', 'bpdiff check [NAME...] [-u[=failing]] [--ci] [options]'],
  ['schema', 'bpdiff schema [--capture]'],
  ['validate', 'bpdiff validate FILE'],
  ['doctor', 'bpdiff doctor [--adapter-config FILE]'],
  ['mcp', 'bpdiff mcp'],
  ['completion', 'bpdiff completion [bash|zsh|fish]'],
];

const COMMAND_NAMES: Record<CommandName, string> = {
  compare: 'bpdiff',
  diff: 'diff',
  capture: 'capture',
  check: 'check',
  locate: 'locate',
};

const VALUES: Record<OptionDeclaration['kind'], string> = {
  string: 'TEXT',
  flag: '',
  integer: 'N',
  seconds: 'SECONDS',
  choice: '',
  pairs: 'NAME=VALUE',
  globs: 'GLOB',
  rewrites: 'REGEX=>REPLACEMENT',
  tolerance: 'N|N%',
  texts: 'TEXT',
};

const REPEATABLE = new Set<OptionDeclaration['kind']>(['pairs', 'globs', 'rewrites', 'texts']);

export function renderManPage(version: string): string {
  const lines = [
    '.\\" Written by `npm run docs` from src/options/declarations.ts: edit the declarations, not this file.',
    `.TH BPDIFF 1 "" "bpdiff ${roff(version)}" "User Commands"`,
    '.SH NAME',
    'bpdiff \\- compare the variables at one breakpoint across two runs of a program',
    '.SH SYNOPSIS',
    ...SYNOPSES.flatMap(([, synopsis], index) => [...(index > 0 ? ['.br'] : []), synopsisLine(synopsis)]),
    '.SH DESCRIPTION',
    roff(
      "bpdiff runs two commands under a real debugger (a Debug Adapter Protocol adapter), stops both at the same breakpoint and compares the variables visible there: which changed, stayed the same, or exist in only one run. On a terminal it prints the comparison as text; piped, redirected or with -o FILE it writes the JSON result document (bpdiff schema prints its schema). Everything after the first -- is command A, up to the next --; the rest is command B. A command's own -- is written \\-- (bpdiff passes it on as --).",
    ),
    '.SH COMMANDS',
    ...SYNOPSES.flatMap(([command, synopsis]) => [
      '.TP',
      `.B ${roff(command === 'compare' ? 'bpdiff --bp FILE:LINE -- CMD_A -- CMD_B' : synopsis.split(' [')[0]!)}`,
      roff(COMMANDS[command]),
    ]),
    '.SH OPTIONS',
    roff(
      'Each option names the commands that take it; those with a config key are also read from bpdiff.config.json (snake_case), where the command line overrides them. The library and the MCP tools take the same options by their config key.',
    ),
  ];
  const groups = [...new Set(OPTION_DECLARATIONS.map((declaration) => declaration.group))];
  for (const group of groups) {
    lines.push(`.SS ${group.replace(/:$/, '')}`);
    for (const declaration of OPTION_DECLARATIONS.filter((candidate) => candidate.group === group))
      lines.push('.TP', optionHeading(declaration), roff(optionBody(declaration)));
  }
  lines.push(
    '.SH EXIT STATUS',
    '.TP',
    '.B 0',
    roff('Both runs stopped at the breakpoint, no variable differs, and at least one was compared.'),
    '.TP',
    '.B 1',
    roff(
      'A difference: a changed variable, a variable in only one run, or a run that did not stop at the breakpoint (bpdiff check: a check that failed).',
    ),
    '.TP',
    '.B 2',
    roff(
      'An error: bad arguments, a missing file, an adapter that could not be started, or a run bpdiff could not debug. Every error is one line on stderr, saying what was wrong and what to do.',
    ),
    '.TP',
    '.B 130, 143, 129',
    roff('Interrupted by SIGINT (Ctrl-C), SIGTERM or SIGHUP: both runs are stopped and nothing is written.'),
    '.PP',
    roff('bpdiff validate: 0 valid, 1 invalid, 2 the file cannot be read.'),
    '.SH ENVIRONMENT',
    ...environment(),
    '.SH FILES',
    '.TP',
    '.I bpdiff.config.json',
    roff(
      "A team's option defaults and its named checks, read from the nearest one from the working directory upward (up to the repository's root or the home folder), or --config FILE.",
    ),
    '.TP',
    '.I .bpdiff/baselines/',
    roff("The checks' committed baselines, one run capture each (bpdiff check -u re-records them)."),
    '.SH EXAMPLES',
    ...examples(),
    '.SH SEE ALSO',
    roff(
      "The README and docs/options.md at https://github.com/bpdiff/bpdiff; the result document's JSON Schemas in the package's schema/ folder (bpdiff schema).",
    ),
  );
  return `${lines.join('\n')}\n`;
}

function synopsisLine(synopsis: string): string {
  const [command, rest] =
    synopsis.startsWith('bpdiff ') && !synopsis.startsWith('bpdiff --')
      ? [synopsis.split(' ').slice(0, 2).join(' '), synopsis.split(' ').slice(2).join(' ')]
      : ['bpdiff', synopsis.slice('bpdiff '.length)];
  return `.B ${roff(command)}${rest ? `\n${roff(rest)}` : ''}`;
}

function optionHeading(declaration: OptionDeclaration): string {
  const value = declaration.kind === 'choice' ? declaration.choices!.join('|') : VALUES[declaration.kind];
  const flag = `\\fB${roff(`--${declaration.flag}`)}\\fR${declaration.alias ? `, \\fB${roff(`-${declaration.alias}`)}\\fR` : ''}`;
  return `${flag}${value ? ` \\fI${roff(value)}\\fR` : ''}`;
}

function optionBody(declaration: OptionDeclaration): string {
  const shown = defaultOf(declaration);
  const parts = [`${capitalise(declaration.describe)}.`];
  if (shown !== undefined && shown !== null && shown !== false && String(shown) !== '')
    parts.push(`Default: ${String(shown)}.`);
  if (REPEATABLE.has(declaration.kind)) parts.push('Repeatable.');
  parts.push(`Commands: ${declaration.commands.map((command) => COMMAND_NAMES[command]).join(', ')}.`);
  if (
    declaration.commands.includes('check') &&
    (declaration.target !== undefined || ['fail-on', 'format'].includes(declaration.flag))
  )
    parts.push(`Config key: ${snakeCase(declaration.flag)}.`);
  return parts.join(' ');
}

function environment(): string[] {
  const entries: Array<[string, string]> = [
    [
      'CI',
      'When set (not 0 or false), bpdiff check runs as with --ci: a missing baseline fails instead of being recorded.',
    ],
    ['NO_COLOR', 'When set and not empty, no colour in the text output (--color auto).'],
    ['FORCE_COLOR', 'When set (not 0), colour in the text output even when stdout is not a terminal (--color auto).'],
    [
      'BPDIFF_REDACT_KEY',
      'The key of the redaction markers (an HMAC), so two machines mark the same secret alike; random per run when unset.',
    ],
    ['BPDIFF_TRACE', 'FILE, or 1 for stderr: the time of each phase and every DAP message, as JSON lines.'],
    ['BPDIFF_NO_CACHE', 'When set, bpdiff keeps nothing in its cache folder ($XDG_CACHE_HOME/bpdiff).'],
  ];
  return entries.flatMap(([name, meaning]) => ['.TP', `.B ${name}`, roff(meaning)]);
}

/** The help's examples, each command's, as indented no-fill blocks. */
function examples(): string[] {
  return Object.values(EXAMPLES).flatMap((block) => [
    '.PP',
    '.nf',
    '.RS 4',
    ...block.map((line) => roff(line.replace(/^ {2}/, ''))),
    '.RE',
    '.fi',
  ]);
}

function capitalise(sentence: string): string {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/**
 * Text as roff reads it: a backslash is \e, a dash \- (a flag's dashes stay ASCII, to be copied and
 * searched for), and a line starting with . or ' would be a request, so it starts with the zero-width \&.
 */
function roff(words: string): string {
  const escaped = words.replaceAll('\\', '\\e').replaceAll('-', '\\-');
  return escaped
    .split('\n')
    .map((line) => (/^[.']/.test(line) ? `\\&${line}` : line))
    .join('\n');
}
