// How a run tells the debugger's own lines from the program's output (run-resources.ts follow, the
// definition's locate.debugger_output, debugger_echo and debugger_blank_lines): what the walk by
// effects compares of a line's output is the program's alone.
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterEach, describe, expect, it } from 'vitest';
import { RunResources, type DebuggersOwn } from '../../../src/run/run-resources.js';
import gdb from '../../../adapters/gdb/adapter.json' with { type: 'json' };

const made: RunResources[] = [];
afterEach(() => {
  for (const resources of made.splice(0)) resources.dispose();
});

/** The program's stdout as the run keeps it, after these console records (one output event each). */
function programText(records: string[], own: DebuggersOwn): string {
  const resources = new RunResources();
  made.push(resources);
  const said: string[] = [];
  resources.stdout.follow((text) => said.push(text));
  for (const output of records)
    resources.follow(
      { seq: 0, type: 'event', event: 'output', body: { category: 'stdout', output } } as DebugProtocol.OutputEvent,
      own,
    );
  return said.join('');
}

// gdb's console at a breakpoint's stop, and at the CPU count's signal (cdt-gdb-adapter: a record an event).
const BREAKPOINT = ['\n', 'Breakpoint 4, order (count=600) at deep.c:25\n', '25\t        total += line_total(i);\n'];
const SIGNAL = [
  '\nProgram',
  ' received signal SIGTRAP, Trace/breakpoint trap.\n',
  '0x00005555555551ee in order (count=600) at deep.c:25\n',
  '25\t        total += line_total(i);\n',
];

describe("gdb's console: the program's output without the debugger's lines", () => {
  const own = gdb.locate as DebuggersOwn;

  it("a signal's stop leaves the program's output as a breakpoint's stop does", () => {
    // The run the CPU counted stops twice (the signal, then the breakpoint); the other once.
    expect(programText(['total 1\n', ...SIGNAL, ...BREAKPOINT, 'total 2\n'], own)).toBe(
      programText(['total 1\n', ...BREAKPOINT, 'total 2\n'], own),
    );
    // Without the rule, the signal's blank line is the program's.
    expect(programText([...SIGNAL, ...BREAKPOINT], { ...own, debugger_blank_lines: false })).toBe('\n\n');
  });

  it("the program's own blank lines and source-shaped lines stay its own", () => {
    expect(programText(['\n', 'a\n', '\n', '25\tcolumns\n'], own)).toBe('\na\n\n25\tcolumns\n');
  });
});
