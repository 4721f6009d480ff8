// bpdiff_lldb_session.py in a real lldb: the line lldb runs before each call of a Python formatter is
// compiled once and still sets the session (lldb.debugger), a formatter's text is the same, a `script`
// line a user types still prints its value, and inspect.signature answers as Python's own for the
// callables lldb asks about (functions, a provider's bound method) and after a function's defaults change.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findFirstExecutable } from '../../../src/adapters/find-executable.js';
import { ROOT, describeWithTool } from '../../../test/integration/helpers.js';

const definition = JSON.parse(fs.readFileSync(path.join(ROOT, 'adapters/lldb/adapter.json'), 'utf8')) as {
  adapter: { executables: string[] };
};
const lldbDap = findFirstExecutable(definition.adapter.executables, ROOT);
/** lldb's command line, beside lldb-dap (lldb-dap-19: lldb-19): the same lldb and the same embedded Python. */
const lldb = lldbDap ? path.join(path.dirname(lldbDap), path.basename(lldbDap).replace('lldb-dap', 'lldb')) : null;

let scratch = '';

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-lldb-session-'));
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describeWithTool(
  'lldb: cheaper entries into the Python session',
  'lldb-dap',
  lldb !== null && fs.existsSync(lldb),
  () => {
    it("compiles the session line once, keeps what it sets, a formatter's text and a typed line's value", async () => {
      const source = path.join(scratch, 'point.c');
      fs.writeFileSync(
        source,
        'struct point { int x; int y; };\nstruct point origin = {3, 4};\nint main(void) { return origin.x; }\n',
      );
      const program = path.join(scratch, 'point');
      await execa('cc', ['-g', '-O0', '-o', program, source]);
      const formatter = path.join(scratch, 'point_format.py');
      fs.writeFileSync(
        formatter,
        [
          'class Provider:',
          '    def __init__(self, valobj, internal_dict):',
          '        self.valobj = valobj',
          '    def num_children(self, max_children=8):',
          '        return 2',
          'def summary(valobj, internal_dict):',
          '    return "x=%d y=%d" % (valobj.GetChildMemberWithName("x").GetValueAsSigned(), valobj.GetChildMemberWithName("y").GetValueAsSigned())',
          '',
        ].join('\n'),
      );
      const check = [
        'import inspect, types, bpdiff_lldb_session as s, point_format as f',
        'same = [s._signature(o) == inspect.signature(o) for o in (f.summary, f.Provider(None, {}).num_children, f.Provider, len)]',
        'f.Provider.num_children.__defaults__ = (3,)',
        'same.append(str(inspect.signature(f.Provider(None, {}).num_children)) == "(max_children=3)")',
        'print("signatures", same)',
      ].join('; ');
      const { stdout } = await execa(
        lldb!,
        [
          '-b',
          '-o',
          `target create ${program}`,
          '-o',
          `command script import ${path.join(ROOT, 'adapters/lldb/bpdiff_lldb_session.py')}`,
          '-o',
          `command script import ${formatter}`,
          '-o',
          'type summary add -F point_format.summary "struct point"',
          '-o',
          'target variable origin',
          '-o',
          'target variable origin',
          '-o',
          'script import __main__, bpdiff_lldb_session; print("installed", __main__.run_one_line is bpdiff_lldb_session.run_one_line, "kept", len(bpdiff_lldb_session._compiled) > 0)',
          '-o',
          'script print("session", lldb.debugger.GetID() == lldb.debugger_unique_id)',
          '-o',
          'script 6 * 7',
          '-o',
          `script ${check}`,
        ],
        { stdin: 'ignore', all: true, env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } },
      );
      expect(stdout).toMatch(/\(point\) origin = x=3 y=4\n[\s\S]*\(point\) origin = x=3 y=4/);
      expect(stdout).toContain('installed True kept True');
      expect(stdout).toContain('session True');
      expect(stdout).toMatch(/^42$/m);
      expect(stdout).toContain('signatures [True, True, True, True, True]');
    });
  },
);
