// The completion scripts (src/cli/completion.ts): bash's run in bash as it completes a line, fish's
// read line by line; --adapter completes the built-in adapters' ids.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { completionScript } from '../../../src/cli/completion.js';
import { parseArgs } from '../../../src/cli/parse-args.js';

const IDS = 'debugpy gdb go java lldb node python ruby';

/** What bash's completion offers for the words typed (the last one being completed). */
function bashCompletes(words: string[], cwd?: string): string[] {
  const script = `${completionScript('bash')}\nCOMP_WORDS=(${words.map((word) => `'${word}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _bpdiff; printf '%s\\n' "\${COMPREPLY[@]}"`;
  return execFileSync('bash', ['-c', script], { encoding: 'utf8', ...(cwd === undefined ? {} : { cwd }) })
    .split('\n')
    .filter(Boolean);
}

describe('completion', () => {
  it('bash: --adapter completes the built-in adapters, check its flags (--fail-on-obsolete), completion the three shells', () => {
    expect(bashCompletes(['bpdiff', '--adapter', '']).join(' ')).toBe(IDS);
    expect(bashCompletes(['bpdiff', 'locate', '--adapter', 'j'])).toEqual(['java']);
    expect(bashCompletes(['bpdiff', 'check', '--fail-on-o'])).toEqual(['--fail-on-obsolete']);
    expect(bashCompletes(['bpdiff', 'completion', ''])).toEqual(['bash', 'zsh', 'fish']);
  });

  it("bash: check NAME completes the check names of the config found from the working folder, up to the repository's root", () => {
    const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-completion-'));
    try {
      fs.mkdirSync(path.join(repo, '.git'));
      fs.mkdirSync(path.join(repo, 'src', 'deep'), { recursive: true });
      const check = { bp: 'a.py:1', cmd: ['python3', 'a.py'] };
      fs.writeFileSync(
        path.join(repo, 'bpdiff.config.json'),
        JSON.stringify({ checks: { pricing: check, 'pricing.tax': check, totals: check } }),
      );
      const deep = path.join(repo, 'src', 'deep');
      expect(bashCompletes(['bpdiff', 'check', ''], deep)).toEqual(['pricing', 'pricing.tax', 'totals']);
      expect(bashCompletes(['bpdiff', 'check', 'pricing', 'to'], deep)).toEqual(['totals']);
      // Flags still complete as flags; a config that is not JSON offers nothing.
      expect(bashCompletes(['bpdiff', 'check', '--fail-on-o'], deep)).toEqual(['--fail-on-obsolete']);
      fs.writeFileSync(path.join(repo, 'bpdiff.config.json'), '{"checks": ');
      expect(bashCompletes(['bpdiff', 'check', ''], deep)).toEqual([]);
    } finally {
      fs.rmSync(repo, { recursive: true, force: true });
    }
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
    // Outside the one function (the check names), completions only.
    const end = lines.indexOf('end');
    expect(lines.slice(1, end + 1).filter((line) => line.startsWith('function '))).toEqual([
      'function __bpdiff_checks',
    ]);
    for (const line of lines
      .slice(1)
      .filter((_, index) => index + 1 < lines.indexOf('function __bpdiff_checks') || index + 1 > end))
      expect(line).toMatch(/^complete -c bpdiff /);
    expect(lines).toContain("complete -c bpdiff -n '__fish_seen_subcommand_from check' -a '(__bpdiff_checks)'");
  });
});
