import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { helperScript } from '../../../src/adapters/hooks.js';
import { hooksModule, loadHooks } from '../../../src/adapters/load-hooks.js';
import { BUILTIN_HOOKS } from '../../../adapters/builtin-hooks.js';
import { builtinDefinitions, loadDefinitionFile } from '../../../src/adapters/registry.js';
import { BpdiffError } from '../../../src/errors.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-hooks-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const builtin = (id: string) => builtinDefinitions().find((definition) => definition.id === id)!;

function userDefinition(name: string, hooks: string): string {
  fs.writeFileSync(path.join(tmp, `${name}.mjs`), hooks);
  const file = path.join(tmp, `${name}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({
      id: name,
      name,
      adapter: { transport: 'stdio', executables: ['x'] },
      launch: {},
      hooks: `${name}.mjs`,
    }),
  );
  return file;
}

describe('built-in adapters', () => {
  it('are the folders of adapters/, each with its definition, its hooks and its helper scripts', () => {
    const all = builtinDefinitions();
    expect(all.map((definition) => definition.id)).toEqual([
      'debugpy',
      'gdb',
      'go',
      'java',
      'lldb',
      'node',
      'python',
      'ruby',
    ]);
    for (const definition of all) expect(definition.dir).toBe(path.join(ROOT, 'adapters', definition.id));
    expect(all.filter((definition) => definition.hooks).map((definition) => definition.hooks)).toEqual([
      'hooks.ts',
      'hooks.ts',
      'hooks.ts',
      'hooks.ts',
      'hooks.ts',
      'hooks.ts',
      'hooks.ts',
    ]);
    expect(fs.existsSync(path.join(builtin('python').dir, 'sitecustomize.py'))).toBe(true);
    expect(fs.existsSync(path.join(builtin('ruby').dir, 'bpdiff_rdbg.rb'))).toBe(true);
    expect(fs.existsSync(path.join(builtin('gdb').dir, 'bpdiff_gdb.py'))).toBe(true);
    expect(fs.existsSync(path.join(builtin('debugpy').dir, 'sitecustomize.py'))).toBe(true);
    expect(fs.existsSync(path.join(builtin('python').dir, '_bpdiff_light', 'bootstrap.py'))).toBe(true);
    expect(fs.existsSync(path.join(builtin('lldb').dir, 'bpdiff_lldb_rust.py'))).toBe(true);
  });

  it('point their editors at the schema', () => {
    for (const id of ['debugpy', 'gdb', 'go', 'java', 'lldb', 'node', 'python', 'ruby']) {
      const json = JSON.parse(fs.readFileSync(path.join(ROOT, 'adapters', id, 'adapter.json'), 'utf8')) as {
        $schema: string;
      };
      expect(path.resolve(ROOT, 'adapters', id, json.$schema)).toBe(
        path.join(ROOT, 'schema/adapter-definition.schema.json'),
      );
    }
  });

  it('name their hooks module, which bpdiff imports by name (one module graph from source, dist/ or the bundle)', () => {
    expect(hooksModule(builtin('go'))).toBe(path.join(ROOT, 'adapters/go/hooks.ts'));
    expect(hooksModule(builtin('node'))).toBeNull();
    expect(hooksModule(builtin('java'))).toBe(path.join(ROOT, 'adapters/java/hooks.ts'));
    const withHooks = builtinDefinitions().filter((definition) => definition.hooks);
    expect(Object.keys(BUILTIN_HOOKS).sort()).toEqual(
      withHooks.map((definition) => `${definition.id}/${definition.hooks}`).sort(),
    );
  });

  it('load their hooks', async () => {
    expect(Object.keys(await loadHooks(builtin('python')))).toEqual(['defer', 'prepare']);
    expect(Object.keys(await loadHooks(builtin('debugpy')))).toEqual(['prepare']);
    expect(Object.keys(await loadHooks(builtin('lldb'))).sort()).toEqual([
      'prepare',
      'summariesListChildren',
      'variableName',
      'version',
    ]);
    expect(Object.keys(await loadHooks(builtin('go'))).sort()).toEqual([
      'callbackFunctions',
      'normaliseValue',
      'prepare',
      'version',
    ]);
    expect(await loadHooks(builtin('node'))).toEqual({});
    expect(Object.keys(await loadHooks(builtin('ruby'))).sort()).toEqual(['prepare', 'version']);
    expect(Object.keys(await loadHooks(builtin('gdb'))).sort()).toEqual(['prepare', 'version']);
  });
});

describe("a user's hooks", () => {
  it('are the default export of a module beside the definition', async () => {
    const definition = loadDefinitionFile(
      userDefinition('upper', 'export default { normaliseValue: (value) => value.toUpperCase() };\n'),
    );
    expect(hooksModule(definition)).toBe(path.join(tmp, 'upper.mjs'));
    expect((await loadHooks(definition)).normaliseValue?.('abc')).toBe('ABC');
  });

  it("are refused when they name a file of bpdiff's adapters/ that is no adapter's hooks", async () => {
    const file = path.join(tmp, 'not-hooks.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        id: 'n',
        name: 'n',
        adapter: { transport: 'stdio', executables: ['x'] },
        launch: {},
        hooks: path.join(ROOT, 'adapters/go/go-command.ts'),
      }),
    );
    const error = await loadHooks(loadDefinitionFile(file)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BpdiffError);
    expect((error as BpdiffError).message).toMatch(
      /is no built-in adapter's hooks — name one of adapters\/debugpy\/hooks\.ts, adapters\/gdb\/hooks\.ts, adapters\/go\/hooks\.ts, adapters\/java\/hooks\.ts, adapters\/lldb\/hooks\.ts, adapters\/python\/hooks\.ts, adapters\/ruby\/hooks\.ts$/,
    );
  });

  it('are refused, in one line, when they are not hooks', async () => {
    const cases: Array<[string, RegExp]> = [
      ['export const normaliseValue = (v) => v;\n', /has no default export/],
      [
        'export default { prepareLaunch() {} };\n',
        /exports an unknown hook "prepareLaunch" \(known: defer, prepare, version, normaliseValue, variableName, summariesListChildren, callbackFunctions\)/,
      ],
      ['export default { version: "1.0" };\n', /exports "version", which is not a function/],
      ['export default {;\n', /cannot be loaded/],
    ];
    for (const [index, [source, message]] of cases.entries()) {
      const file = userDefinition(`bad${index}`, source);
      const error = await loadHooks(loadDefinitionFile(file)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BpdiffError);
      expect((error as BpdiffError).code).toBe('ADAPTER_CONFIG');
      expect((error as BpdiffError).message).toMatch(message);
      expect((error as BpdiffError).message.startsWith(`${file}: `)).toBe(true);
      expect((error as BpdiffError).message).not.toContain('\n');
    }
  });
});

describe('helperScript', () => {
  it('is a file beside the definition or beside its hooks, or a one-line error saying where it should be', () => {
    expect(helperScript(builtin('debugpy'), 'sitecustomize.py')).toBe(
      path.join(ROOT, 'adapters/debugpy/sitecustomize.py'),
    );
    const mine = loadDefinitionFile(userDefinition('reuse', "export { default } from '../elsewhere.js';\n"));
    expect(() => helperScript(mine, 'bpdiff_lldb_rust.py')).toThrow(
      /reuse\.json: its hooks need bpdiff_lldb_rust\.py beside the definition, in .* — copy it there/,
    );
  });

  it("lets a user's definition reuse a built-in adapter's hooks and their scripts", async () => {
    const file = path.join(tmp, 'my-python.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        id: 'p',
        name: 'p',
        adapter: { transport: 'stdio', executables: ['x'] },
        launch: {},
        hooks: path.join(ROOT, 'adapters/debugpy/hooks.ts'),
      }),
    );
    const definition = loadDefinitionFile(file);
    expect(hooksModule(definition)).toBe(path.join(ROOT, 'adapters/debugpy/hooks.ts'));
    expect(Object.keys(await loadHooks(definition))).toEqual(['prepare']);
    expect(helperScript(definition, 'sitecustomize.py')).toBe(path.join(ROOT, 'adapters/debugpy/sitecustomize.py'));
  });
});

describe("go test's own code: where a walk of a test binary starts", () => {
  it("the package's TestMain, tests and fuzz tests, from its _test.go files only, methods and other functions left out", async () => {
    const { testFunctions } = await import('../../../adapters/go/hooks.js');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-go-tests-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'shop_test.go'),
        'package shop\n\nfunc TestMain(m *testing.M) { m.Run() }\nfunc TestTotal(t *testing.T) {}\nfunc  TestÜber(t *testing.T) {}\nfunc FuzzParse(f *testing.F) {}\nfunc (s *suite) TestMethod(t *testing.T) {}\nfunc BenchmarkTotal(b *testing.B) {}\nfunc helper() {}\n// func TestCommented(t *testing.T) {}\n',
      );
      fs.writeFileSync(path.join(dir, 'shop.go'), 'package shop\n\nfunc TestLike() {}\n');
      expect(testFunctions(dir)).toEqual(['FuzzParse', 'TestMain', 'TestTotal', 'TestÜber']);
      expect(testFunctions(path.join(dir, 'missing'))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
