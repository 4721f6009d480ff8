// bpdiff.config.json (src/config/config.ts): its schema lists exactly the options a check reads, and
// every mistake is one line naming the file and the key.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_OPTION_KEYS, findConfig, loadConfig } from '../../../src/config/config.js';
import { loadSchema } from '../../../src/core/schemas.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-config-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function write(name: string, content: unknown): string {
  const file = path.join(tmp, name, 'bpdiff.config.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('bpdiff.config.json', () => {
  it('its schema names every option a check reads, and only those', () => {
    const schema = loadSchema('config') as { definitions: { options: { properties: Record<string, unknown> } } };
    expect(Object.keys(schema.definitions.options.properties).sort()).toEqual([...CONFIG_OPTION_KEYS].sort());
  });

  it('reads defaults and checks, with paths from its own folder', () => {
    const file = write('ok', { depth: 2, ignore: ['t.*'], tolerance: '1%', hit: 3, watch: ['a + b'], checks: { p: { bp: 'src/p.py:4', cmd: ['python3', 'src/p.py'], baseline: '.bpdiff/p.json', max_children: 5 } } });
    const config = loadConfig(file);
    expect(config.options).toEqual({ depth: 2, ignore: ['t.*'], tolerance: '1%', hit: 3, watch: ['a + b'] });
    expect(config.checks).toEqual([
      { name: 'p', bp: 'src/p.py:4', condition: null, cmd: ['python3', 'src/p.py'], cwd: path.dirname(file), env: {}, baseline: path.join(path.dirname(file), '.bpdiff/p.json'), options: { max_children: 5 } },
    ]);
    expect(findConfig(path.join(path.dirname(file), 'deeper/still'))).toBe(file);
  });

  it('refuses an unknown key, a wrong type and a bad value, naming the file and the key', () => {
    expect(() => loadConfig(write('unknown', { depht: 2 }))).toThrow(/bpdiff\.config\.json: \(root\): must NOT have additional properties \('depht'\)/);
    expect(() => loadConfig(write('type', { depth: 'deep' }))).toThrow(/bpdiff\.config\.json: \/depth: must be integer/);
    expect(() => loadConfig(write('value', { normalize: ['(=>x'] }))).toThrow(/bpdiff\.config\.json: "normalize": --normalize/);
    expect(() => loadConfig(write('json', '{"depth": 2'))).toThrow(/bpdiff\.config\.json: is not valid JSON/);
    expect(() => loadConfig(write('check', { checks: { x: { bp: 'a.py:1', cmd: [] , baseline: 'b' } } }))).toThrow(/\/checks\/x\/cmd: must NOT have fewer than 1 items/);
  });
});
