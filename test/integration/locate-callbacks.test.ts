// bpdiff locate walks the program's code that library code calls back (fixtures-callbacks/): a lambda
// a Java stream's map calls, a comparator a sort calls, Python's sorted() and map() calling key(),
// JavaScript's Array.prototype.sort, Ruby's sort_by block. In each, the runs part ways in key() on a
// later call than the first: the walk must stop in every call back, not only in the first one (the
// Java adapter's step into a line stepped out of the JDK after the first, through the lambda's hidden
// class; the line told was main's, after the sort), Go's sort.Slice calling a closure (dlv: function
// breakpoints on the program's functions). lldb-dap's (Rust, C) are in locate-rust and locate-native. And a for-of loop over the
// program's own generator, whose body V8's step from a `yield` skipped (the Node adapter steps out there).
// And a stream's filter lambda whose callee returns another value (Java): a step over the lambda's line
// came back to its hidden class, and the walk stepped out of the stream past the later calls.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT, describeWithTool, locateBothModes, runBpdiff } from './helpers.js';
import { go, java, node, python, ruby } from './locate-languages.js';
import { JAVAC_JVM } from '../../adapters/java/source-launch.js';

const FIXTURES = path.join(ROOT, 'test/integration/fixtures-callbacks');

interface Case {
  language: typeof java;
  command: (built: string) => string[];
  /** The `if` line in key(), and where each run goes from it. */
  at: string;
  a: number;
  b: number;
  build?: (into: string) => Promise<void>;
}

const CASES: Case[] = [
  {
    language: java,
    command: (built) => ['java', '-cp', built, 'Callbacks'],
    at: 'Callbacks\\.java:9 in Callbacks\\.key\\(\\)',
    a: 12,
    b: 10,
    build: async (into) => {
      await execa('javac', [...JAVAC_JVM, '-g', '-d', into, path.join(FIXTURES, 'Callbacks.java')], {
        stdin: 'ignore',
      });
    },
  },
  { language: python, command: () => ['python3', 'callbacks.py'], at: 'callbacks\\.py:7 in key\\(\\)', a: 9, b: 8 },
  { language: node, command: () => ['node', 'callbacks.js'], at: 'callbacks\\.js:4 in key\\(\\)', a: 7, b: 5 },
  { language: ruby, command: () => ['ruby', 'callbacks.rb'], at: 'callbacks\\.rb:4 in Object#key\\(\\)', a: 7, b: 5 },
  // dlv's step out of sort.Slice ran the closure unseen: function breakpoints on the program's functions (adapters/go/callback-functions.ts).
  {
    language: go,
    command: () => ['go', 'run', 'go/callbacks.go'],
    at: 'go/callbacks\\.go:13 in main\\.key\\(\\)',
    a: 16,
    b: 14,
  },
];

for (const { language, command, at, a, b, build } of CASES)
  describeWithTool(`locate: calls back from library code (${language.name})`, language.tool, language.available, () => {
    const built = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-locate-callbacks-'));
    beforeAll(async () => {
      await build?.(built);
    });
    afterAll(() => fs.rmSync(built, { recursive: true, force: true }));

    it('are walked into, every one: the line in key() where the runs part ways, on its later call, both ways', async () => {
      await locateBothModes(['--env-b', 'PART=1'], command(built), FIXTURES, (run, mode) => {
        expect(run.doc!.locate!.kind).toBe('path');
        expect(run.doc!.analysis_hints[0]).toMatch(
          new RegExp(`^the runs part ways after ${at} \\(.*step \\d+\\): A goes on to line ${a}, B to line ${b}$`),
        );
        if (mode.length > 0) expect(run.doc!.analysis_hints[0]).toMatch(/\(.*3rd time on this line/);
      });
    });
  });

describeWithTool('locate: a value a lambda a stream calls returns (Java)', java.tool, java.available, () => {
  const built = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-locate-callbacks-'));
  beforeAll(async () => {
    await execa('javac', [...JAVAC_JVM, '-g', '-d', built, path.join(FIXTURES, 'Filter.java')], { stdin: 'ignore' });
  });
  afterAll(() => fs.rmSync(built, { recursive: true, force: true }));

  it("the predicate's value, on its third call: a step over the lambda's line came back to its hidden class and stepped out of the stream, past the later calls", async () => {
    const run = await runBpdiff(
      ['locate', '--env-b', 'PART=1', '--', 'java', '-cp', built, 'Filter', '--', 'java', '-cp', built, 'Filter'],
      { cwd: FIXTURES },
    );
    expect(run.leftovers).toEqual([]);
    expect(run.exitCode, run.stderr).toBe(1);
    // Before: `the runs part ways at Filter.java:14 in Filter.main() (step 4): kept is [‹0›, ‹1›] in A and [‹0›] in B`.
    expect(run.doc!.analysis_hints[0]).toMatch(
      /^the runs part ways at Filter\.java:8 in Filter\.big\(\) \(step \d+\): big\(\) returns true in A and false in B$/,
    );
    expect(run.doc!.locate).toMatchObject({ kind: 'return', returned: { function: 'big', a: 'true', b: 'false' } });
  });
});

describeWithTool('locate: a for-of loop over a generator (Node)', node.tool, node.available, () => {
  it("walks the loop's body on each pass: the third value, where the body uses it, both ways", async () => {
    await locateBothModes(['--env-b', 'PART=1'], ['node', 'generator.js'], FIXTURES, (run, mode) => {
      // Before: `generator.js:14 ... total is 6 in A and 24 in B`, after the loop.
      expect(run.doc!.analysis_hints[0]).toMatch(
        /^the runs part ways at generator\.js:12 in <anonymous>\(\) \(.*step \d+\): n is 2 in A and 20 in B$/,
      );
      if (mode.length > 0) expect(run.doc!.analysis_hints[0]).toMatch(/\(3rd time on this line/);
    });
  });
});
