// A run's values redacted (src/redact/redact-values.ts, the value step src/values/redact.ts): by name,
// the same secret wherever it is left, credential shapes; a change is still a change.
import { describe, expect, it } from 'vitest';
import { Redactor } from '../../../src/redact/redactor.js';
import { redactStep } from '../../../src/values/redact.js';
import { runValuePipeline, VALUE_STEPS, type CapturedValues, type ValueContext } from '../../../src/values/pipeline.js';
import { diffVariables } from '../../../src/core/diff-variables.js';

const values = (variables: Record<string, string>): CapturedValues => ({
  variables,
  types: {},
  truncated: [],
  normalised: [],
});
const context = (redactor?: Redactor, raw = false): ValueContext => ({
  adapter: null,
  breakpointPath: '/x/app.py',
  raw,
  ...(redactor ? { redactor } : {}),
});

describe('redactValues', () => {
  it('replaces a secret-named value and everything under a secret-named container by its marker', () => {
    const redactor = new Redactor({ key: 'k' });
    const { variables, redacted } = redactor.redactValues({
      password: "'hunter2'",
      credentials: "{'user': ‹'user'›}",
      "credentials['user']": "'bob'",
      user: "'bob'",
      copy: "'hunter2'",
    });
    expect(variables).toEqual({
      password: redactor.marker("'hunter2'"),
      credentials: redactor.marker("{'user': ‹'user'›}"),
      "credentials['user']": redactor.marker("'bob'"),
      user: "'bob'",
      copy: redactor.marker("'hunter2'"),
    });
    // `copy` holds the text a secret held (in this run): it takes the same marker. What lies under a
    // secret-named container is redacted by name but not looked for elsewhere (`user` stays): a
    // pytest `session`'s name "python" must not be taken out of every path bpdiff prints.
    expect(redacted).toEqual(['password', 'credentials', "credentials['user']", 'copy']);
  });

  it('redacts a short secret by name, and keeps a value that holds no secret (none, zero, a yes/no)', () => {
    const redactor = new Redactor({ key: 'k' });
    const { variables } = redactor.redactValues({
      pin_password: "'1'",
      token: 'None',
      secret: "''",
      same_session: 'False',
      session_id: '0',
      other: "'1'",
    });
    expect(variables).toEqual({
      pin_password: redactor.marker("'1'"),
      token: 'None',
      secret: "''",
      same_session: 'False',
      session_id: '0',
      other: "'1'",
    });
  });

  it("by name, redacts only what can hold text: a tokenizer's numbers and structs stay visible (issue 33)", () => {
    const redactor = new Redactor({ key: 'k' });
    const types = {
      tokens: 'jsmntok_t *',
      'tokens->type': 'jsmntype_t',
      'tokens->start': 'int',
      num_tokens: 'unsigned int',
      token: 'jsmntok_t',
      'token.size': 'int',
      auth_token: 'const char *',
      secret_bytes: '[]uint8',
      'secret_bytes[0]': 'uint8',
      session: 'Session',
      'session.id': 'str',
    };
    const given = {
      tokens: '0x…',
      'tokens->type': 'JSMN_OBJECT',
      'tokens->start': '17',
      num_tokens: '12',
      token: '{type:‹type›, size:‹size›}',
      'token.size': '2',
      auth_token: '0x… "s3cr3t-value"',
      secret_bytes: '[]uint8 len: 3, cap: 3, [104,105,106]',
      'secret_bytes[0]': '104',
      session: 'Session(id=‹id›)',
      'session.id': "'c2Vzc2lvbi1pZA'",
      password: "'hunter2'",
    };
    const { variables, redacted } = redactor.redactValues(given, types);
    expect(variables).toEqual({
      ...given,
      auth_token: redactor.marker('0x… "s3cr3t-value"'),
      secret_bytes: redactor.marker('[]uint8 len: 3, cap: 3, [104,105,106]'),
      'secret_bytes[0]': redactor.marker('104'),
      'session.id': redactor.marker("'c2Vzc2lvbi1pZA'"),
      password: redactor.marker("'hunter2'"),
    });
    expect(redacted).toEqual(['auth_token', 'secret_bytes', 'secret_bytes[0]', 'session.id', 'password']);
    // Text under a name that says nothing is still redacted by its shape.
    expect(redactor.redactValues({ count: '3', note: "'Bearer abcdefghijklmnop'" }).variables.note).toMatch(
      /^'Bearer <redacted:[0-9a-f]{6}>'$/,
    );
  });

  it('takes a secret out of a parent that still holds its text (--raw-values, or a summary not masked)', () => {
    const redactor = new Redactor({ key: 'k' });
    const { variables } = redactor.redactValues({
      config: "{'db': {'host': 'h', 'private_key': 'pk-1234'}}",
      "config['db']['private_key']": "'pk-1234'",
      "config['db']['host']": "'h'",
    });
    const marker = redactor.marker("'pk-1234'");
    expect(variables["config['db']['private_key']"]).toBe(marker);
    expect(variables['config']).toBe(`{'db': {'host': 'h', 'private_key': ${marker}}}`);
    expect(variables["config['db']['host']"]).toBe("'h'");
  });

  it('replaces credential shapes inside other values, and leaves markers as they are', () => {
    const redactor = new Redactor({ key: 'k' });
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.sig';
    const { variables, redacted } = redactor.redactValues({
      note: `'jwt ${jwt}'`,
      saved: "'Bearer <redacted:abcdef>'",
      count: '3',
    });
    expect(variables).toEqual({
      note: `'jwt ${redactor.marker(jwt)}'`,
      saved: "'Bearer <redacted:abcdef>'",
      count: '3',
    });
    expect(redacted).toEqual(['note', 'saved']);
  });

  it('looks for secrets told of before the runs (environment, arguments) in every value', () => {
    const redactor = new Redactor({ key: 'k' });
    redactor.addSecretEnv({ API_TOKEN: 'tok-123456' });
    const { variables } = redactor.redactValues({ header: "'X tok-123456'" });
    expect(variables['header']).toBe(`'X ${redactor.marker('tok-123456')}'`);
  });

  it('gives each run the same texts whichever run is read first', () => {
    const runA = { password: "'alpha-pass'", echo: "'beta-pass'" };
    const runB = { password: "'beta-pass'", echo: "'alpha-pass'" };
    const first = new Redactor({ key: 'k' });
    const [a1, b1] = [first.redactValues(runA).variables, first.redactValues(runB).variables];
    const second = new Redactor({ key: 'k' });
    const b2 = second.redactValues(runB).variables;
    const a2 = second.redactValues(runA).variables;
    expect(a1).toEqual(a2);
    expect(b1).toEqual(b2);
  });
});

describe('the redaction step', () => {
  it('does nothing without a redactor', () => {
    const given = values({ password: "'hunter2'" });
    expect(redactStep.apply(given, context())).toBe(given);
  });

  it('reports a changed secret as changed without showing it, and says what was redacted', () => {
    const redactor = new Redactor({ key: 'k' });
    const a = runValuePipeline(values({ password: "'alpha'", qty: '3' }), context(redactor));
    const b = runValuePipeline(values({ password: "'beta'", qty: '3' }), context(redactor));
    const diff = diffVariables(a.variables, b.variables);
    expect(Object.keys(diff.changed)).toEqual(['password']);
    expect(JSON.stringify([a, b])).not.toMatch(/alpha|beta/);
    expect(a.notes).toEqual([
      '1 value was redacted (names that look secret, credential-shaped text): password; --no-redact shows them',
    ]);
  });

  it('runs with --raw-values too, after the containers are masked by their children', () => {
    expect(VALUE_STEPS.map((step) => step.name).indexOf('redaction')).toBe(
      VALUE_STEPS.map((step) => step.name).indexOf('containers by their children') + 1,
    );
    const redactor = new Redactor({ key: 'k' });
    const raw = runValuePipeline(
      values({ config: "{'secret': 'xyz1'}", "config['secret']": "'xyz1'" }),
      context(redactor, true),
    );
    const marker = redactor.marker("'xyz1'");
    expect(raw.variables).toEqual({ config: `{'secret': ${marker}}`, "config['secret']": marker });
    // Masked first (not raw): the parent holds a marker naming its child, not the child's text.
    const masked = runValuePipeline(
      values({ config: "{'secret': 'xyz1'}", "config['secret']": "'xyz1'" }),
      context(redactor),
    );
    expect(masked.variables).toEqual({ config: "{'secret': ‹'secret'›}", "config['secret']": marker });
  });
});
