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
    const file = write('ok', {
      depth: 2,
      ignore: ['t.*'],
      tolerance: '1%',
      hit: 3,
      watch: ['a + b'],
      checks: { p: { bp: 'src/p.py:4', cmd: ['python3', 'src/p.py'], baseline: '.bpdiff/p.json', max_children: 5 } },
    });
    const config = loadConfig(file);
    expect(config.options).toEqual({ depth: 2, ignore: ['t.*'], tolerance: '1%', hit: 3, watch: ['a + b'] });
    expect(config.checks).toEqual([
      {
        name: 'p',
        bp: 'src/p.py:4',
        condition: null,
        cmd: ['python3', 'src/p.py'],
        cwd: path.dirname(file),
        env: {},
        baseline: path.join(path.dirname(file), '.bpdiff/p.json'),
        options: { max_children: 5 },
      },
    ]);
    expect(findConfig(path.join(path.dirname(file), 'deeper/still'))).toBe(file);
  });

  it('refuses an unknown key, a wrong type and a bad value, naming the file and the key', () => {
    expect(() => loadConfig(write('unknown', { colour: 2 }))).toThrow(
      /bpdiff\.config\.json: \(root\): must NOT have additional properties \('colour'\)/,
    );
    expect(() => loadConfig(write('type', { depth: 'deep' }))).toThrow(
      /bpdiff\.config\.json: \/depth: must be integer/,
    );
    expect(() => loadConfig(write('value', { normalize: ['(=>x'] }))).toThrow(
      /bpdiff\.config\.json: "normalize": --normalize/,
    );
    expect(() => loadConfig(write('json', '{"depth": 2'))).toThrow(/bpdiff\.config\.json: is not valid JSON/);
    expect(() => loadConfig(write('check', { checks: { x: { bp: 'a.py:1', cmd: [], baseline: 'b' } } }))).toThrow(
      /\/checks\/x\/cmd: must NOT have fewer than 1 items/,
    );
  });
});

describe('a mistyped config key', () => {
  it('says the key probably meant, as the command line does for a flag, at the top and in a check', () => {
    const message = (content: unknown): string => {
      try {
        loadConfig(write('typo', content));
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('did not fail');
    };
    expect(message({ depht: 2 })).toBe(
      `${path.join(tmp, 'typo', 'bpdiff.config.json')}: "depht" is not a key of a bpdiff config — did you mean "depth"? (see schema/bpdiff-config.schema.json)`,
    );
    expect(message({ checks: { p: { bp: 'p.py:4', cmd: ['python3', 'p.py'], ignroe: ['t'] } } })).toMatch(
      /: "checks\.p\.ignroe" is not a key of a bpdiff config — did you mean "ignore"\?/,
    );
    expect(message({ chekcs: {} })).toMatch(/: "chekcs" is not a key of a bpdiff config — did you mean "checks"\?/);
    expect(message({ fail_on_obsolte: true })).toMatch(/did you mean "fail_on_obsolete"\?/);
  });
});

describe('finding bpdiff.config.json', () => {
  // A config in the folder a repository was cloned into turned a 4-change diff into exit 0 (fail_on: never).
  it('stops at the repository root: a config above the folder holding .git is not read', () => {
    write('clones', { fail_on: 'never' });
    const repo = path.join(tmp, 'clones/repo');
    fs.mkdirSync(path.join(repo, '.git/objects'), { recursive: true });
    fs.mkdirSync(path.join(repo, 'src/deep'), { recursive: true });
    expect(findConfig(path.join(repo, 'src/deep'))).toBeNull();
    // A worktree's .git is a file: the same root.
    const worktree = path.join(tmp, 'clones/worktree');
    fs.mkdirSync(path.join(worktree, 'src'), { recursive: true });
    fs.writeFileSync(path.join(worktree, '.git'), 'gitdir: ../repo/.git/worktrees/w\n');
    expect(findConfig(path.join(worktree, 'src'))).toBeNull();
    // One in the repository's own root is found.
    const own = write('clones/repo', { depth: 2 });
    expect(findConfig(path.join(repo, 'src/deep'))).toBe(own);
  });

  it('stops at the home folder', () => {
    write('homes', { fail_on: 'never' });
    const home = path.join(tmp, 'homes/ann');
    fs.mkdirSync(path.join(home, 'work'), { recursive: true });
    expect(findConfig(path.join(home, 'work'), home)).toBeNull();
    expect(findConfig(path.join(home, 'work'), path.join(tmp, 'elsewhere'))).toBe(
      path.join(tmp, 'homes/bpdiff.config.json'),
    );
  });
});

describe('limits of a config', () => {
  // A million `ignore` entries ran the heap out (exit 134 with a V8 trace).
  it('a list of more than 1000 entries, an entry too long or too many checks: one line naming the file and the key', () => {
    expect(() => loadConfig(write('many', { ignore: Array.from({ length: 1001 }, (_, i) => `v${i}`) }))).toThrow(
      /bpdiff\.config\.json: \/ignore: must NOT have more than 1000 items — /,
    );
    expect(() => loadConfig(write('long', { only: ['x'.repeat(1001)] }))).toThrow(
      /bpdiff\.config\.json: \/only\/0: must NOT have more than 1000 characters — /,
    );
    const checks = Object.fromEntries(
      Array.from({ length: 1001 }, (_, i) => [`c${i}`, { bp: 'a.py:1', cmd: ['python3', 'a.py'], baseline: 'b.json' }]),
    );
    expect(() => loadConfig(write('checks', { checks }))).toThrow(
      /bpdiff\.config\.json: \/checks: must NOT have more than 1000 properties — /,
    );
  });

  // bpdiff check names a check's paths in its lines (baseline written, ...): a cloned repository's config
  // could make each of them megabytes long (issue 34: every message bounded).
  it("a path longer than PATH_MAX (baselines, a check's baseline or bp) is refused, naming the key", () => {
    const long = `${'d/'.repeat(2500)}x.json`;
    expect(() => loadConfig(write('baselines', { baselines: long }))).toThrow(
      /bpdiff\.config\.json: \/baselines: must NOT have more than 4096 characters — /,
    );
    const check = (extra: Record<string, string>) => ({
      checks: { c: { bp: 'a.py:1', cmd: ['python3', 'a.py'], ...extra } },
    });
    expect(() => loadConfig(write('baseline', check({ baseline: long })))).toThrow(
      /\/checks\/c\/baseline: must NOT have more than 4096 characters — /,
    );
    expect(() => loadConfig(write('bp', check({ bp: `${long}:1` })))).toThrow(
      /\/checks\/c\/bp: must NOT have more than 4096 characters — /,
    );
  });

  it('a config larger than --max-input-bytes is refused with its size', () => {
    const file = write('large', { ignore: ['x'.repeat(600), 'y'.repeat(600)] });
    expect(() => loadConfig(file, 1024)).toThrow(
      /^the config .*bpdiff\.config\.json is 1\.2 KB, over bpdiff's limit of 1\.0 KB for a file it reads — raise the limit with --max-input-bytes N/,
    );
    expect(loadConfig(file).options).toEqual({ ignore: ['x'.repeat(600), 'y'.repeat(600)] });
  });
});
