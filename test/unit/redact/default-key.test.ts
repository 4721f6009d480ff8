// The user's redaction key (src/redact/default-key.ts): made once with mode 0600, the same for every
// later invocation, BPDIFF_REDACT_KEY over it, none where no home is named.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keyFilePath, redactionKey } from '../../../src/redact/default-key.js';
import { Redactor } from '../../../src/redact/redactor.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-key-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('the default redaction key', () => {
  it('is made once in the config folder, mode 0600, and read back by every later invocation', () => {
    const env = { XDG_CONFIG_HOME: path.join(tmp, 'xdg') };
    const file = keyFilePath(env)!;
    expect(file).toBe(path.join(tmp, 'xdg/bpdiff/redaction-key'));
    const first = redactionKey(env);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(redactionKey(env)).toBe(first);
    // So a value redacted in a capture and in a later live run has one marker, and is compared.
    expect(new Redactor({ key: redactionKey(env) }).marker('hunter2')).toBe(
      new Redactor({ key: first }).marker('hunter2'),
    );
    expect(fs.readdirSync(path.dirname(file))).toEqual(['redaction-key']);
  });

  it('~/.config/bpdiff without XDG_CONFIG_HOME; BPDIFF_REDACT_KEY wins; nothing without a home', () => {
    expect(keyFilePath({ HOME: '/home/ann' })).toBe('/home/ann/.config/bpdiff/redaction-key');
    expect(redactionKey({ BPDIFF_REDACT_KEY: 'ci-key', XDG_CONFIG_HOME: path.join(tmp, 'unused') })).toBe('ci-key');
    expect(fs.existsSync(path.join(tmp, 'unused'))).toBe(false);
    expect(redactionKey({})).toBeNull();
  });

  it('a folder that cannot be written: no key (a random one for the invocation), no error', () => {
    const blocked = path.join(tmp, 'blocked');
    fs.writeFileSync(blocked, 'a file where the folder would be');
    expect(redactionKey({ XDG_CONFIG_HOME: blocked })).toBeNull();
  });
});
