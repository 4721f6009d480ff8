// stopOnEntry: the program stops (reason `entry`) at the first statement of the user's main module,
// whatever starts it: node on a CommonJS file or an ES module, tsx on TypeScript (the stop in the .ts
// file, through its source map), npm run, npx, a shell. The entry stop is no hit of a user
// breakpoint, and breakpoints set with it stop as ever afterwards.
import * as path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterEach, describe, expect, it } from 'vitest';
import { AdapterSession, FIXTURES, lineOf, REPO } from './helpers.js';

const DIR = path.join(FIXTURES, 'entry');
const APP = path.join(DIR, 'app.js');
const TSX_BIN = path.join(REPO, 'node_modules', '.bin', 'tsx');

let session: AdapterSession | null = null;
afterEach(async () => {
  await session?.finish();
  session = null;
});

/** Starts the command with stopOnEntry; the entry stop's top frame (file, line, name) and its stop event. */
async function entryOf(
  command: string[],
  breakpoints: Array<{ path: string; line: number; hitCondition?: string }> = [],
): Promise<{ stopped: DebugProtocol.StoppedEvent; top: DebugProtocol.StackFrame }> {
  session = await AdapterSession.start();
  const result = await session.run({ command, cwd: DIR, stopOnEntry: true, breakpoints });
  expect(
    result.stopped,
    `${command.join(' ')} ended with ${String(result.exitCode)} and no stop; stderr: ${session.output('stderr')}`,
  ).not.toBeNull();
  return { stopped: result.stopped!, top: await session.topFrame(result.stopped!.body.threadId!) };
}

describe('stopOnEntry', () => {
  it.each([
    ['node app.js', ['node', 'app.js'], 'app.js', lineOf(APP, "const greeting = 'hello'"), 'HELLO\n'],
    // A script that opens with function declarations: the first statement is the call below them, not
    // the first declared function's first line (V8 answers that one when asked from the script's start).
    [
      'node declared-first.js (functions declared first)',
      ['node', 'declared-first.js'],
      'declared-first.js',
      lineOf(path.join(DIR, 'declared-first.js'), 'main();'),
      'FIRST\n',
    ],
    [
      'node declared-first.mjs (an ES module, a function declared first)',
      ['node', 'declared-first.mjs'],
      'declared-first.mjs',
      lineOf(path.join(DIR, 'declared-first.mjs'), "console.log(shout('module'))"),
      'MODULE\n',
    ],
    [
      'node app.mjs (an ES module)',
      ['node', 'app.mjs'],
      'app.mjs',
      lineOf(path.join(DIR, 'app.mjs'), 'const name ='),
      'report.txt\n',
    ],
    // The function declaration above it is passed (esbuild's __name call for it maps to its name).
    [
      'tsx app.ts (the stop in the .ts file)',
      [TSX_BIN, 'app.ts'],
      'app.ts',
      lineOf(path.join(DIR, 'app.ts'), 'const lines: Line[]'),
      '5\n',
    ],
    [
      'npx tsx app.ts',
      ['npx', 'tsx', 'app.ts'],
      'app.ts',
      lineOf(path.join(DIR, 'app.ts'), 'const lines: Line[]'),
      '5\n',
    ],
    [
      'npm run start (node app.js)',
      ['npm', 'run', 'start'],
      'app.js',
      lineOf(APP, "const greeting = 'hello'"),
      'HELLO\n',
    ],
    ['sh -c "node app.js"', ['sh', '-c', 'node app.js'], 'app.js', lineOf(APP, "const greeting = 'hello'"), 'HELLO\n'],
  ])('%s stops at the first statement of the user script', async (_name, command, file, line, output) => {
    const { stopped, top } = await entryOf(command);
    expect(stopped.body.reason).toBe('entry');
    expect(top.source?.path).toBe(path.join(DIR, file));
    expect(top.line).toBe(line);
    // Nothing of the program has run yet (npm prints its own lines first).
    expect(session!.output('stdout')).not.toContain(output);
    const next = await session!.continueToNext(stopped.body.threadId!);
    expect(next).toBeNull();
    expect(session!.output('stdout').endsWith(output)).toBe(true);
    expect(
      session!.events.find((event): event is DebugProtocol.ExitedEvent => event.event === 'exited')?.body.exitCode,
    ).toBe(0);
  });

  it('is no hit of a user breakpoint: one set with it (hit condition 1) stops afterwards, as reason breakpoint', async () => {
    const inside = lineOf(APP, 'return text.toUpperCase()');
    const { stopped } = await entryOf(['node', 'app.js'], [{ path: APP, line: inside, hitCondition: '1' }]);
    expect(stopped.body.reason).toBe('entry');
    const next = await session!.continueToNext(stopped.body.threadId!);
    expect(next?.body.reason).toBe('breakpoint');
    const top = await session!.topFrame(next!.body.threadId!);
    expect(top).toMatchObject({ name: 'shout', line: inside });
    expect((await session!.evaluate('text', top.id)).result).toBe("'hello'");
    expect(await session!.continueToNext(next!.body.threadId!)).toBeNull();
    expect(session!.output('stdout')).toBe('HELLO\n');
  });

  it('a user breakpoint on the entry line itself (hit condition 1) stops there once, as reason breakpoint', async () => {
    const line = lineOf(APP, "const greeting = 'hello'");
    const { stopped, top } = await entryOf(['node', 'app.js'], [{ path: APP, line, hitCondition: '1' }]);
    expect(stopped.body.reason).toBe('breakpoint');
    expect(top.line).toBe(line);
    expect(await session!.continueToNext(stopped.body.threadId!)).toBeNull();
  });
});
