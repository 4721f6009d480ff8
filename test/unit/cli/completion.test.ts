// The completion scripts (src/cli/completion.ts): bash's run in bash as it completes a line, fish's
// read line by line; --adapter completes the built-in adapters' ids.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { completionScript } from '../../../src/cli/completion.js';
import { parseArgs } from '../../../src/cli/parse-args.js';

const IDS = 'debugpy gdb go java lldb node python ruby';

/** What bash's completion offers for the words typed (the last one being completed). */
function bashCompletes(words: string[]): string[] {
  const script = `${completionScript('bash')}\nCOMP_WORDS=(${words.map((word) => `'${word}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _bpdiff; printf '%s\\n' "\${COMPREPLY[@]}"`;
  return execFileSync('bash', ['-c', script], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

describe('completion', () => {
  it('bash: --adapter completes the built-in adapters, check its flags (--fail-on-obsolete), completion the three shells', () => {
    expect(bashCompletes(['bpdiff', '--adapter', '']).join(' ')).toBe(IDS);
    expect(bashCompletes(['bpdiff', 'locate', '--adapter', 'j'])).toEqual(['java']);
    expect(bashCompletes(['bpdiff', 'check', '--fail-on-o'])).toEqual(['--fail-on-obsolete']);
    expect(bashCompletes(['bpdiff', 'completion', ''])).toEqual(['bash', 'zsh', 'fish']);
  });

  it('fish: one line per flag, for the top level and each subcommand, with the choices and the adapters', async () => {
    expect(await parseArgs(['completion', 'fish'])).toEqual({ kind: 'completion', shell: 'fish' });
    const lines = completionScript('fish').trimEnd().split('\n');
    expect(lines).toContain("complete -c bpdiff -n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'");
    expect(lines).toContain("complete -c bpdiff -n '__fish_seen_subcommand_from check' -l fail-on-obsolete");
    expect(lines).toContain(`complete -c bpdiff -n '__fish_seen_subcommand_from locate' -l adapter -x -a '${IDS}'`);
    expect(lines).toContain(
      "complete -c bpdiff -n '__fish_seen_subcommand_from check' -l format -x -a 'json text markdown github junit side-by-side'",
    );
    expect(
      lines.filter((line) => line.includes("-n 'not __fish_seen_subcommand_from") && line.endsWith('-l bp -r -F')),
    ).toHaveLength(1);
    for (const line of lines.slice(1)) expect(line).toMatch(/^complete -c bpdiff /);
  });
});
