// Text shaped like a well-known credential, found wherever it stands (a value, a program's output, an
// error message): bearer tokens, AWS and GitHub keys, PEM private keys, JWTs, the password of a URL,
// and the value of a `password=...` / `'token': '...'` pair whose key looks secret. Each rule says
// which part of its match is the secret; only that part is replaced, so `postgres://app:<redacted:…>@db`
// still says who connects where.

// A credential's start is any place not inside a run of letters and digits: `_` and `-` join words in
// paths and names (`nothere_ghp_….py`, `key-AKIA…`), and `\b` took them for part of the credential's word.

/**
 * A rule's regex has three groups: kept text before the secret, the secret, kept text after it.
 * Names and URL parts are bounded, so a long run like `a-b-c-...` costs linear time, not quadratic.
 */
interface ShapeRule {
  name: string;
  regex: RegExp;
  /** Text the rule cannot match without (case-sensitive): a text without it skips the regex, most values do. */
  needs: RegExp;
}

const SHAPES: readonly ShapeRule[] = [
  // A PEM private key, whole; a key cut at --max-value-length (no END line) up to where its base64 stops.
  {
    name: 'PEM private key',
    regex:
      /()(-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?:[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY-----|[A-Za-z0-9+/=\s\\]*))()/g,
    needs: /PRIVATE KEY-----/,
  },
  { name: 'JWT', regex: /()((?<![A-Za-z0-9])eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)()/g, needs: /eyJ/ },
  {
    name: 'GitHub token',
    regex: /()((?<![A-Za-z0-9])(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,}))()/g,
    needs: /gh[pousr]_|github_pat_/,
  },
  {
    name: 'AWS access key id',
    regex: /()((?<![A-Za-z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Za-z0-9]))()/g,
    needs: /AKIA|ASIA/,
  },
  {
    name: 'AWS secret key',
    regex: /(aws_?secret_?(?:access_?)?key['"]?\s*[:=]\s*['"]?)([A-Za-z0-9/+=]{40})()/gi,
    needs: /secret/i,
  },
  { name: 'bearer token', regex: /(\b[Bb]earer\s+)([A-Za-z0-9._~+/-]{8,}=*)()/g, needs: /earer/ },
  // A credential's known start, shortened in the middle by a debugger (`ghp_P...234`, `AKIAABCD…XYZ`): the rest cannot be seen to check it.
  {
    name: 'shortened GitHub token',
    regex: /()((?<![A-Za-z0-9])(?:gh[pousr]_|github_pat_)[A-Za-z0-9_]*(?:\.\.\.|…)[A-Za-z0-9_]*)()/g,
    needs: /gh[pousr]_|github_pat_/,
  },
  {
    name: 'shortened AWS access key id',
    regex: /()((?<![A-Za-z0-9])(?:AKIA|ASIA)[0-9A-Z]*(?:\.\.\.|…)[0-9A-Z]*)()/g,
    needs: /AKIA|ASIA/,
  },
  {
    name: 'shortened JWT',
    regex: /()((?<![A-Za-z0-9])eyJ[A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]*)?(?:\.\.\.|…)[A-Za-z0-9_.-]*)()/g,
    needs: /eyJ/,
  },
  // scheme://user:PASSWORD@host
  {
    name: 'URL password',
    regex: /(\b[a-zA-Z][a-zA-Z0-9+.-]{0,31}:\/\/[^\s:/?#@'"<>]{0,256}:)([^\s@/?#'"<>]{1,256})(@)/g,
    needs: /:\/\//,
  },
];

/**
 * An identifier, maybe quoted, then `:` or `=` (not `==`), then a quoted string. The string is read
 * as runs of plain characters between escapes (at most 4096 escapes), not one alternation per
 * character: V8 keeps a backtracking entry for each turn of such a loop, and a value of 20 million
 * characters ended bpdiff with "Maximum call stack size exceeded".
 */
const QUOTED_PAIR =
  /((?<![\w\\])(['"]?)([A-Za-z_][\w.-]{0,63})\2\s*(?<![=!<>])[:=](?!=)\s*)('[^'\\\n]*(?:\\.[^'\\\n]*){0,4096}'|"[^"\\\n]*(?:\\.[^"\\\n]*){0,4096}")()/g;
/** An identifier, `:` or `=`, then a bare value (`password=hunter2`, `token:abc`; a program's text also `password: hunter2`). */
const BARE_PAIR = /((?<![\w\\'"])([A-Za-z_][\w.-]{0,63})(?<![=!<>])[:=](?!=))([^\s'",;&)}\]<>‹][^\s'",;&)}\]<>‹]*)()/g;
const BARE_PAIR_SPACED =
  /((?<![\w\\'"])([A-Za-z_][\w.-]{0,63})(?<![=!<>])[:=](?!=)\s*)([^\s'",;&)}\]<>‹][^\s'",;&)}\]<>‹]*)()/g;

/** A marker bpdiff wrote (also HTML-escaped, as the markdown writer shows it): never redacted again. */
export const MARKER = /<redacted(?::[0-9a-f]{6})?>|&lt;redacted(?::[0-9a-f]{6})?&gt;/g;
const WHOLE_MARKER = /^(?:<redacted(?::[0-9a-f]{6})?>)$/;

/** Whether `text` holds a marker made under a key (`<redacted:3f9a1c>`). */
export const KEYED_MARKER = /<redacted:[0-9a-f]{6}>/g;
export function holdsKeyedMarker(text: string): boolean {
  // Not KEYED_MARKER.test: a global pattern's test() keeps its lastIndex between calls.
  return text.search(KEYED_MARKER) !== -1;
}

export function isMarker(text: string): boolean {
  return WHOLE_MARKER.test(text);
}

export interface ShapeOptions {
  /** How a secret is shown: its marker. */
  mark: (secret: string) => string;
  /** Whether a pair's key looks secret. */
  isSecretKey: (key: string) => boolean;
  /**
   * Text a program wrote (its values, its output, its errors): pairs `"key": "value"` as JSON writes
   * them and `key: value` with a space are taken too. bpdiff's own JSON (a capture's `types`, keyed by
   * variable names) is not a program's pair, so output bpdiff renders is scrubbed without them.
   */
  program: boolean;
  /** Told of each secret text replaced. */
  found?: (secret: string) => void;
}

/** `text` with every credential-shaped part replaced by its marker; markers already there stay. */
export function redactShapes(text: string, options: ShapeOptions): string {
  if (text === '') return text;
  return splitAroundMarkers(text, (part) => redactShapesIn(part, options));
}

function redactShapesIn(text: string, options: ShapeOptions): string {
  const replace = (pre: string, secret: string, post: string): string => {
    if (secret === '' || isMarker(secret)) return pre + secret + post;
    options.found?.(secret);
    return pre + options.mark(secret) + post;
  };
  let out = text;
  for (const rule of SHAPES) {
    if (rule.needs.test(out))
      out = out.replace(rule.regex, (_whole, pre: string, secret: string, post: string) => replace(pre, secret, post));
  }
  // Every pair has its `:` or `=`.
  if (!out.includes(':') && !out.includes('=')) return out;
  out = out.replace(QUOTED_PAIR, (whole, pre: string, quote: string, key: string, value: string, post: string) => {
    if (!options.isSecretKey(key)) return whole;
    // `"key": "value"` as bpdiff's own JSON writes it is only taken in a program's text.
    if (!options.program && quote === '"' && value.startsWith('"') && /:\s*$/.test(pre)) return whole;
    const inner = value.slice(1, -1);
    if (inner === '' || isMarker(inner)) return whole;
    return replace(pre + value[0], inner, value[0]! + post);
  });
  out = out.replace(
    options.program ? BARE_PAIR_SPACED : BARE_PAIR,
    (whole, pre: string, key: string, value: string, post: string) =>
      options.isSecretKey(key) && !isNullLike(value) && !isPlace(pre, value) ? replace(pre, value, post) : whole,
  );
  return out;
}

/**
 * A value that holds no secret: none (`None`, `null`, `nil`, `''`), a zero value (`0`, a null
 * pointer), a yes/no (`True`, `false`). Shown as it is, it tells a reader something (the secret was
 * not set, `session_active` is false) and hides nothing.
 */
export function isNullLike(text: string): boolean {
  return /^(?:None|null|nil|NULL|undefined|<nil>|''|""|0|0x0+|true|false|True|False)$/.test(text.trim());
}

/**
 * `auth.py:12`, `auth.py:12:5`, `session-db:5432`: a file's line or a host's port, not a secret; also as
 * a compiler's message ends it (`session.c:12:`) and as a Ruby backtrace writes it (`session.rb:205:in`).
 */
function isPlace(pre: string, value: string): boolean {
  return /:\s*$/.test(pre) && /^\d+(?::\d+)*(?::|:in)?$/.test(value);
}

/** `edit` applied to the text between markers; the markers are kept as they are. */
export function splitAroundMarkers(text: string, edit: (part: string) => string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(MARKER)) {
    out += edit(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + edit(text.slice(last));
}
