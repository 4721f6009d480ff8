// What bpdiff says as it works rather than of a mistake: a check's lines (baseline written, updated,
// obsolete) and the progress lines on stderr. Re-exported by src/messages.ts.
/** What `bpdiff check` says about its baselines (on stderr, and in the summary and annotations). */
export const checkWords = {
  noBaseline: (name: string, file: string) =>
    `check ${name} has no baseline (${file} does not exist) — record it with bpdiff check ${name} -u, and commit it`,
  baselineWritten: (name: string, file: string) =>
    `check ${name} had no baseline: this run was recorded as its baseline in ${file} — review it and commit it`,
  obsolete: (file: string) => `${file} is an obsolete baseline: no check refers to it — bpdiff check -u removes it`,
  updated: (name: string, file: string) => `check ${name}: baseline updated: ${file}`,
  unchanged: (name: string, file: string) => `check ${name}: baseline unchanged: ${file}`,
  written: (name: string, file: string, variables: number) =>
    `check ${name}: baseline written: ${file} (${variables} ${variables === 1 ? 'variable' : 'variables'})`,
  removed: (file: string) => `removed the obsolete baseline ${file} (no check refers to it)`,
  unkeyed: (name: string, count: number, failing: boolean) =>
    `check ${name}: ${count} ${count === 1 ? 'value holding a secret' : 'values holding secrets'} could not be compared: the baseline's secrets were redacted under another key than this run's (BPDIFF_REDACT_KEY unset or another: a pull request from a fork gets no secrets) — give the job the key the baseline was recorded with, or re-record the baseline under this one (bpdiff check ${name} -u)${failing ? '; --fail-on changed makes this a warning' : ''}`,
  notRecorded: (name: string, bp: string, reason: string) =>
    `check ${name}: the run did not stop at ${bp}${reason === '' ? '' : ` (${reason})`}, so no baseline was recorded — run it with bpdiff capture to see why`,
};

export const progress = {
  /** Said on stderr (not under -q) whenever a config's options are read: they change what the command does. */
  usingConfig: (file: string) => `bpdiff: using the options of ${file}`,
  walking: (
    labelA: string,
    commandA: string,
    labelB: string,
    commandB: string,
    from: string | null,
    everyLine: boolean,
  ) =>
    `bpdiff: walking ${labelA} (${commandA}) and ${labelB} (${commandB}) ${everyLine ? 'line by line' : 'by effects (over each line, into one whose effects differ)'} in lockstep, from ${from === null ? "where the program's own code starts" : from}`,
  startingOne: (breakpoint: string, label: string, command: string) =>
    `bpdiff: running ${label} (${command}), to stop at ${breakpoint}`,
  starting: (
    breakpoint: string,
    labelA: string,
    commandA: string,
    labelB: string,
    commandB: string,
    sequential: boolean,
  ) =>
    `bpdiff: running ${labelA} (${commandA}) and ${labelB} (${commandB}) ${sequential ? 'one after the other' : 'at once'}, to stop at ${breakpoint}`,
};
