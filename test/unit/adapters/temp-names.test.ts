// The adapters' normalise rules for names a run makes at random in its own temporary folder (<tmp>,
// its TMPDIR, which bpdiff gives each start of a program): Python's tempfile (`tmp` and 8 characters,
// at any depth), Go's os.MkdirTemp / t.TempDir (digits); names the program chose stay as written, and
// nothing outside <tmp> is touched.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NormaliseRule } from '../../../src/adapters/definition.js';
import { compileRules } from '../../../src/values/normalise.js';
import { runPaths } from '../../../src/values/paths.js';

const ADAPTERS = path.resolve(import.meta.dirname, '../../../adapters');

function normaliserOf(id: string): (text: string) => string {
  const definition = JSON.parse(fs.readFileSync(path.join(ADAPTERS, id, 'adapter.json'), 'utf8')) as {
    normalise?: NormaliseRule[];
  };
  const rules = compileRules(definition.normalise ?? []);
  return (text) => rules.reduce((next, rule) => next.replace(rule.regex, rule.replacement), text);
}

describe.each(['python', 'debugpy'])("%s: tempfile's names", (id) => {
  const normalise = normaliserOf(id);
  it('the random part, at any depth under <tmp>', () => {
    expect(normalise("'<tmp>/tmpk3gbhi7n'")).toBe("'<tmp>/tmp…'");
    expect(normalise("<_io.BufferedRandom name='<tmp>/tmpab_d1234/tmp25xwc224.txt'>")).toBe(
      "<_io.BufferedRandom name='<tmp>/tmp…/tmp….txt'>",
    );
    expect(normalise("PosixPath('<tmp>/pytest-of-root/pytest-0/tmpzzzzzzzz')")).toBe(
      "PosixPath('<tmp>/pytest-of-root/pytest-0/tmp…')",
    );
  });
  it('names the program chose, and names outside <tmp>, as written', () => {
    for (const text of ["'<tmp>/out.txt'", "'/tmp/tmpk3gbhi7n'", "'<tmp>/tmpdir'", "'<cwd>/tmpk3gbhi7n'"])
      expect(normalise(text)).toBe(text);
  });
});

describe("go: os.MkdirTemp's and t.TempDir's names", () => {
  const normalise = normaliserOf('go');
  it('the digits drawn, at any depth under <tmp>; the numbered folders t.TempDir makes in it stay', () => {
    expect(normalise('"<tmp>/TestSave3960913331/001/out.txt"')).toBe('"<tmp>/TestSave…/001/out.txt"');
    expect(normalise('"<tmp>/work/build-123456789"')).toBe('"<tmp>/work/build-…"');
  });
  it('names the program chose, and names outside <tmp>, as written', () => {
    for (const text of ['"<tmp>/run2026/out.txt"', '"/tmp/TestSave3960913331/001"', '"<cwd>/data123456789"'])
      expect(normalise(text)).toBe(text);
  });
});

describe("node: fs.mkdtemp's names", () => {
  const normalise = normaliserOf('node');
  it('the six characters after the prefix, at any depth under <tmp>', () => {
    expect(normalise("'<tmp>/myapp-Ab3xYz'")).toBe("'<tmp>/myapp-…'");
    expect(normalise("'<tmp>/work_q1W2e3/out.json'")).toBe("'<tmp>/work_…/out.json'");
  });
  it('names the program chose, and names outside <tmp>, as written', () => {
    for (const text of ["'<tmp>/report'", "'<tmp>/out.backup'", "'/tmp/myapp-Ab3xYz'"])
      expect(normalise(text)).toBe(text);
  });
});

describe("ruby: Dir.mktmpdir's and Tempfile's names", () => {
  const normalise = normaliserOf('ruby');
  it('the date, the process id and the number drawn, at any depth under <tmp>', () => {
    expect(normalise('"<tmp>/d20261130-4242-1x2y3z"')).toBe('"<tmp>/d…"');
    expect(normalise('"<tmp>/d20261130-4242-1x2y3z/data20261130-4242-abc123.json"')).toBe('"<tmp>/d…/data….json"');
  });
  it('names the program chose, and names outside <tmp>, as written', () => {
    for (const text of ['"<tmp>/out-2026.txt"', '"/tmp/d20261130-4242-1x2y3z"']) expect(normalise(text)).toBe(text);
  });
});

describe("java: Files.createTempFile's and @TempDir's names", () => {
  const normalise = normaliserOf('java');
  it('the number drawn after the prefix, at any depth under <tmp>', () => {
    expect(normalise('"<tmp>/junit14852395345243554/data8812349912388421733.json"')).toBe('"<tmp>/junit…/data….json"');
  });
  it('names the program chose, and names outside <tmp>, as written', () => {
    for (const text of ['"<tmp>/out-2026.txt"', '"/tmp/junit14852395345243554"', '"<tmp>/id1234"'])
      expect(normalise(text)).toBe(text);
  });
});

describe("runPaths: the run's temporary folder", () => {
  it('is written <tmp>', () => {
    const paths = runPaths('/x/project', null, '/tmp/bpdiff-1-2-abc/run-xyz/tmp');
    expect(paths).toContainEqual({
      path: '/tmp/bpdiff-1-2-abc/run-xyz/tmp',
      token: '<tmp>',
      what: "the run's own temporary folder (its TMPDIR)",
    });
  });
});
