#!/usr/bin/env node
// The bpdiff executable, dist/bin/bpdiff.cjs (scripts/bundle-cli.mjs): it loads the package's one
// build, dist/bpdiff.cjs (the library and the command, bundled), through V8's code cache
// (code-cache.ts), lends it this file's import() (run-time-import.ts says why), and runs the command
// (main.ts). `--help`, `SUBCOMMAND --help` and `--version` it answers itself from the texts the build
// rendered (dist/bin/help-texts.json, help-lookup.ts): loading the 2 MB bundle for them made `--help`
// 1.7 times as slow as starting Node. Nothing else here: this file is compiled at every start.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lendImport } from '../run-time-import.js';
import { requireWithCodeCache } from './code-cache.js';
import { helpWidth, lookupHelp, mayBeHelpRequest, type HelpTexts } from './help-lookup.js';

/** The build's text for this command line, or null: the command answers (BPDIFF_TRACE wants its phases). */
function builtHelp(argv: readonly string[]): string | null {
  if (!mayBeHelpRequest(argv) || process.env['BPDIFF_TRACE']) return null;
  try {
    const texts = JSON.parse(
      fs.readFileSync(fileURLToPath(new URL('./help-texts.json', import.meta.url)), 'utf8'),
    ) as HelpTexts;
    return lookupHelp(argv, helpWidth(), texts);
  } catch {
    // no texts beside the executable: the command renders the help
    return null;
  }
}

const help = builtHelp(process.argv.slice(2));
if (help !== null) process.stdout.write(`${help}\n`);
else {
  lendImport((specifier) => import(specifier));
  void (
    requireWithCodeCache(fileURLToPath(new URL('../bpdiff.cjs', import.meta.url))) as { runMain: () => Promise<void> }
  ).runMain();
}
