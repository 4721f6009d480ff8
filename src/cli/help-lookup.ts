// The build's help texts looked up by command line and width (help-texts.ts says why they are
// rendered at build time). Nothing imported: the executable (bin.ts) answers `--help`, `-h`,
// `SUBCOMMAND --help` and `--version` with it from dist/bin/help-texts.json before it loads the
// bundle, whose 2 MB `--help` does not need.

/** What the build renders (scripts/bundle-cli.mjs): into the bundle, and into dist/bin/help-texts.json. */
export interface HelpTexts {
  /** Texts, each once (`-h` and `--help` print the same). */
  texts: string[];
  /** `helpKey(width, argv)` -> index into `texts`. */
  keys: Record<string, number>;
}

/** The width yargs lays the help out at: the terminal's, at most 100; 80 when not a terminal. */
export function helpWidth(columns: number | undefined = process.stdout.columns): number {
  return Math.min(100, columns || 80);
}

export function helpKey(width: number, argv: readonly string[]): string {
  return `${width}\0${argv.join('\0')}`;
}

/** The text the build rendered for this command line at this width, or null. */
export function lookupHelp(argv: readonly string[], width: number, texts: HelpTexts | undefined): string | null {
  if (texts === undefined || argv.length > 2) return null;
  const index = texts.keys[helpKey(width, argv)];
  return index === undefined ? null : (texts.texts[index] ?? null);
}

/** Whether a command line may be one the build rendered: the file of texts is read only then. */
export function mayBeHelpRequest(argv: readonly string[]): boolean {
  const last = argv[argv.length - 1];
  return (
    argv.length >= 1 &&
    argv.length <= 2 &&
    (last === '--help' || last === '-h' || last === '--version' || last === '-V')
  );
}
