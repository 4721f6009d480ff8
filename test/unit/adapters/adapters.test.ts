import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtinDefinitions, loadDefinitionFile, selectAdapter } from '../../../src/adapters/registry.js';
import { fillAdapterArgs, fillTemplate, splitInterpreterCommand } from '../../../src/adapters/prepare-launch.js';
import { runsProgram } from '../../../src/adapters/parse-definition.js';
import { findVersioned } from '../../../src/adapters/find-executable.js';
import { parsePythonCommand } from '../../../adapters/python/interpreter.js';
import { childPath } from '../../../src/adapters/child-names.js';
import { normaliseValues } from '../../../src/values/normalise.js';
import { wrapCondition } from '../../../src/session/conditions.js';
import { BpdiffError } from '../../../src/errors.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-unit-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function writeJson(name: string, value: unknown): string {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

function errorOf(fn: () => unknown): BpdiffError {
  try {
    fn();
  } catch (error) {
    if (error instanceof BpdiffError) return error;
    throw error;
  }
  throw new Error('expected an error');
}

describe('built-in adapter definitions', () => {
  it('all load and have distinct ids and file endings', () => {
    const all = builtinDefinitions();
    expect(all.map((d) => d.id)).toEqual(expect.arrayContaining(['python', 'node']));
    expect(new Set(all.map((d) => d.id)).size).toBe(all.length);
    const endings = all.flatMap((d) => d.file_extensions);
    expect(new Set(endings).size).toBe(endings.length);
  });

  it('each passes the definition schema (bpdiff skips that check for them at start-up)', () => {
    for (const definition of builtinDefinitions()) {
      expect(() => loadDefinitionFile(definition.file), definition.file).not.toThrow();
    }
  });
});

describe('selectAdapter', () => {
  const choose = (breakpointPath: string, argv: string[], adapterId: string | null = null) =>
    selectAdapter({ adapterId, adapterConfig: null, breakpointPath, argv }).id;

  it('goes by the breakpoint file first, then by the command', () => {
    expect(choose('/x/pricing.py', ['make', 'run'])).toBe('python');
    expect(choose('/x/app.ts', ['npx', 'tsx', 'app.ts'])).toBe('node');
    expect(choose('/x/Makefile.in', ['python3.11', 'gen.py'])).toBe('python');
    expect(choose('/x/notes.txt', ['npm', 'test'])).toBe('node');
  });

  it('obeys --adapter and refuses an unknown one or an unknown target', () => {
    expect(choose('/x/app.js', ['./run.sh'], 'python')).toBe('python');
    expect(errorOf(() => choose('/x/a.py', ['python3'], 'cobol')).message).toMatch(
      /unknown adapter "cobol" — use one of .*python/,
    );
    const none = errorOf(() => choose('/x/data.txt', ['./weird']));
    expect(none.code).toBe('NO_ADAPTER');
    expect(none.message).toMatch(/--adapter .* or bring one with --adapter-config/);
  });
});

describe('--adapter-config definitions', () => {
  const python = JSON.parse(
    fs.readFileSync(path.join(process.cwd(), 'adapters/debugpy/adapter.json'), 'utf8'),
  ) as Record<string, unknown>;
  const { hooks: _hooks, ...plain } = python;

  it('loads a copy of a built-in definition', () => {
    const file = writeJson('mine.json', { ...plain, id: 'my-python', name: 'my debugpy' });
    const definition = loadDefinitionFile(file);
    expect(definition).toMatchObject({ id: 'my-python', name: 'my debugpy', dir: tmp, file });
    expect(definition.hooks).toBeUndefined();
    expect(selectAdapter({ adapterId: null, adapterConfig: file, breakpointPath: '/x/a.rb', argv: ['ruby'] }).id).toBe(
      'my-python',
    );
  });

  it('says which field is wrong, in one line', () => {
    const cases: Array<[unknown, RegExp]> = [
      ['{ not json', /is not valid JSON/],
      [[], /must be a JSON object/],
      [{ ...plain, extra: 1 }, /unknown field "extra"/],
      [{ ...plain, adapter: { transport: 'stdio', executables: ['x'], extra: 1 } }, /unknown field "adapter.extra"/],
      [{ ...plain, id: '' }, /"id" must be a non-empty string/],
      [{ ...plain, name: undefined }, /"name" is missing/],
      [
        { ...plain, adapter: { transport: 'pipe', executables: ['x'], args: [] } },
        /"adapter.transport" must be one of stdio, server/,
      ],
      [{ ...plain, adapter: { transport: 'stdio', executables: [] } }, /"adapter.executables" must not be empty/],
      [
        { ...plain, adapter: { transport: 'server', executables: ['x'], args: [] } },
        /needs "\$\{port\}" in its args or a "port_pattern"/,
      ],
      [
        { ...plain, commands: ['(unclosed'] },
        /"commands\[0\]" is not a valid regular expression: \(unclosed \(Unterminated group\)/,
      ],
      [{ ...plain, condition: { error_stop: '[' } }, /"condition.error_stop" is not a valid regular expression/],
      [{ ...plain, timeouts: { start: -1 } }, /"timeouts.start" must be a positive number/],
      [{ ...plain, scopes: { locals: 'Locals' } }, /"scopes.locals" must be an array/],
      [{ ...plain, normalise: [{ pattern: 'x' }] }, /"normalise\[0\].replacement" is missing/],
      [
        { ...plain, normalise: [{ pattern: '\\-', flags: 'u', replacement: '' }] },
        /"normalise\[0\]" is not a valid regular expression with flags "u"/,
      ],
      [{ ...plain, child_names: { reject: [] } }, /unknown field "child_names.reject"/],
      [{ ...plain, hooks: 'python' }, /"hooks" must name a JavaScript module \(.js, .mjs, .cjs\)/],
      [{ ...plain, hooks: 'missing.mjs' }, /"hooks" names .*missing\.mjs, which does not exist/],
      [
        { ...plain, locate: { returned: { pattern: '(unclosed' } } },
        /"locate\.returned\.pattern" is not a valid regular expression: \(unclosed/,
      ],
      [
        { ...plain, locate: { returned: { pattern: '^ret$', step: 'caller' } } },
        /"locate\.returned\.pattern" needs a group naming the function at a stop in the caller/,
      ],
      [{ ...plain, locate: { returned: {} } }, /"locate\.returned" needs either "pattern" .* or "unread"/],
      [
        { ...plain, locate: { returned: { pattern: '^_return$', step: 'return', unread: 'none' } } },
        /"locate\.returned" needs either "pattern" .* or "unread"/,
      ],
      [{ ...plain, locate: { returned: { pattern: 'x', step: 'exit' } } }, /"locate\.returned\.step" must be one of/],
    ];
    for (const [content, message] of cases) {
      const file = writeJson('bad.json', content);
      const error = errorOf(() => loadDefinitionFile(file));
      expect(error.code).toBe('ADAPTER_CONFIG');
      expect(error.message).toMatch(message);
      expect(error.message.startsWith(`${file}`)).toBe(true);
      expect(error.message).not.toContain('\n');
    }
    expect(errorOf(() => loadDefinitionFile(writeJson('bad.json', { ...plain, id: '' }))).message).toMatch(
      / — see schema\/adapter-definition\.schema\.json$/,
    );
    expect(errorOf(() => loadDefinitionFile(path.join(tmp, 'missing.json'))).code).toBe('FILE_NOT_FOUND');
  });

  it('fills in the defaults after checking', () => {
    const file = writeJson('least.json', {
      id: 'least',
      name: 'least',
      adapter: { transport: 'stdio', executables: ['x'] },
      launch: {},
    });
    expect(loadDefinitionFile(file)).toEqual({
      id: 'least',
      name: 'least',
      file_extensions: [],
      commands: [],
      install: 'install the adapter and put it on PATH',
      adapter: {
        transport: 'stdio',
        executables: ['x'],
        args: [],
        debuggee_output: 'events',
        exits_with_program: false,
      },
      launch: {},
      exception_filters: [],
      exception_continue: [],
      exception_strip: [],
      scopes: { locals: [], globals: [], never: [] },
      skip_variables: [],
      no_expand_types: [],
      paging: 'when_needed',
      normalise: [],
      child_names: { reject_evaluate_name: [], rewrite_evaluate_name: [], templates: [] },
      condition: {},
      timeouts: { start: 15, launch: 30 },
      dir: tmp,
      file,
    });
  });
});

describe('fillTemplate', () => {
  const values = {
    program: '/usr/bin/app',
    args: ['--n', '3'],
    command: ['app', '--n', '3'],
    cwd: '/work',
    env: { A: '1', B: 'two' },
    stdinFile: null,
    breakpointFile: '/work/src/app.c',
  };
  it('puts whole values where a string is exactly a placeholder, and interpolates the rest', () => {
    expect(
      fillTemplate(
        {
          program: '${program}',
          args: '${args}',
          env: '${envList}',
          envMap: '${env}',
          cwd: '${cwd}/sub',
          nested: [{ stdin: '${stdinFile}', argv: '${command}' }],
          keep: 3,
        },
        values,
      ),
    ).toEqual({
      program: '/usr/bin/app',
      args: ['--n', '3'],
      env: ['A=1', 'B=two'],
      envMap: { A: '1', B: 'two' },
      cwd: '/work/sub',
      nested: [{ stdin: null, argv: ['app', '--n', '3'] }],
      keep: 3,
    });
  });
});

describe('the command in a definition', () => {
  const values = {
    program: '/usr/bin/app',
    args: ['one two', "it's"],
    command: ['app', 'one two', "it's"],
    cwd: '/work',
    env: {},
    stdinFile: null,
    breakpointFile: '/work/app.c',
    interpreter: '/usr/bin/perl',
    interpreterArgs: ['-Ilib', '-w'],
  };
  it('quotes and joins the arguments for an adapter that takes one string (${args_string})', () => {
    expect(fillTemplate({ arguments: '${args_string}' }, values)).toEqual({ arguments: "'one two' 'it'\\''s'" });
  });
  it("puts the command in an adapter's own arguments, one word each", () => {
    expect(
      fillAdapterArgs(
        ['-O', '--port', '${port}', '${interpreter_args}', '${program}', '${args}', 'cwd=${cwd}'],
        values,
      ),
    ).toEqual(['-O', '--port', '${port}', '-Ilib', '-w', '/usr/bin/app', 'one two', "it's", 'cwd=/work']);
  });
  it('takes an interpreter command apart: its options, the program, its arguments', () => {
    const perl = { commands: ['^perl(5[\\d.]*)?$'], options_with_value: ['-I', '-e'] };
    expect(splitInterpreterCommand(['perl', '-Ilib', '-w', 'tally.pl', 'tea:2', '-v'], perl)).toEqual({
      interpreter: 'perl',
      options: ['-Ilib', '-w'],
      program: 'tally.pl',
      args: ['tea:2', '-v'],
    });
    expect(splitInterpreterCommand(['/usr/bin/perl5.36', '-I', 'lib', 'x.pl'], perl)).toEqual({
      interpreter: '/usr/bin/perl5.36',
      options: ['-I', 'lib'],
      program: 'x.pl',
      args: [],
    });
    expect(splitInterpreterCommand(['perl', '--', '-x.pl'], perl)).toEqual({
      interpreter: 'perl',
      options: ['--'],
      program: '-x.pl',
      args: [],
    });
    // No program after the options, or no interpreter: the command is the program itself.
    expect(splitInterpreterCommand(['perl', '-e', 'print 1'], perl)).toBeNull();
    expect(splitInterpreterCommand(['./tally.pl', 'tea:2'], perl)).toBeNull();
  });
  it("says an adapter that runs the command is the program (its end is the program's)", () => {
    expect(runsProgram(['${interpreter_args}', '${program}', '${args}'])).toBe(true);
    expect(runsProgram(['--', '${command}'])).toBe(true);
    expect(runsProgram(['--port', '${port}'])).toBe(false);
  });
});

describe('wrapCondition', () => {
  it('hands the condition to the helper as a string literal that survives quotes and newlines', () => {
    const debugpy = builtinDefinitions().find((d) => d.id === 'debugpy')!;
    expect(wrapCondition(debugpy, `name == "it's"`)).toBe(
      `__bpdiff_condition("name == \\"it's\\"", globals(), locals())`,
    );
    const node = builtinDefinitions().find((d) => d.id === 'node')!;
    expect(wrapCondition(node, 'x > 1')).toBe('x > 1');
  });
});

describe('childPath', () => {
  const v = (name: string, evaluateName?: string) => ({
    name,
    value: '',
    variablesReference: 0,
    ...(evaluateName ? { evaluateName } : {}),
  });
  it("prefers the adapter's evaluateName", () => {
    expect(childPath('cart', v('items', 'cart.items'))).toBe('cart.items');
    expect(childPath('it', v('qty', 'it->qty'))).toBe('it->qty');
  });
  it('otherwise writes the path as the languages do', () => {
    expect(childPath('arr', v('[0]'))).toBe('arr[0]');
    expect(childPath('items', v('3'))).toBe('items[3]');
    expect(childPath('pt', v('x'))).toBe('pt.x');
    expect(childPath('mapping', v("'a'"))).toBe("mapping['a']");
    expect(childPath('obj', v('weird key'))).toBe('obj["weird key"]');
    expect(childPath('heap', v('*heap'))).toBe('*heap');
  });
  it("names a child with no name as its parent's pointee, not a map entry with an empty key (dlv's package-level pointers, issue 22 item 12)", () => {
    expect(childPath('versionRegex', v('', '*main.versionRegex'))).toBe('(*versionRegex)');
    expect(childPath('m', v('""', 'm[""]'))).toBe('m[""]');
  });
});

describe('normaliseValues', () => {
  it('replaces addresses but keeps null pointers and short hex numbers', () => {
    const result = normaliseValues(
      {
        obj: '<__main__.Point object at 0x7f1d45fd1c10>',
        ptr: '0x00005555555592a0',
        tag: '0x00007fffffffeacc "abc"',
        nil: '0x0000000000000000',
        flags: '0x1f',
        text: "'0xcafe'",
      },
      [],
    );
    expect(result.variables).toEqual({
      obj: '<__main__.Point object at 0x…>',
      ptr: '0x…',
      tag: '0x… "abc"',
      nil: '0x0000000000000000',
      flags: '0x1f',
      text: "'0xcafe'",
    });
    expect(result.normalised).toEqual(['obj', 'ptr', 'tag']);
  });
  it("applies a definition's own rules after the common one", () => {
    const result = normaliseValues({ id: 'Session(id=4711)' }, [{ pattern: 'id=\\d+', replacement: 'id=…' }]);
    expect(result.variables.id).toBe('Session(id=…)');
  });
  it('keeps names that are special to plain objects', () => {
    const result = normaliseValues(JSON.parse('{"__proto__": "1", "constructor": "2"}') as Record<string, string>, []);
    expect(Object.keys(result.variables)).toEqual(['__proto__', 'constructor']);
  });
});

describe('findVersioned', () => {
  it('orders versioned executables newest first, by number not by text', () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'bin-'));
    for (const name of ['lldb-dap-9', 'lldb-dap-19', 'lldb-dap-18.1', 'lldb-dap-x']) {
      fs.writeFileSync(path.join(dir, name), '#!/bin/sh\n', { mode: 0o755 });
    }
    expect(findVersioned('lldb-dap', dir).map((file) => path.basename(file))).toEqual([
      'lldb-dap-19',
      'lldb-dap-18.1',
      'lldb-dap-9',
    ]);
  });

  it('sees a version installed after the last look (the folder changed)', () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'bin-'));
    fs.writeFileSync(path.join(dir, 'lldb-dap-18'), '#!/bin/sh\n', { mode: 0o755 });
    expect(findVersioned('lldb-dap', dir).map((file) => path.basename(file))).toEqual(['lldb-dap-18']);
    fs.writeFileSync(path.join(dir, 'lldb-dap-20'), '#!/bin/sh\n', { mode: 0o755 });
    // A folder's mtime has a coarse clock on some file systems: make the change visible.
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(dir, later, later);
    expect(findVersioned('lldb-dap', dir).map((file) => path.basename(file))).toEqual(['lldb-dap-20', 'lldb-dap-18']);
  });
});

describe('parsePythonCommand', () => {
  const bin = fs.mkdtempSync(path.join(tmp, 'py-'));
  fs.writeFileSync(path.join(bin, 'python3'), '#!/bin/sh\n', { mode: 0o755 });
  fs.writeFileSync(path.join(bin, 'tool'), '#!/usr/bin/env python3\nprint(1)\n', { mode: 0o755 });
  fs.writeFileSync(path.join(bin, 'direct'), `#!${path.join(bin, 'python3')} -u\n`, { mode: 0o755 });
  fs.writeFileSync(path.join(bin, 'shell'), '#!/bin/sh\necho\n', { mode: 0o755 });
  fs.writeFileSync(path.join(bin, 'notes'), 'print(1)\n', { mode: 0o755 });
  const parse = (argv: string[]) => parsePythonCommand(argv, bin, bin);
  const interpreter = path.join(bin, 'python3');

  it('takes interpreter options, -m, -c and scripts apart like python does', () => {
    expect(parse(['python3', 'x.py', 'a'])).toEqual({
      interpreter,
      interpreterOptions: [],
      target: { program: 'x.py' },
      args: ['a'],
    });
    expect(parse(['python3', '-u', '-X', 'dev', '-W', 'error', 'x.py', '-v'])).toEqual({
      interpreter,
      interpreterOptions: ['-u', '-X', 'dev', '-W', 'error'],
      target: { program: 'x.py' },
      args: ['-v'],
    });
    expect(parse(['python3', '-m', 'pkg.mod', 'a'])).toEqual({
      interpreter,
      interpreterOptions: [],
      target: { module: 'pkg.mod' },
      args: ['a'],
    });
    expect(parse(['python3', '-mpkg'])).toMatchObject({ target: { module: 'pkg' } });
    expect(parse(['python3', '-c', 'print(1)', 'z'])).toMatchObject({ target: { code: 'print(1)' }, args: ['z'] });
  });

  it('follows shebangs of scripts and console scripts', () => {
    expect(parse(['tool', '--flag'])).toEqual({
      interpreter,
      interpreterOptions: [],
      target: { program: path.join(bin, 'tool') },
      args: ['--flag'],
    });
    expect(parse(['./direct'])).toEqual({
      interpreter,
      interpreterOptions: ['-u'],
      target: { program: path.join(bin, 'direct') },
      args: [],
    });
  });

  it('refuses what python cannot debug, saying what to do', () => {
    expect(errorOf(() => parse(['shell'])).message).toMatch(
      /^shell is a shell script \(sh\), not a Python program — bpdiff starts the Python program itself: give it the python3 command the script runs after --/,
    );
    expect(errorOf(() => parse(['/bin/sh', '-c', 'python3 app.py 2'])).message).toBe(
      '/bin/sh -c runs a shell, not a Python program — bpdiff starts the Python program itself: give it the command the shell runs (python3 app.py 2) after --, and --cwd, --env for what the shell sets up',
    );
    expect(errorOf(() => parse(['/bin/true'])).message).toMatch(
      /^\/bin\/true is a compiled program, not a Python program — /,
    );
    expect(errorOf(() => parse(['notes'])).message).toMatch(/is not a Python program .* start it as "python3 notes/);
    expect(errorOf(() => parse(['python3'])).message).toMatch(/starts a REPL/);
    expect(errorOf(() => parse(['python3', '-'])).message).toMatch(/save it to a file/);
    expect(errorOf(() => parse(['nothere.py'])).code).toBe('COMMAND_NOT_FOUND');
  });
});
