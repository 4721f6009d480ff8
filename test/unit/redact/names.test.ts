// Which names look secret (src/redact/names.ts): the built-in words anywhere in the dotted path, the
// `auth` and `token` choices, and the user's --redact words and globs.
import { describe, expect, it } from 'vitest';
import { Redactor } from '../../../src/redact/redactor.js';
import { hasSecretWord, normaliseName } from '../../../src/redact/names.js';

describe('built-in secret names', () => {
  it('finds each word anywhere in the path, in any case and spelling', () => {
    for (const path of [
      'password',
      'PASSWORD',
      'dbPassword',
      'user.password_hash',
      'passwd',
      'client_secret',
      'SecretKey',
      'API_TOKEN',
      'access_token',
      'authToken',
      'api_key',
      'apiKey',
      'APIKey',
      'x-api-key',
      'credentials',
      'private_key',
      'privateKey',
      "config['db']['private_key']",
      'session',
      'request.sessionId',
      'cookies',
      "headers['Set-Cookie']",
      "os.environ['API_TOKEN']",
      'csrftoken',
      'tokens',
    ]) {
      expect(hasSecretWord(path), path).toBe(true);
    }
  });

  it('matches auth as a word part or an auth word, not inside author, authority or authorized', () => {
    for (const path of [
      'auth',
      'auth_token',
      'x-auth',
      'basicAuth',
      'oauth',
      'authorization',
      "headers['Authorization']",
      'authn',
      'authz',
      'authentication',
    ]) {
      expect(hasSecretWord(path), path).toBe(true);
    }
    for (const path of [
      'author',
      'book.authors',
      'authority',
      'post.authored_at',
      'is_authorized',
      'tokenizer',
      'count',
      'user.name',
      'items[0].qty',
    ]) {
      expect(hasSecretWord(path), path).toBe(false);
    }
  });

  it('names everything under a secret container, since its path holds the word', () => {
    expect(hasSecretWord("credentials['user']")).toBe(true);
    expect(hasSecretWord('session.user.id')).toBe(true);
  });

  it('normalises camelCase and separators', () => {
    expect(normaliseName("self.apiKey['x-y']")).toBe('self_api_key_x_y_');
  });
});

describe('--redact patterns', () => {
  it('adds words (anywhere, any case) and globs (over the path and what it lies under)', () => {
    const redactor = new Redactor({ key: 'k', names: ['ssn', '*.pin'] });
    expect(redactor.isSecretName('user.SSN')).toBe(true);
    expect(redactor.isSecretName('customer_ssn')).toBe(true);
    expect(redactor.isSecretName('card.pin')).toBe(true);
    expect(redactor.isSecretName('card.PIN.digits[0]')).toBe(true);
    expect(redactor.isSecretName('pin')).toBe(false);
    expect(redactor.isSecretName('spinner')).toBe(false);
    expect(redactor.isSecretName('password')).toBe(true);
  });
});
