// `bpdiff completion bash|zsh|fish`: a completion script, written from what the command line knows:
// the subcommands (messages.ts SUBCOMMANDS, so a new one is completed without more code here), each
// one's flags (options/declarations.ts, and COMMAND_FLAGS for the few that are not declarations), the
// values of flags with choices (--adapter: the built-in adapters' ids), `check`'s names from the
// bpdiff.config.json found from the working folder as bpdiff finds it (up to the repository's root or
// the home folder; read with node, which bpdiff runs on), and files elsewhere. Nothing after the first
// `--`: that is the program's command line. The script runs no bpdiff, so completing costs little.
import { SUBCOMMANDS } from '../messages.js';
import { declarationsFor, type CommandName, type OptionDeclaration } from '../options/declarations.js';
import { builtinDefinitions } from '../adapters/registry.js';
import { COMMAND_FLAGS } from './parse-args.js';
import { CONFIG_FILE } from '../config/config.js';

/**
 * Prints the check names of a config file (its argument), one a line; nothing when it is not one.
 * In double quotes only, so that every shell's single quotes hold it; names as the schema allows them.
 */
const PRINT_CHECKS =
  'try{const c=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")).checks;for(const n of Object.keys(c??{}))if(/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(n))console.log(n)}catch{}';

/** A bash and zsh function printing the check names of the config found from the working folder. */
const SH_CHECKS = `_bpdiff_checks() {
  local dir=$PWD
  while :; do
    if [[ -f "$dir/${CONFIG_FILE}" ]]; then node -e '${PRINT_CHECKS}' "$dir/${CONFIG_FILE}" 2>/dev/null; return; fi
    [[ -e "$dir/.git" || "$dir" == "$HOME" || "$dir" == / || -z "$dir" ]] && return
    dir=\${dir%/*}; [[ -z "$dir" ]] && dir=/
  done
}`;

interface CommandFlags {
  flags: string[];
  /** Flags with choices, and the choices. */
  choices: Array<{ flags: string[]; values: readonly string[] }>;
  /** Flags that take a value (completed as a file when it has no choices). */
  valued: string[];
}

function flagsOf(subcommand: string): CommandFlags {
  const command: CommandName | null =
    subcommand === ''
      ? 'compare'
      : ((['diff', 'capture', 'check', 'locate'] as const).find((name) => name === subcommand) ?? null);
  const declarations: OptionDeclaration[] = command === null ? [] : declarationsFor(command);
  const names = (declaration: OptionDeclaration): string[] => [
    `--${declaration.flag}`,
    ...(declaration.alias ? [`-${declaration.alias}`] : []),
  ];
  return {
    flags: [...declarations.flatMap(names), ...(COMMAND_FLAGS[subcommand] ?? []), '--help'],
    choices: declarations.flatMap((declaration) => {
      if (declaration.choices !== undefined) return [{ flags: names(declaration), values: declaration.choices }];
      // --adapter takes an id of a built-in adapter (or a definition file's, which a path completes).
      return declaration.flag === 'adapter'
        ? [{ flags: names(declaration), values: builtinDefinitions().map((definition) => definition.id) }]
        : [];
    }),
    valued: declarations.filter((declaration) => declaration.kind !== 'flag').flatMap(names),
  };
}

export function completionScript(shell: 'bash' | 'zsh' | 'fish'): string {
  return shell === 'bash' ? bashScript() : shell === 'zsh' ? zshScript() : fishScript();
}

function bashScript(): string {
  const cases = ['', ...SUBCOMMANDS].map((subcommand) => {
    const { flags, choices, valued } = flagsOf(subcommand);
    const choiceCases = choices.map(
      ({ flags: names, values }) =>
        `        ${names.join('|')}) COMPREPLY=($(compgen -W '${values.join(' ')}' -- "$cur")); return ;;`,
    );
    return [
      `    ${subcommand === '' ? "''" : subcommand})`,
      '      case "$prev" in',
      ...choiceCases,
      ...(valued.length > 0 ? [`        ${valued.join('|')}) COMPREPLY=($(compgen -f -- "$cur")); return ;;`] : []),
      '      esac',
      `      words='${flags.join(' ')}'`,
      `      ${subcommand === 'completion' ? "words='bash zsh fish'" : subcommand === 'check' ? '[[ "$cur" != -* ]] && words=$(_bpdiff_checks)' : ':'}`,
      '      ;;',
    ].join('\n');
  });
  return `# bash completion for bpdiff: source <(bpdiff completion bash), e.g. in ~/.bashrc
${SH_CHECKS}
_bpdiff() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" sub='' words='' i
  for ((i = 1; i < COMP_CWORD; i++)); do
    # After the first --: the program's own command line.
    [[ "\${COMP_WORDS[i]}" == -- ]] && { COMPREPLY=($(compgen -f -- "$cur")); return; }
    if [[ -z "$sub" && "\${COMP_WORDS[i]}" != -* && " ${SUBCOMMANDS.join(' ')} " == *" \${COMP_WORDS[i]} "* ]]; then sub="\${COMP_WORDS[i]}"; fi
  done
  case "$sub" in
${cases.join('\n')}
  esac
  if [[ -z "$sub" && "$cur" != -* ]]; then words="$words ${SUBCOMMANDS.join(' ')}"; fi
  if [[ "$cur" == -* || -z "$sub" || "$sub" == completion || "$sub" == check ]]; then COMPREPLY=($(compgen -W "$words" -- "$cur")); else COMPREPLY=($(compgen -f -- "$cur")); fi
}
complete -o default -F _bpdiff bpdiff
`;
}

function zshScript(): string {
  const described = (flags: string[]): string => flags.map((flag) => `'${flag}'`).join(' ');
  const cases = ['', ...SUBCOMMANDS].map((subcommand) => {
    const { flags, choices } = flagsOf(subcommand);
    const choiceCases = choices.map(
      ({ flags: names, values }) => `        ${names.join('|')}) compadd -- ${values.join(' ')}; return ;;`,
    );
    return [
      `    ${subcommand === '' ? "''" : subcommand})`,
      '      case $prev in',
      ...choiceCases,
      '      esac',
      `      flags=(${described(flags)})`,
      subcommand === 'completion'
        ? '      compadd -- bash zsh fish'
        : subcommand === 'check'
          ? '      [[ ${words[CURRENT]} != -* ]] && { compadd -- ${(f)"$(_bpdiff_checks)"}; return; }'
          : '      :',
      '      ;;',
    ].join('\n');
  });
  return `#compdef bpdiff
# zsh completion for bpdiff: bpdiff completion zsh > a file named _bpdiff in a folder of $fpath
${SH_CHECKS}
_bpdiff() {
  local sub='' prev=\${words[CURRENT-1]} i
  local -a flags
  for ((i = 2; i < CURRENT; i++)); do
    # After the first --: the program's own command line.
    [[ \${words[i]} == -- ]] && { _files; return; }
    if [[ -z $sub && \${words[i]} != -* && " ${SUBCOMMANDS.join(' ')} " == *" \${words[i]} "* ]]; then sub=\${words[i]}; fi
  done
  case $sub in
${cases.join('\n')}
  esac
  if [[ \${words[CURRENT]} == -* ]]; then compadd -- $flags
  elif [[ -z $sub ]]; then compadd -- ${SUBCOMMANDS.join(' ')}; _files
  else _files
  fi
}
_bpdiff "$@"
`;
}

function fishScript(): string {
  const quote = (text: string): string => `'${text.replaceAll("'", "\\'")}'`;
  const lines = [
    '# fish completion for bpdiff: bpdiff completion fish > ~/.config/fish/completions/bpdiff.fish',
    'complete -c bpdiff -f',
    `complete -c bpdiff -n __fish_use_subcommand -a ${quote(SUBCOMMANDS.join(' '))}`,
    "complete -c bpdiff -n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'",
    'function __bpdiff_checks',
    '  set -l dir $PWD',
    '  while true',
    `    if test -f $dir/${CONFIG_FILE}`,
    `      node -e '${PRINT_CHECKS}' $dir/${CONFIG_FILE} 2>/dev/null`,
    '      return',
    '    end',
    '    if test -e $dir/.git; or test "$dir" = "$HOME"; or test "$dir" = /; or test -z "$dir"',
    '      return',
    '    end',
    "    set dir (string replace -r '/[^/]*$' '' -- $dir)",
    '    test -z "$dir"; and set dir /',
    '  end',
    'end',
    "complete -c bpdiff -n '__fish_seen_subcommand_from check' -a '(__bpdiff_checks)'",
  ];
  for (const subcommand of ['', ...SUBCOMMANDS]) {
    const { flags, choices, valued } = flagsOf(subcommand);
    // The top level (a comparison) until a subcommand is typed; a subcommand's own flags after it.
    const when =
      subcommand === ''
        ? `not __fish_seen_subcommand_from ${SUBCOMMANDS.join(' ')}`
        : `__fish_seen_subcommand_from ${subcommand}`;
    for (const flag of flags) {
      const name = flag.startsWith('--') ? `-l ${flag.slice(2)}` : `-s ${flag.slice(1)}`;
      const choice = choices.find((one) => one.flags.includes(flag));
      const value = choice ? ` -x -a ${quote(choice.values.join(' '))}` : valued.includes(flag) ? ' -r -F' : '';
      lines.push(`complete -c bpdiff -n ${quote(when)} ${name}${value}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
