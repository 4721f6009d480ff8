// A value cut at --max-value-length keeps nothing of a credential the cut shortens (issue 34): the
// shapes find a whole token, not `ghp_LoNgL…` glued to what came before it.
import { describe, expect, it } from 'vitest';
import { cutValueText } from '../../../src/redact/cut-value.js';
import { Redactor } from '../../../src/redact/redactor.js';

const TOKEN = `ghp_${'LoNg'.repeat(9)}`;

describe('cutValueText', () => {
  it('cuts before a token the cut would shorten, glued to what precedes it or not', () => {
    expect(cutValueText(`${'x'.repeat(20)}${TOKEN}`, 29)).toBe(`${'x'.repeat(20)}…`);
    expect(cutValueText(`'a b ${TOKEN}'`, 12)).toBe("'a b …");
    expect(cutValueText(`AKIA${'Q'.repeat(16)} rest`, 10)).toBe('…');
    expect(cutValueText(`x = eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.c2ln`, 30)).toBe('x = …');
    expect(cutValueText('Authorization: Bearer abcdefghijklmnop', 30)).toBe('Authorization: Bearer …');
    expect(cutValueText(`k = -----BEGIN RSA PRIVATE KEY-----\nMIIEow${'A'.repeat(100)}`, 60)).toBe('k = …');
  });

  it('cuts a value without a credential, or one whose credential ended before the cut, where it always did', () => {
    expect(cutValueText('a'.repeat(40), 16)).toBe(`${'a'.repeat(16)}…`);
    expect(cutValueText(`${TOKEN} and more`, 45)).toBe(`${TOKEN} and …`);
    expect(cutValueText('short', 16)).toBe('short');
  });

  it('leaves the redactor nothing of the token to miss', () => {
    const redactor = new Redactor({ key: 'k' });
    const before = `${`${'x'.repeat(20)}${TOKEN}`.slice(0, 29)}…`;
    // What the old cut kept: the token's start, glued to the x's, which no shape takes.
    expect(redactor.scrub(before)).toContain('ghp_L');
    expect(redactor.scrub(cutValueText(`${'x'.repeat(20)}${TOKEN}`, 29))).not.toContain('ghp_');
  });
});

describe('credential shapes after `_` or `-`', () => {
  it('a token after _ in a path, an AWS key id after -: redacted', () => {
    const redactor = new Redactor({ key: 'k' });
    expect(redactor.scrub(`run capture nothere_${TOKEN}.py does not exist`)).toMatch(
      /^run capture nothere_<redacted:[0-9a-f]{6}>\.py does not exist$/,
    );
    expect(redactor.scrub(`key-AKIA${'Q'.repeat(16)}.txt`)).toMatch(/^key-<redacted:[0-9a-f]{6}>\.txt$/);
    expect(redactor.scrub(`a_${TOKEN.slice(0, 10)}…`)).toMatch(/^a_<redacted:[0-9a-f]{6}>$/);
  });
});

describe('a secret known before the runs, cut at the end of a value', () => {
  it('is redacted whatever its start is glued to', () => {
    const redactor = new Redactor({ key: 'k' });
    redactor.addSecretEnv({ API_TOKEN: 'tok-alpha-1234567' });
    expect(redactor.scrub("'xxxxtok-alpha-12…")).toMatch(/^'xxxx<redacted:[0-9a-f]{6}>$/);
    // Not at a cut, inside a word: another word, kept.
    expect(redactor.scrub('xxxxtok-alpha-12… and on')).toBe('xxxxtok-alpha-12… and on');
  });
});
