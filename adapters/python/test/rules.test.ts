// The adapter definition's normalise rules as the adapter's own streams apply them (_bpdiff_light/
// rules.py turns each JavaScript pattern into Python's): every rule compiles on every Python, and
// writes a text as bpdiff's value pipeline does (src/values/normalise.ts), so that texts a stream
// finds equal are equal there.
import { execa } from 'execa';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NormaliseRule } from '../../../src/adapters/definition.js';
import { compileRules } from '../../../src/values/normalise.js';
import { pythons } from './helpers.js';

const ADAPTER = path.resolve(import.meta.dirname, '..');
const RULES = (
  JSON.parse(fs.readFileSync(path.join(ADAPTER, 'adapter.json'), 'utf8')) as { normalise: NormaliseRule[] }
).normalise;

const TEXTS = [
  "<_io.BufferedRandom name='<tmp>/tmpab_d1234/tmp25xwc224.txt'>",
  "PosixPath('<tmp>/pytest-of-root/pytest-0/tmpzzzzzzzz')",
  '<a.B object at 0x7f6a...f3384e10>',
  '<Thread(Thread-1 (work), started daemon 140399631918784)>',
  "'/tmp/tmpk3gbhi7n'",
];

const APPLY = `
import json, sys
sys.path.insert(0, sys.argv[1])
from _bpdiff_light.rules import adapter_rule
rules = [adapter_rule(rule) for rule in json.loads(sys.argv[2])]
out = []
for text in json.loads(sys.argv[3]):
    for rule in rules:
        text = rule(text)
    out.append(text)
print(json.dumps(out))
`;

describe.each(pythons())("the adapter definition's normalise rules on $name", ({ executable }) => {
  it('compile, and write each text as the value pipeline does', async () => {
    const rules = compileRules(RULES);
    const expected = TEXTS.map((text) =>
      rules.reduce((next, rule) => next.replace(rule.regex, rule.replacement), text),
    );
    const { stdout } = await execa(executable, ['-c', APPLY, ADAPTER, JSON.stringify(RULES), JSON.stringify(TEXTS)]);
    expect(JSON.parse(stdout)).toEqual(expected);
    expect(expected[0]).toBe("<_io.BufferedRandom name='<tmp>/tmp…/tmp….txt'>");
  });
});
