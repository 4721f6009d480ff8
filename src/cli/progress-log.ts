// What a command says on stderr while it works (nothing under -q), and first of all the config whose
// options it read: a config found upward changes what bpdiff does. The config is named once the
// command has accepted its input (a refusal stays one line), just before the command's first line of
// progress: a run's "running A and B" comes after every check of the input.
import { progress } from '../messages.js';
import type { Io } from '../intake/io.js';

/** Names the config on stderr now (the command has accepted its input). */
export function sayConfig(io: Io, quiet: boolean, config: string | null | undefined): void {
  if (config && !quiet) io.stderr(`${progress.usingConfig(config)}\n`);
}

/** The command's progress lines (undefined under -q), the config named before the first of them. */
export function progressLog(
  io: Io,
  quiet: boolean,
  config: string | null | undefined,
): ((line: string) => void) | undefined {
  if (quiet) return undefined;
  let pending = Boolean(config);
  return (line) => {
    if (pending) {
      pending = false;
      sayConfig(io, false, config);
    }
    io.stderr(`${line}\n`);
  };
}
