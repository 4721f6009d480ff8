// Which names look secret: the built-in words and the user's --redact patterns, matched case-insensitively
// anywhere in a dotted path as bpdiff names it (`config['db']['private_key']`, `self.apiKey`,
// `os.environ['API_TOKEN']`). A path that names a secret names everything under it too, since the
// word is in every descendant's path.
import { selfAndAncestors } from '../core/child-path.js';
import { globMatcher } from '../core/glob.js';

/**
 * Words matched as a part of a longer word too (`dbPassword`, `password_hash`, `client_secret`,
 * `credentials`, `sessionid`, `set-cookie`): none of them is common inside an unrelated word.
 */
const ANYWHERE = [
  'password',
  'passwd',
  'secret',
  'credential',
  'apikey',
  'api_key',
  'privatekey',
  'private_key',
  'cookie',
  'session',
];

/**
 * `token` is matched at the end of a word part (`token`, `tokens`, `csrftoken`, `access_token`,
 * `authToken`), not at its start (`tokenizer`). `auth` is matched as a word part of its own (`auth`,
 * `auth_token`, `x-auth`, `authToken`, `basicAuth`, `oauth`) and in `authn`, `authz`, `authorization`,
 * `authorisation`, `authentication`, but not in `author`, `authors`, `authority`, `authored` or
 * `authorized` (a yes/no, not a secret): those are common names that hold nothing secret.
 */
const TOKEN_PART = /token(s)?$/;
const AUTH_PART = /auth$|^(?:authn|authz|authori[sz]ation|authentication)$/;

/** The path in lower case, camelCase split and every run of other characters one `_` (`self.apiKey` -> `self_api_key`). */
export function normaliseName(path: string): string {
  return path
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_');
}

/** Whether a path names a built-in secret word. */
export function hasSecretWord(path: string): boolean {
  const normal = normaliseName(path);
  if (ANYWHERE.some((word) => normal.includes(word))) return true;
  return normal.split('_').some((part) => part !== '' && (TOKEN_PART.test(part) || AUTH_PART.test(part)));
}

/** A type whose values are bytes or characters one by one: text, whatever its elements look like (`[]uint8`, `char[16]`, `Vec<u8>`, `bytes`). */
const TEXT_TYPE = /\b(?:u?int8(?:_t)?|u8|i8|byte|char|bytes|bytearray|(?:u|w)?char(?:8|16|32)?_t|rune)\b/i;
/** Quotes of a string literal, outside bpdiff's markers of children (`‹'key'›`). */
const QUOTE = /['"`]/;
const CHILD_MARKER = /‹[^‹›]*›/g;

/**
 * Whether a value under a secret-looking name can hold the secret, and so is redacted by its name:
 * text (a string literal in it, or bytes and characters by its type). A number, a yes/no, an
 * enumeration's name, an address or a struct whose fields are markers shows none (a tokenizer's
 * `num_tokens`, `tokens->type`, `token.start`): shown, and its fields judged each on its own. Text in
 * any value is still redacted by shape (a credential where it stands).
 */
export function canHoldSecret(value: string, type: string | undefined): boolean {
  if (type !== undefined && TEXT_TYPE.test(type)) return true;
  return QUOTE.test(value.replace(CHILD_MARKER, ''));
}

/**
 * A --redact PATTERN: with `*` or `?`, a glob over the whole dotted path or one it lies under
 * (`'*.ssn'` matches `user.ssn` and `user.ssn.last4`); without, a word found anywhere in the path
 * (`ssn` matches `user_ssn` and `SSN`). Both case-insensitive.
 */
export function userNameMatcher(pattern: string): (path: string) => boolean {
  if (/[*?]/.test(pattern)) {
    const matches = globMatcher(pattern, { ignoreCase: true });
    return (path) => selfAndAncestors(path).some((candidate) => matches(candidate));
  }
  const word = pattern.toLowerCase();
  const normalWord = normaliseName(pattern).replace(/^_+|_+$/g, '');
  return (path) => path.toLowerCase().includes(word) || (normalWord !== '' && normaliseName(path).includes(normalWord));
}
