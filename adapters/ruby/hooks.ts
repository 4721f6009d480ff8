// rdbg: what the data in adapter.json cannot say.
// - The debugger is loaded into the program itself: bpdiff_rdbg.rb (beside this file) in RUBYOPT,
//   before the user's own RUBYOPT, opens the DAP server in the first Ruby process of the command.
// - Which Ruby runs the command: the one the user typed (`ruby3.1 x.rb`), resolved on the run's PATH;
//   a command that names a Ruby script (`rspec`, `rake`, `bundle`, a binstub) runs under the
//   definition's `ruby`; a program that is no Ruby script runs as it is.
// - The debug gem's version, asked of that Ruby.
import fs from 'node:fs';
import path from 'node:path';
import { helperScript, type AdapterHooks, type LaunchContext, type LaunchPlan } from '../../src/adapters/hooks.js';
import { resolveProgram, splitInterpreterCommand } from '../../src/adapters/prepare-launch.js';
import { runProbe } from '../../src/adapters/probe.js';
import { cachedFact } from '../../src/adapters/fact-cache.js';
import { runEnvironment } from '../../src/adapters/run-env.js';
import { whichSync } from '../../src/adapters/find-executable.js';

/** The helper Ruby loads first (a file of this folder), copied into the run's own folder. */
export const HELPER = 'bpdiff_rdbg.rb';

async function prepare(context: LaunchContext, plan: LaunchPlan): Promise<LaunchPlan> {
  const { spec, definition, tempDir } = context;
  const env = runEnvironment(spec);
  const helper = path.join(tempDir, HELPER);
  fs.copyFileSync(helperScript(definition, HELPER), helper);

  let executable = plan.adapterExecutable;
  let args = plan.adapterArgs;
  const split = definition.interpreter ? splitInterpreterCommand(spec.argv, definition.interpreter) : null;
  if (split) {
    // The Ruby the user typed, found on the run's own PATH (--adapter-path still wins).
    if (!context.options.adapter.path) executable = resolveProgram(split.interpreter, spec.cwd, env);
  } else {
    const program = resolveProgram(spec.argv[0]!, spec.cwd, env);
    if (isRubyScript(program)) {
      args = [program, ...spec.argv.slice(1)];
    } else {
      executable = program;
      args = spec.argv.slice(1);
    }
  }
  // The helper first: it takes itself out of RUBYOPT again, so the Rubies the program starts do not
  // wait for a debugger of their own.
  const rubyopt = [`-r${helper}`, env.RUBYOPT].filter(Boolean).join(' ');
  return {
    ...plan,
    adapterExecutable: executable,
    adapterArgs: args,
    adapterEnv: { ...plan.adapterEnv, RUBYOPT: rubyopt },
    adapterRunsProgram: true,
  };
}

/** A file Ruby runs: `.rb`, or a script whose shebang names ruby (`#!/usr/bin/env ruby`). */
export function isRubyScript(file: string): boolean {
  if (file.endsWith('.rb')) return true;
  let first = '';
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const buffer = Buffer.alloc(256);
      const read = fs.readSync(fd, buffer, 0, buffer.length, 0);
      first = buffer.subarray(0, read).toString('latin1').split('\n')[0] ?? '';
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return false;
  }
  return first.startsWith('#!') && /\bj?ruby[\d.]*\b/.test(first);
}

/**
 * The debug gem's version, from the Ruby that ran the program (or `ruby` on PATH): asked once and
 * kept while that Ruby and the gem's version file are unchanged (a probe costs a Ruby start).
 */
async function version(plan: LaunchPlan): Promise<string | null> {
  const ruby = /^j?ruby[\d.]*$/.test(path.basename(plan.adapterExecutable))
    ? plan.adapterExecutable
    : whichSync('ruby', process.cwd());
  if (!ruby) return null;
  const found = await cachedFact<{ version: string; file: string } | null>({
    executable: ruby,
    key: 'debug gem version',
    compute: async () => {
      const script =
        'require "debug/version"; print DEBUGGER__::VERSION, "\\n", $LOADED_FEATURES.grep(%r{/debug/version\\.rb\\z}).first';
      const result = await runProbe(ruby, ['-e', script], { cwd: process.cwd(), timeoutMs: 10_000 });
      const [gemVersion, file] = result.stdout.trim().split('\n');
      return result.failure === null && gemVersion && /^\d+(\.\d+)+\S*$/.test(gemVersion) && file
        ? { version: gemVersion, file }
        : null;
    },
    dependsOn: (value) => (value ? [value.file] : []),
    keep: (value) => value !== null,
  });
  return found?.version ?? null;
}

const hooks: AdapterHooks = {
  prepare,
  version,
};
export default hooks;
