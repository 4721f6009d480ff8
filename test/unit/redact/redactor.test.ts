// The Redactor (src/redact/redactor.ts): keyed markers, credential shapes, and scrubbing remembered
// secrets out of any text, in the forms the writers give them.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Redactor } from '../../../src/redact/redactor.js';

const hmac6 = (key: string, text: string): string => createHmac('sha256', key).update(text).digest('hex').slice(0, 6);

describe('markers', () => {
  it('are an HMAC-SHA256 of the text under the key, 6 hex digits, stable for one key', () => {
    const redactor = new Redactor({ key: 'ci-secret' });
    expect(redactor.marker('hunter2')).toBe(`<redacted:${hmac6('ci-secret', 'hunter2')}>`);
    expect(new Redactor({ key: 'ci-secret' }).marker('hunter2')).toBe(redactor.marker('hunter2'));
    expect(redactor.marker('hunter3')).not.toBe(redactor.marker('hunter2'));
    expect(redactor.keyId).toBe(
      createHmac('sha256', 'ci-secret').update('bpdiff redaction key id').digest('hex').slice(0, 8),
    );
    expect(redactor.keyGiven).toBe(true);
  });

  it('differ between keys, and a random key is used when none is given', () => {
    expect(new Redactor({ key: 'one' }).marker('hunter2')).not.toBe(new Redactor({ key: 'two' }).marker('hunter2'));
    expect(new Redactor({ key: 'one' }).keyId).not.toBe(new Redactor({ key: 'two' }).keyId);
    const a = new Redactor();
    const b = new Redactor({ key: '' });
    expect(a.keyGiven).toBe(false);
    expect(a.keyId).not.toBe(b.keyId);
    expect(a.marker('hunter2')).not.toBe(b.marker('hunter2'));
    expect(a.marker('hunter2')).toMatch(/^<redacted:[0-9a-f]{6}>$/);
  });
});

describe('credential shapes', () => {
  const redactor = new Redactor({ key: 'k' });
  const m = (text: string): string => redactor.marker(text);
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJlLXNpZw';

  it('replaces only the secret part of each shape', () => {
    expect(redactor.scrub(`Authorization: Bearer abcdef123456`)).toBe(`Authorization: Bearer ${m('abcdef123456')}`);
    expect(redactor.scrub(`key AKIAABCDEFGHIJKLMNOP here`)).toBe(`key ${m('AKIAABCDEFGHIJKLMNOP')} here`);
    const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
    expect(redactor.scrub(`aws_secret_access_key = ${secret}`)).toBe(`aws_secret_access_key = ${m(secret)}`);
    const gh = `ghp_${'a'.repeat(36)}`;
    expect(redactor.scrub(`token ${gh}.`)).toBe(`token ${m(gh)}.`);
    const pat = `github_pat_${'B'.repeat(30)}`;
    expect(redactor.scrub(pat)).toBe(m(pat));
    expect(redactor.scrub(`'${jwt}'`)).toBe(`'${m(jwt)}'`);
    expect(redactor.scrub('postgres://app:s3cret@db:5432/x')).toBe(`postgres://app:${m('s3cret')}@db:5432/x`);
  });

  it('takes a PEM private key whole, and one cut before its END line up to where its base64 stops', () => {
    const pem = '-----BEGIN RSA PRIVATE KEY-----\\nMIIEowIBAAKCAQEA\\n-----END RSA PRIVATE KEY-----';
    expect(redactor.scrub(`'${pem}'`)).toBe(`'${m(pem)}'`);
    const cut = '-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC';
    expect(redactor.scrub(`'${cut}...`)).toBe(`'${m(cut)}...`);
  });

  it('takes the value of a pair whose key looks secret', () => {
    expect(redactor.scrub('password=hunter22&user=bob')).toBe(`password=${m('hunter22')}&user=bob`);
    expect(redactor.scrub("User(name='bob', password='hunter22')")).toBe(
      `User(name='bob', password='${m('hunter22')}')`,
    );
    expect(redactor.scrub("{'api_key': 'abcd1234'}")).toBe(`{'api_key': '${m('abcd1234')}'}`);
    // Not a comparison, nor a key that does not look secret, nor a value that says there is none.
    expect(redactor.scrub('password == expected')).toBe('password == expected');
    expect(redactor.scrub("name='bob'")).toBe("name='bob'");
    expect(redactor.scrub('password=None')).toBe('password=None');
    // A file's line or a host's port.
    expect(redactor.scrub('stopped at src/auth.py:12 (session-db:5432, tokens.go:3:7)')).toBe(
      'stopped at src/auth.py:12 (session-db:5432, tokens.go:3:7)',
    );
    // As a Ruby backtrace and a compiler's message write them (rdbg's last words named session.rb's line).
    const backtrace = "from /usr/lib/ruby/gems/3.1.0/gems/debug-1.4.0/lib/debug/session.rb:205:in `block in activate'";
    expect(redactor.scrub(backtrace)).toBe(backtrace);
    expect(redactor.scrub('session.c:12: error: expected')).toBe('session.c:12: error: expected');
    // Still a secret after a file-like key when the value is more than a place.
    expect(redactor.scrub('session.id:12ab')).toBe(`session.id:${m('12ab')}`);
  });

  it("leaves bpdiff's own JSON pairs alone, but not a program's", () => {
    const json = '"types": {"password": "str"}';
    expect(redactor.scrub(json)).toBe(json);
    expect(redactor.scrub('{"password": "hunter22"}', { program: true })).toBe(`{"password": "${m('hunter22')}"}`);
    expect(redactor.scrub('password: hunter22', { program: true })).toBe(`password: ${m('hunter22')}`);
  });

  it('never touches a marker', () => {
    const text = `password=${m('x')} and <redacted> and &lt;redacted:abcdef&gt;`;
    expect(redactor.scrub(text)).toBe(text);
  });
});

describe('scrub of remembered secrets', () => {
  it('replaces a remembered secret wherever it stands, also JSON-, HTML- and %-escaped', () => {
    const redactor = new Redactor({ key: 'k' });
    const secret = 'p"a\\s<s>|w%rd\n1';
    redactor.remember(secret);
    const marker = redactor.marker(secret);
    expect(redactor.scrub(`said ${secret} twice: ${secret}`)).toBe(`said ${marker} twice: ${marker}`);
    expect(redactor.scrub(JSON.stringify({ tail: `x ${secret} y` }))).toBe(
      JSON.stringify({ tail: 'x MARK y' }).replace('MARK', marker),
    );
    expect(redactor.scrub('p"a\\s&lt;s&gt;&#124;w%rd<br>1')).toBe(marker);
    expect(redactor.scrub('p"a\\s<s>|w%25rd%0A1')).toBe(marker);
  });

  it('remembers a quoted value with and without its quotes, escapes undone', () => {
    const redactor = new Redactor({ key: 'k' });
    redactor.remember("'it\\'s-secret'");
    expect(redactor.scrub("it's-secret")).toBe(redactor.marker("it's-secret"));
    expect(redactor.scrub("'it\\'s-secret'")).toBe(redactor.marker("'it\\'s-secret'"));
  });

  it('does not look for short secrets, words that say nothing, or short numbers in free text', () => {
    const redactor = new Redactor({ key: 'k' });
    for (const text of ['ab', "'ab'", 'True', 'None', '8080', "''"]) redactor.remember(text);
    expect(redactor.scrub('ab True None 8080 stopped at line 8080')).toBe('ab True None 8080 stopped at line 8080');
    redactor.remember('12345678');
    expect(redactor.scrub('pin 12345678')).toBe(`pin ${redactor.marker('12345678')}`);
  });

  it('knows secret environment variables and arguments before any run', () => {
    const redactor = new Redactor({ key: 'k' });
    redactor.addSecretEnv({ API_TOKEN: 'tok-from-env', DEBUG: 'verbose-mode', AUTH_ENABLED: 'true' });
    redactor.addSecretArgs([
      'python3',
      'app.py',
      '--password',
      'argv-secret',
      '--api-key=eq-secret',
      '--user',
      'bob',
      '--token',
      '--verbose',
    ]);
    const text = redactor.scrub('tok-from-env argv-secret eq-secret bob verbose-mode true --verbose');
    expect(text).toBe(
      `${redactor.marker('tok-from-env')} ${redactor.marker('argv-secret')} ${redactor.marker('eq-secret')} bob verbose-mode true --verbose`,
    );
  });

  it('knows the value of a secret-looking assignment in a command (env API_TOKEN=X cmd)', () => {
    const redactor = new Redactor({ key: 'k' });
    redactor.addSecretArgs(['env', 'API_TOKEN=assigned-secret', 'MODE=fast', 'EMPTY_PASSWORD=', './app']);
    expect(redactor.scrub('assigned-secret fast')).toBe(`${redactor.marker('assigned-secret')} fast`);
  });
});

// Issue 21 item 6: debugpy shortens a long string inside a container's summary in the middle, and the
// element's redaction left 26 of a token's 36 characters in its parent (`'ghp_LiStLiStLiSt...StLiStLiSt'`).
describe('secrets shortened in the middle', () => {
  const token = `ghp_${'LiSt'.repeat(9)}`;

  it('a known secret, as a prefix, ... and a suffix of it: its marker', () => {
    const redactor = new Redactor({ key: 'k' });
    const values = redactor.redactValues({
      tok: `'${token}'`,
      items: `['ghp_LiStLiStLiStLiSt...StLiStLiSt', 'plain']`,
      note: `'kept: hunter2-alpha'`,
    });
    expect(values.variables['tok']).toBe(`'${redactor.marker(token)}'`);
    // Found by its shape (a GitHub token's start, then ...), as the whole token in `tok` is.
    expect(values.variables['items']).toBe(`['${redactor.marker('ghp_LiStLiStLiStLiSt...StLiStLiSt')}', 'plain']`);
    // In any later output too, with … as well as ...
    expect(redactor.scrub('was LiSt… no; ghp_LiStLiSt…StLiSt')).toBe(`was LiSt… no; ${redactor.marker(token)}`);
  });

  it('a shortened secret is one whose prefix and suffix are its own, starting where a word starts', () => {
    const redactor = new Redactor({ key: 'k' });
    redactor.addSecret('hunter2-alpha-secret');
    const m = redactor.marker('hunter2-alpha-secret');
    expect(redactor.scrub("['hunter2-al...secret']")).toBe(`['${m}']`);
    expect(redactor.scrub("['hunter2-al...cret']")).toBe(`['${m}']`);
    // Not a prefix of it at a word's start, too little of it, or other text around ... stay.
    expect(redactor.scrub("['xhunter2-al...secret']")).toBe("['xhunter2-al...secret']");
    expect(redactor.scrub("['hun...et']")).toBe("['hun...et']");
    expect(redactor.scrub('loading... done, hunter')).toBe('loading... done, hunter');
  });

  it('credential prefixes followed by ... (a token-shaped folder name in a path): their marker', () => {
    const redactor = new Redactor({ key: 'k' });
    const m = (text: string): string => redactor.marker(text);
    expect(redactor.scrub("{'where': '/tmp/ghp_Pxxxxxxxxxx...x1234/data'}")).toBe(
      `{'where': '/tmp/${m('ghp_Pxxxxxxxxxx...x1234')}/data'}`,
    );
    expect(redactor.scrub('id AKIAABCD…WXYZ')).toBe(`id ${m('AKIAABCD…WXYZ')}`);
    expect(redactor.scrub("'eyJhbGciOiJIUzI1...c2ln'")).toBe(`'${m('eyJhbGciOiJIUzI1...c2ln')}'`);
  });
});
