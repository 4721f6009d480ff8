// docs/options.md, written from the option declarations (options/declarations.ts), so the reference
// cannot drift from the flags: `npm run docs` writes it, and a unit test fails when it is stale.
import {
  OPTION_DECLARATIONS,
  defaultOf,
  snakeCase,
  type CommandName,
  type OptionDeclaration,
} from '../options/declarations.js';

const COMMANDS: Record<CommandName, string> = {
  compare: 'bpdiff',
  diff: 'diff',
  capture: 'capture',
  check: 'check',
  locate: 'locate',
};

const KINDS: Record<OptionDeclaration['kind'], string> = {
  string: 'text',
  flag: 'switch',
  integer: 'whole number',
  seconds: 'seconds',
  choice: 'one of',
  pairs: 'NAME=VALUE, repeatable',
  globs: 'glob, repeatable',
  rewrites: "'REGEX=>REPLACEMENT', repeatable",
  tolerance: 'N or N%',
  texts: 'text, repeatable',
};

export function renderOptionReference(): string {
  const lines = [
    '# bpdiff options',
    '',
    '<!-- Written by `npm run docs` from src/options/declarations.ts: edit the declarations, not this file. -->',
    '',
    'Every option of bpdiff, by group. **Commands**: where the flag is taken (`bpdiff` is the live comparison; `check` also reads the option from bpdiff.config.json, by its **config key**). The library (`compare`, `capture`, `diffCaptures`) and the MCP tools take the same options by their config key.',
  ];
  const groups = [...new Set(OPTION_DECLARATIONS.map((declaration) => declaration.group))];
  for (const group of groups) {
    lines.push(
      '',
      `## ${group.replace(/:$/, '')}`,
      '',
      '| Flag | Value | Default | Commands | Config key | Meaning |',
      '|---|---|---|---|---|---|',
    );
    for (const declaration of OPTION_DECLARATIONS.filter((candidate) => candidate.group === group)) {
      const flag = `\`--${declaration.flag}\`${declaration.alias ? `, \`-${declaration.alias}\`` : ''}`;
      const value =
        declaration.kind === 'choice'
          ? `one of ${declaration.choices!.map((choice) => `\`${choice}\``).join(', ')}`
          : `${KINDS[declaration.kind]}${range(declaration)}`;
      const shown = defaultOf(declaration);
      const fallback =
        shown === undefined || shown === null || shown === false || String(shown) === '' ? '' : `\`${String(shown)}\``;
      const configKey =
        declaration.commands.includes('check') &&
        (declaration.target !== undefined || ['fail-on', 'format'].includes(declaration.flag))
          ? `\`${snakeCase(declaration.flag)}\``
          : '';
      lines.push(
        `| ${flag} | ${value} | ${fallback} | ${declaration.commands.map((command) => COMMANDS[command]).join(', ')} | ${configKey} | ${declaration.describe.replaceAll('|', '\\|')} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

function range(declaration: OptionDeclaration): string {
  if (declaration.kind !== 'integer' && declaration.kind !== 'seconds') return '';
  const min = declaration.min ?? (declaration.kind === 'seconds' ? undefined : 0);
  const parts = [
    min !== undefined ? `from ${min}` : 'above 0',
    declaration.max !== undefined ? `to ${declaration.max}` : '',
  ].filter(Boolean);
  return ` (${parts.join(' ')})`;
}
