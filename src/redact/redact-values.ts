// One run's variables with their secrets replaced by markers, in three passes:
//   (a) by name: a variable whose path looks secret (`password`, `config['db']['private_key']`, and
//       every descendant of a secret-named container) shows its marker instead of its value, when
//       that value can hold a secret: text (names.ts canHoldSecret), not a number or a struct;
//   (b) what is left of a secret elsewhere: the texts (a) replaced, and the secrets told of before the
//       runs (environment variables, arguments), wherever they still stand in another value (a parent
//       whose summary holds its child's text, a copy under another name), take the same marker;
//   (c) by shape: credential-shaped text in any value (a JWT, `Bearer ...`, a URL's password, a
//       `'token': '...'` pair) is replaced where it stands.
// Everything depends on this run's values and what was known before the runs only, so the same values
// give the same texts whichever run is read first.
import { setOwn } from '../core/own-record.js';
import { splitChildPath } from '../core/child-path.js';
import { runInSlices, runToEnd, type TimeSlicer } from '../core/slices.js';
import { innerTexts, longestFirst, replaceKnown, worthLookingFor } from './known.js';
import { canHoldSecret } from './names.js';
import { isMarker, isNullLike, MARKER } from './shapes.js';

/** What the passes need of the redactor (redactor.ts implements it): names, markers and what it knows. */
export interface SecretKeeper {
  isSecretName(path: string): boolean;
  marker(text: string): string;
  /** Remembers a secret text, to be taken out of every later output. */
  remember(text: string, marker: string): void;
  /** The secrets known before the runs, with their markers. */
  registeredSecrets(): ReadonlyArray<readonly [string, string]>;
  redactShapes(text: string, options: { program?: boolean }): string;
}

export interface RedactedValues {
  variables: Record<string, string>;
  /** Paths whose value was redacted (or already held a marker), in the variables' order. */
  redacted: string[];
}

/** `types`: each value's type, by path, when known: what can hold a secret is redacted by name (names.ts canHoldSecret). */
export function redactVariables(
  redactor: SecretKeeper,
  variables: Readonly<Record<string, string>>,
  types: Readonly<Record<string, string>> = {},
): RedactedValues {
  return runToEnd(redactionLoop(redactor, variables, types));
}

/** The same, in time slices (core/slices.ts): a million values let signals in while they are redacted. */
export function redactVariablesInSlices(
  redactor: SecretKeeper,
  variables: Readonly<Record<string, string>>,
  slicer: TimeSlicer,
  types: Readonly<Record<string, string>> = {},
): Promise<RedactedValues> {
  return runInSlices(redactionLoop(redactor, variables, types), slicer);
}

/** The three passes, one yield per value. */
function* redactionLoop(
  redactor: SecretKeeper,
  variables: Readonly<Record<string, string>>,
  types: Readonly<Record<string, string>>,
): Generator<void, RedactedValues> {
  const out: Record<string, string> = {};
  const redacted = new Set<string>();
  const local = new Map<string, string>();
  const secretNamed = new Set<string>();

  // (a) By name. A value that holds no secret (`None`, `''`, `0`, `False`) is kept: it hides nothing
  // and tells a reader that the secret was not set. Only the secret itself is remembered, to be taken
  // out of other values and every output: a leaf whose own name looks secret. Not a container (its
  // summary is a type and its fields, each a variable of its own), nor what lies under a secret-named
  // container (a pytest `session`'s name is "python": taking every "python" out of every output would
  // hide the paths bpdiff prints).
  const parents = new Set<string>();
  for (const path of Object.keys(variables)) {
    const split = splitChildPath(path);
    if (split !== null) parents.add(split.parent);
  }
  const inherited = (path: string): boolean => {
    const split = splitChildPath(path);
    return split !== null && redactor.isSecretName(split.parent);
  };
  for (const [path, value] of Object.entries(variables)) {
    yield;
    // Only a value that can hold text (not a number, a struct's fields as markers): passes (b) and (c) see the rest.
    if (!redactor.isSecretName(path) || !canHoldSecret(value, Object.hasOwn(types, path) ? types[path] : undefined))
      continue;
    secretNamed.add(path);
    if (isNullLike(value)) {
      setOwn(out, path, value);
      continue;
    }
    const marker = isMarker(value) ? value : redactor.marker(value);
    setOwn(out, path, marker);
    redacted.add(path);
    if (marker !== value && !parents.has(path) && !inherited(path)) {
      redactor.remember(value, marker);
      local.set(value, marker);
    }
  }

  // Known secrets, this run's first: looked for whole, then their text inside quotes.
  const known = withInner(redactor, local, redactor.registeredSecrets());
  for (const [path, value] of Object.entries(variables)) {
    yield;
    if (secretNamed.has(path)) continue;
    // (b), then (c).
    const next = redactor.redactShapes(replaceKnown(value, known, true), { program: true });
    setOwn(out, path, next);
    if (next !== value || hasMarker(value)) redacted.add(path);
  }
  return {
    variables: sameOrder(variables, out),
    redacted: Object.keys(variables).filter((path) => redacted.has(path)),
  };
}

/** This run's secrets (with and without their quotes) and the registered ones, longest first. */
function withInner(
  redactor: SecretKeeper,
  local: ReadonlyMap<string, string>,
  registered: ReadonlyArray<readonly [string, string]>,
): Array<[string, string]> {
  const all = new Map<string, string>();
  for (const [text, marker] of local) {
    if (worthLookingFor(text)) all.set(text, marker);
    for (const inner of innerTexts(text))
      if (worthLookingFor(inner) && !all.has(inner)) all.set(inner, redactor.marker(inner));
  }
  for (const [text, marker] of registered) if (!all.has(text)) all.set(text, marker);
  return longestFirst([...all]);
}

function hasMarker(value: string): boolean {
  MARKER.lastIndex = 0;
  const found = MARKER.test(value);
  MARKER.lastIndex = 0;
  return found;
}

function sameOrder(
  variables: Readonly<Record<string, string>>,
  values: Record<string, string>,
): Record<string, string> {
  const ordered: Record<string, string> = {};
  for (const path of Object.keys(variables)) setOwn(ordered, path, values[path]!);
  return ordered;
}
