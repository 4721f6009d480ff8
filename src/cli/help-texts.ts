// `bpdiff --help` (and `-h`, `SUBCOMMAND --help`, `--version`) without loading yargs. Loading yargs,
// defining bpdiff's ~70 flags and laying out the help cost ~35 ms of a ~100 ms `--help`; the text is
// the same every time for a given width. So the build renders these texts with yargs itself, through
// parseArgs (render-help.ts), at the two widths parseArgs can choose without a
// terminal of another size (80 columns: not a terminal, or one 80 wide; 100: one 100 wide or more),
// and puts them in the bundle (scripts/bundle-cli.mjs defines BPDIFF_HELP_TEXTS). Any other request
// or width goes through yargs as before; so does bpdiff run from its sources, where nothing is defined.
// A CLI test checks that the bundle prints what the yargs package prints.
import { tracePhase } from '../trace/trace.js';
import { SUBCOMMANDS } from '../messages.js';

/** What the build puts in the bundle. */
export interface HelpTexts {
  /** Texts, each once (`-h` and `--help` print the same). */
  texts: string[];
  /** `helpKey(width, argv)` -> index into `texts`. */
  keys: Record<string, number>;
}

declare const BPDIFF_HELP_TEXTS: HelpTexts | undefined;


/** The widths the build renders at: what helpWidth() gives without a terminal, and its cap. */
export const HELP_WIDTHS = [80, 100] as const;

/** Every command line the build renders: a help request, or `--version`. */
export function helpRequests(): string[][] {
  return [['--help'], ['-h'], ['--version'], ['-V'], ...SUBCOMMANDS.flatMap((command) => [[command, '--help'], [command, '-h']])];
}

/** The width yargs lays the help out at: the terminal's, at most 100; 80 when not a terminal. */
export function helpWidth(columns: number | undefined = process.stdout.columns): number {
  return Math.min(100, columns || 80);
}

export function helpKey(width: number, argv: readonly string[]): string {
  return `${width}\0${argv.join('\0')}`;
}

/** The text the build rendered for this command line at this width, or null (then yargs renders). */
export function prerenderedHelp(argv: readonly string[], width: number = helpWidth(), texts: HelpTexts | undefined = typeof BPDIFF_HELP_TEXTS === 'undefined' ? undefined : BPDIFF_HELP_TEXTS): string | null {
  if (texts === undefined || argv.length > 2) return null;
  const index = texts.keys[helpKey(width, argv)];
  if (index === undefined || texts.texts[index] === undefined) return null;
  tracePhase(null, 'help rendered at build');
  return texts.texts[index];
}
