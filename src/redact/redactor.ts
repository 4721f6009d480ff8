// Redaction of secrets, one Redactor per invocation. A secret is shown as a marker holding a short
// keyed hash of its text (`<redacted:3f9a1c>`): two runs whose secrets differ still differ, and the
// value never appears. The hash is an HMAC, so a short password cannot be looked up from its marker:
// under a random key per invocation by default, or under BPDIFF_REDACT_KEY (a CI secret) so that
// captures recorded as baselines keep comparable markers; `keyId` names the key without giving it.
//
// The Redactor remembers every secret text it replaced (and those it is told of: the values of secret
// environment variables and `--password X` arguments), so `scrub` takes them out of any text bpdiff
// writes: documents, captures, hints, logs, error messages, a program's output tails.
import { createHmac, randomBytes } from 'node:crypto';
import { hasSecretWord, userNameMatcher } from './names.js';
import { redactShapes } from './shapes.js';
import { innerTexts, longestFirst, replaceKnown, worthLookingFor } from './known.js';
import { redactVariables, redactVariablesInSlices, type RedactedValues } from './redact-values.js';
import type { TimeSlicer } from '../core/slices.js';
import { ASSIGNMENT } from '../core/command-wrappers.js';

export interface RedactorOptions {
  /** BPDIFF_REDACT_KEY, else the user's key (default-key.ts); a random key for this invocation when absent or empty. */
  key?: string | null | undefined;
  /** `--redact PATTERN`s: names that look secret beyond the built-in words. */
  names?: readonly string[];
}

export interface ScrubOptions {
  /**
   * Text a program wrote (its output, an exception's message): `"key": "value"` pairs as JSON writes
   * them and `key: value` with a space are taken too (see shapes.ts). Default: text bpdiff rendered.
   */
  program?: boolean;
}

export class Redactor {
  /** The first 8 hex digits of an HMAC of a fixed text: the same key gives the same id, and the id does not give the key. */
  readonly keyId: string;
  /** Whether the key was given (BPDIFF_REDACT_KEY or the user's key file; else it is random, for this invocation only). */
  readonly keyGiven: boolean;
  private readonly key: Buffer;
  private readonly userNames: Array<(path: string) => boolean> = [];
  private readonly patterns: string[] = [];
  /** Secret texts seen (in values, as credential shapes), each with the marker it is shown as. */
  private readonly seen = new Map<string, string>();
  /**
   * Secret texts told of before the runs start (secret environment variables and arguments). Unlike
   * those seen, they are looked for in every run's values: they are the same whichever run is read first.
   */
  private readonly registered = new Map<string, string>();
  /** Both, sorted longest first, rebuilt when a secret was added. */
  private sorted: { all: Array<[string, string]>; registered: Array<[string, string]> } | null = null;

  constructor(options: RedactorOptions = {}) {
    const given = options.key ?? '';
    this.keyGiven = given !== '';
    this.key = this.keyGiven ? Buffer.from(given, 'utf8') : randomBytes(32);
    this.keyId = this.hmac('bpdiff redaction key id').slice(0, 8);
    this.addNames(options.names ?? []);
  }

  /** `--redact PATTERN`s (a word found anywhere in the path, or a glob with `*` / `?`). */
  addNames(patterns: readonly string[]): void {
    for (const pattern of patterns) {
      if (this.patterns.includes(pattern)) continue;
      this.patterns.push(pattern);
      this.userNames.push(userNameMatcher(pattern));
    }
  }

  /** The --redact patterns given. */
  get names(): readonly string[] {
    return this.patterns;
  }

  /** Whether a variable's dotted path (or a pair's key, a flag's or an environment variable's name) looks secret. */
  isSecretName(path: string): boolean {
    return hasSecretWord(path) || this.userNames.some((matches) => matches(path));
  }

  /** `<redacted:` + the first 6 hex digits of HMAC-SHA256(key, text) + `>`. */
  marker(text: string): string {
    return `<redacted:${this.hmac(text).slice(0, 6)}>`;
  }

  /** `text` with credential-shaped parts replaced (each remembered). */
  redactShapes(text: string, options: ScrubOptions = {}): string {
    return redactShapes(text, {
      mark: (secret) => this.marker(secret),
      isSecretKey: (key) => this.isSecretName(key),
      program: options.program === true,
      found: (secret) => this.remember(secret),
    });
  }

  /** A run's variables with secrets replaced by markers (see redact-values.ts). */
  redactValues(variables: Readonly<Record<string, string>>, types?: Readonly<Record<string, string>>): RedactedValues {
    return redactVariables(this, variables, types);
  }

  /** The same, in time slices (core/slices.ts). */
  redactValuesInSlices(
    variables: Readonly<Record<string, string>>,
    slicer: TimeSlicer,
    types?: Readonly<Record<string, string>>,
  ): Promise<RedactedValues> {
    return redactVariablesInSlices(this, variables, slicer, types);
  }

  /**
   * Remembers a secret text, to be taken out of everything `scrub` sees. A quoted string is
   * remembered with its quotes and without (`'hunter2'` and `hunter2`, escapes undone). Texts that
   * say nothing (`None`, `true`), are shorter than MIN_SCRUBBED_LENGTH or are short numbers are not
   * looked for in free text: they would take bpdiff's own words and numbers with them.
   */
  remember(text: string, marker: string = this.marker(text)): void {
    this.add(this.seen, text, marker);
  }

  /** A secret known before anything runs (the value of an environment variable or an argument whose name looks secret). */
  addSecret(value: string): void {
    this.add(this.registered, value, this.marker(value));
  }

  /** A run's secrets known before it starts: its secret environment variables and arguments. Call it for both runs before either starts. */
  addRunSecrets(run: { env: Readonly<Record<string, string>>; argv: readonly string[] }): void {
    this.addSecretEnv(run.env);
    this.addSecretArgs(run.argv);
  }

  /** The values of a run's environment variables whose names look secret. */
  addSecretEnv(env: Readonly<Record<string, string>>): void {
    for (const [name, value] of Object.entries(env)) if (this.isSecretName(name)) this.addSecret(value);
  }

  /**
   * The values of a command's secret-looking flags (`--password X`, `--api-token=X`, `-token X`) and
   * assignments (`API_TOKEN=X`: `env API_TOKEN=X cmd`'s, which a run takes as its environment, or an
   * argument a program reads so).
   */
  addSecretArgs(argv: readonly string[]): void {
    argv.forEach((word, index) => {
      const assignment = ASSIGNMENT.exec(word);
      if (assignment !== null) {
        if (assignment[2] !== '' && this.isSecretName(assignment[1]!)) this.addSecret(assignment[2]!);
        return;
      }
      const flag = /^--?([A-Za-z][\w.-]*)(?:=([\s\S]*))?$/.exec(word);
      if (flag === null || !this.isSecretName(flag[1]!)) return;
      const value = flag[2] ?? argv[index + 1];
      if (value !== undefined && (flag[2] !== undefined || !value.startsWith('-'))) this.addSecret(value);
    });
  }

  /** Every remembered secret worth looking for, with its marker, longest first (a secret that holds another is replaced whole). */
  knownSecrets(): ReadonlyArray<readonly [string, string]> {
    return this.sortedSecrets().all;
  }

  /** Only those told of before the runs (addSecret): what every run's values are searched for. */
  registeredSecrets(): ReadonlyArray<readonly [string, string]> {
    return this.sortedSecrets().registered;
  }

  private sortedSecrets(): { all: Array<[string, string]>; registered: Array<[string, string]> } {
    if (this.sorted === null) {
      const all = new Map([...this.seen, ...this.registered]);
      this.sorted = { all: longestFirst([...all]), registered: longestFirst([...this.registered]) };
    }
    return this.sorted;
  }

  private add(into: Map<string, string>, text: string, marker: string): void {
    for (const candidate of [text, ...innerTexts(text)]) {
      if (!worthLookingFor(candidate) || into.has(candidate)) continue;
      into.set(candidate, candidate === text ? marker : this.marker(candidate));
      this.sorted = null;
    }
  }

  /**
   * Any text on its way out: every remembered secret (also as JSON, markdown and GitHub's workflow
   * commands escape it), then credential shapes, replaced by markers. Markers already there stay.
   */
  scrub(text: string, options: ScrubOptions = {}): string {
    if (text === '') return text;
    return this.redactShapes(replaceKnown(text, this.knownSecrets(), true), options);
  }

  private hmac(text: string): string {
    return createHmac('sha256', this.key).update(text, 'utf8').digest('hex');
  }
}
