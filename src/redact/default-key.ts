// The key secrets are redacted under when BPDIFF_REDACT_KEY is not set: one per user, made once (32
// random bytes, hex) in bpdiff's config folder, $XDG_CONFIG_HOME/bpdiff/redaction-key, else
// ~/.config/bpdiff/redaction-key, with mode 0600. With a random key per invocation, a value redacted
// in a capture and in a later live run had two markers and was "not compared": a changed `token` or
// `session` was missed in every capture, baseline and check flow on one machine. Where the folder
// cannot be written (a read-only home), the key is random for the invocation, as before.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readBoundedText } from '../read-bounded.js';

export const KEY_FILE = 'redaction-key';

/** Where the user's key is kept for `env` (the CLI's environment), or null when it names no home. */
export function keyFilePath(env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  const xdg = env['XDG_CONFIG_HOME'];
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'bpdiff', KEY_FILE);
  const home = env['HOME'];
  return home && path.isAbsolute(home) ? path.join(home, '.config', 'bpdiff', KEY_FILE) : null;
}

/** BPDIFF_REDACT_KEY when set, else the user's key (made on first use); null when neither can be had (a random key then). */
export function redactionKey(env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  const given = env['BPDIFF_REDACT_KEY'];
  if (given) return given;
  const file = keyFilePath(env);
  if (file === null) return null;
  return readKey(file) ?? makeKey(file);
}

function readKey(file: string): string | null {
  try {
    const text = readBoundedText(file, { what: 'the redaction key', file }, 4096).text.trim();
    return text.length >= 32 ? text : null;
  } catch {
    return null;
  }
}

/** Written whole under a name of its own, then linked into place: two bpdiffs at once agree on the first one's. */
function makeKey(file: string): string | null {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(temp, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return readKey(file);
  } catch {
    return null;
  } finally {
    try {
      fs.rmSync(temp, { force: true });
    } catch {
      // Never made (the folder could not be).
    }
  }
}
