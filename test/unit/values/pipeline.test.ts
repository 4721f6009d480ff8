import { describe, expect, it } from 'vitest';
import { runValuePipeline, type CapturedValues, type ValueContext } from '../../../src/values/pipeline.js';
import { copyFolders, runPaths as runPathsOf } from '../../../src/values/paths.js';

const values = (variables: Record<string, string>): CapturedValues => ({
  variables,
  types: {},
  truncated: [],
  normalised: [],
});
const context = (overrides: Partial<ValueContext> = {}): ValueContext => ({
  adapter: null,
  breakpointPath: '/src/app.py',
  raw: false,
  ...overrides,
});

describe('the value pipeline', () => {
  it('replaces addresses and keeps null pointers, and says which values it changed', () => {
    const out = runValuePipeline(values({ p: '<Obj object at 0x7f3a2b1c4d50>', q: '0x0000000000', n: '3' }), context());
    expect(out.variables).toEqual({ n: '3', p: '<Obj object at 0x…>', q: '0x0000000000' });
    expect(out.normalised).toEqual(['p']);
  });

  it('keeps the --watch expressions whatever --only says (issue 22 item 8)', () => {
    const out = runValuePipeline(
      values({ total: '3', 'cart.qty': '2', 'discount * 2': '4', 'len(items)': '1' }),
      context({ only: ['total'], watch: ['discount * 2', 'len(items)'] }),
    );
    expect(out.variables).toEqual({ 'discount * 2': '4', 'len(items)': '1', total: '3' });
    expect(out.notes).toEqual(["only the names matching --only 'total' were compared: 1 kept, 1 left out"]);
  });

  it('keeps addresses with --raw-values', () => {
    expect(runValuePipeline(values({ p: 'at 0x7f3a2b1c4d50' }), context({ raw: true })).variables).toEqual({
      p: 'at 0x7f3a2b1c4d50',
    });
  });

  it("replaces bpdiff's own run marker in every value, even with --raw-values", () => {
    const runTexts = [{ text: '6f1c2d3e-aaaa-bbbb-cccc-0123456789ab', token: '<BPDIFF_RUN>' }];
    const env = "{'HOME': '/root', 'BPDIFF_RUN': '6f1c2d3e-aaaa-bbbb-cccc-0123456789ab'}";
    const out = runValuePipeline(
      values({ env, "env['BPDIFF_RUN']": "'6f1c2d3e-aaaa-bbbb-cccc-0123456789ab'" }),
      context({ raw: true, runTexts }),
    );
    expect(out.variables).toEqual({
      env: "{'HOME': '/root', 'BPDIFF_RUN': '<BPDIFF_RUN>'}",
      "env['BPDIFF_RUN']": "'<BPDIFF_RUN>'",
    });
  });

  it('orders variables and types by name, whatever order the adapter listed them in', () => {
    const out = runValuePipeline(
      {
        variables: { b: '2', a: '1', 'a.x': '0' },
        types: { b: 'int', a: 'int' },
        truncated: ['b', 'a'],
        normalised: [],
      },
      context(),
    );
    expect(Object.keys(out.variables)).toEqual(['a', 'a.x', 'b']);
    expect(Object.keys(out.types)).toEqual(['a', 'b']);
    expect(out.truncated).toEqual(['a', 'b']);
  });

  it('keeps a variable named __proto__ as a plain key', () => {
    const input = values(JSON.parse('{"__proto__": "1", "x": "2"}') as Record<string, string>);
    expect(Object.keys(runValuePipeline(input, context()).variables)).toEqual(['__proto__', 'x']);
  });
});

describe('the run paths step', () => {
  const runPaths = [
    { path: '/work/checkout-a/src', token: '<cwd>', what: "the run's working directory" },
    { path: '/work/checkout-a', token: '<root>', what: 'the root of its git work tree' },
  ];

  it("writes the run's cwd and work tree root as placeholders, whole folder names only, and says so once", () => {
    const out = runValuePipeline(
      values({
        argv0: "'/work/checkout-a/src/app'",
        lib: "'/work/checkout-a/lib/x.py'",
        other: "'/work/checkout-a2/y'",
        n: '1',
      }),
      context({ runPaths }),
    );
    expect(out.variables).toEqual({
      argv0: "'<cwd>/app'",
      lib: "'<root>/lib/x.py'",
      n: '1',
      other: "'/work/checkout-a2/y'",
    });
    expect(out.normalised).toEqual(['argv0', 'lib']);
    expect(out.notes).toEqual([
      "paths inside the run's own folders are written <cwd> for the run's working directory and <root> for the root of its git work tree, so that two checkouts compare equal (--raw-values shows them)",
    ]);
  });

  it('leaves values alone with --raw-values, and says nothing when no value holds a path', () => {
    expect(
      runValuePipeline(values({ p: "'/work/checkout-a/src/app'" }), context({ runPaths, raw: true })).variables,
    ).toEqual({ p: "'/work/checkout-a/src/app'" });
    expect(runValuePipeline(values({ n: '1' }), context({ runPaths })).notes).toBeUndefined();
  });
});

describe('copyFolders', () => {
  const place = (cwd: string, argv: string[], breakpointPath: string) => ({ cwd, argv, breakpointPath });

  it('finds where each run keeps its copy, from the breakpoint files', () => {
    expect(
      copyFolders(place('/x/a/src', ['./prog'], '/x/a/src/p.c'), place('/x/b/src', ['./prog'], '/x/b/src/p.c')),
    ).toEqual(['/x/a', '/x/b']);
  });

  it('from the command arguments that are paths, when the breakpoint file is the same', () => {
    expect(
      copyFolders(place('/w', ['/x/a/build/prog', '2'], '/w/lib.c'), place('/w', ['/x/b/build/prog', '2'], '/w/lib.c')),
    ).toEqual(['/x/a', '/x/b']);
    expect(
      copyFolders(
        place('/w/a', ['python3', '../a-copy/p.py'], '/w/lib.py'),
        place('/w/b', ['python3', '../b-copy/p.py'], '/w/lib.py'),
      ),
    ).toEqual(['/w/a-copy', '/w/b-copy']);
  });

  it('says nothing for one copy, or for two different files', () => {
    expect(copyFolders(place('/x', ['./p'], '/x/p.c'), place('/x', ['./p'], '/x/p.c'))).toEqual([null, null]);
    expect(copyFolders(place('/x', ['./p'], '/x/a/p.c'), place('/x', ['./p'], '/x/b/q.c'))).toEqual([null, null]);
  });

  it('adds the copy as <copy> beside the cwd, never the file system root', () => {
    expect(runPathsOf('/nonexistent/run', '/nonexistent/copy').map((entry) => entry.token)).toEqual([
      '<cwd>',
      '<copy>',
    ]);
    expect(runPathsOf('/nonexistent/run', '/nonexistent/run').map((entry) => entry.token)).toEqual(['<cwd>']);
    expect(runPathsOf('/nonexistent/run', '/').map((entry) => entry.token)).toEqual(['<cwd>']);
  });
});

describe("the user's own rules", () => {
  it('--ignore drops matching names and everything under them, and says what it left out', () => {
    const input = values({
      order: 'Order(...)',
      'order.created_at': "'2026-11-23T10:00:00Z'",
      'order.id': '7',
      't.common': '{...}',
      't.common.start': '123',
      't.name': "'TestX'",
    });
    const out = runValuePipeline(input, context({ ignore: ['*.created_at', 't.common'] }));
    expect(Object.keys(out.variables)).toEqual(['order', 'order.id', 't.name']);
    expect(out.notes).toEqual([
      "3 variables were left out by --ignore '*.created_at' 't.common': order.created_at, t.common, t.common.start",
    ]);
  });

  it("--normalize rewrites values, after the adapter's rules and with --raw-values too", () => {
    const out = runValuePipeline(
      values({ id: "'6f1c2d3e'", n: '3' }),
      context({ raw: true, rewrites: [{ pattern: '[0-9a-f]{8}', replacement: '<id>' }] }),
    );
    expect(out.variables).toEqual({ id: "'<id>'", n: '3' });
    expect(out.notes).toEqual(['--normalize rewrote 1 value: id']);
  });
});
