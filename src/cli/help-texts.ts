// `bpdiff --help` (and `-h`, `SUBCOMMAND --help`, `--version`) without loading yargs. Loading yargs,
// defining bpdiff's ~70 flags and laying out the help cost ~35 ms of a ~100 ms `--help`; the text is
// the same every time for a given width. So the build renders these texts with yargs itself, through
// parseArgs (render-help.ts), at the two widths parseArgs can choose without a
// terminal of another size (80 columns: not a terminal, or one 80 wide; 100: one 100 wide or more),
// and puts them in the bundle (scripts/bundle-cli.mjs defines BPDIFF_HELP_TEXTS) and beside the
// executable (dist/bin/help-texts.json, which bin.ts answers from before it loads the bundle). Any
// other request or width goes through yargs as before; so does bpdiff run from its sources, where
// nothing is defined. A CLI test checks that the bundle prints what the yargs package prints.
import { tracePhase } from '../trace/trace.js';
import { SUBCOMMANDS } from '../messages.js';
import { helpWidth, lookupHelp, type HelpTexts } from './help-lookup.js';

export { helpKey, helpWidth, type HelpTexts } from './help-lookup.js';

declare const BPDIFF_HELP_TEXTS: HelpTexts | undefined;

/** The widths the build renders at: what helpWidth() gives without a terminal, and its cap. */
export const HELP_WIDTHS = [80, 100] as const;

/** Every command line the build renders: a help request, or `--version`. */
export function helpRequests(): string[][] {
  return [
    ['--help'],
    ['-h'],
    ['--version'],
    ['-V'],
    ...SUBCOMMANDS.flatMap((command) => [
      [command, '--help'],
      [command, '-h'],
    ]),
  ];
}

/** The text the build rendered for this command line at this width, or null (then yargs renders). */
export function prerenderedHelp(
  argv: readonly string[],
  width: number = helpWidth(),
  texts: HelpTexts | undefined = typeof BPDIFF_HELP_TEXTS === 'undefined' ? undefined : BPDIFF_HELP_TEXTS,
): string | null {
  const text = lookupHelp(argv, width, texts);
  if (text !== null) tracePhase(null, 'help rendered at build');
  return text;
}
