// Drives the built Java adapter (dist/adapters/java/bpdiff-java-adapter.jar, started as
// adapters/java/adapter.json starts it) with @vscode/debugadapter-testsupport's DebugClient. The
// client spawns `runtime + one argument`: the argument is a java @argfile holding the definition's
// arguments. Every event is recorded from the start, and every process a run started (the command,
// each JVM, their session) is remembered so a test can assert that none is left behind.
import { byName } from '../../../test/support/dap-test-helpers.js';
import { DapTestSession, type BaseRunOptions } from '../../../test/support/dap-test-session.js';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { describe } from 'vitest';
import { atEachFileEnd } from '../../../test/support/file-end.js';
import { JAVAC_JVM } from '../source-launch.js';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const FIXTURES = path.join(REPO, 'adapters', 'java', 'test', 'fixtures');
export const EXAMPLES = path.join(REPO, 'examples');
export const JAR = path.join(REPO, 'dist', 'adapters', 'java', 'bpdiff-java-adapter.jar');

/** The adapter as its definition starts it: `java` and the definition's arguments. */
function definitionArgs(): string[] {
  const definition = JSON.parse(fs.readFileSync(path.join(REPO, 'adapters/java/adapter.json'), 'utf8')) as {
    adapter: { args: string[] };
  };
  return definition.adapter.args.map((arg) => arg.replaceAll('${packageRoot}', REPO));
}

/** Folders this test file made (the argfile's, compiled fixtures), removed after its tests. */
const made: string[] = [];
atEachFileEnd(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  argfile = null;
  compiled.clear();
});

/** A temporary folder of this test file, removed after its tests. */
export function tempFolder(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

let argfile: string | null = null;
function adapterArgfile(): string {
  if (argfile && fs.existsSync(argfile)) return argfile;
  const dir = tempFolder('bpdiff-java-test-');
  argfile = path.join(dir, 'adapter.args');
  fs.writeFileSync(
    argfile,
    definitionArgs()
      .map((arg) => `"${arg}"`)
      .join('\n'),
  );
  return argfile;
}

/** Whether the Java tests can run: a JDK (javac) and the built adapter. */
export const javaReady = fs.existsSync(JAR) && onPath('javac');

/** Skips visibly without a JDK outside CI; fails loudly in CI (which installs it: scripts/setup.sh). */
export function describeWithJava(title: string, body: () => void): void {
  if (!javaReady && !process.env.CI) {
    console.warn(
      `SKIPPED "${title}": no JDK or no built Java adapter (apt-get install -y default-jdk-headless; npm run build)`,
    );
    describe.skip(title, body);
    return;
  }
  describe(title, body);
}

function onPath(name: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => fs.existsSync(path.join(dir, name)));
}

const compiled = new Map<string, string>();

/** The fixture folder's .java files compiled with `javac -g` into a folder of their own (once per worker). */
export function compileFixture(name: string, options: { debugInfo?: boolean } = {}): string {
  const key = `${name}:${options.debugInfo !== false}`;
  const known = compiled.get(key);
  if (known) return known;
  const source = path.join(FIXTURES, name);
  const out = tempFolder(`bpdiff-java-${name}-`);
  const files = fs
    .readdirSync(source)
    .filter((file) => file.endsWith('.java'))
    .map((file) => path.join(source, file));
  execFileSync('javac', [...JAVAC_JVM, ...(options.debugInfo === false ? [] : ['-g']), '-d', out, ...files], {
    stdio: 'pipe',
  });
  compiled.set(key, out);
  return out;
}

export interface RunOptions extends BaseRunOptions {
  invokeToString?: boolean;
}

export class AdapterSession extends DapTestSession<RunOptions> {
  static async start(): Promise<AdapterSession> {
    const session = new AdapterSession(new DebugClient('java', `@${adapterArgfile()}`, 'java'), 'java');
    await session.open();
    return session;
  }

  protected launchExtras(options: RunOptions): Record<string, unknown> {
    return options.invokeToString ? { invokeToString: true } : {};
  }

  protected override async onStopped(): Promise<void> {
    await this.threads();
  }

  /** Thread names are `java <pid> <name>`: remember every JVM's pid. */
  async threads(): Promise<DebugProtocol.Thread[]> {
    const { body } = await this.dc.threadsRequest();
    for (const thread of body.threads) {
      const match = /^java (\d+) /.exec(thread.name);
      if (match && Number(match[1]) > 0) this.pids.add(Number(match[1]));
    }
    return body.threads;
  }

  async frames(threadId: number): Promise<DebugProtocol.StackFrame[]> {
    return (await this.dc.stackTraceRequest({ threadId, startFrame: 0, levels: 20 })).body.stackFrames;
  }

  async topFrame(threadId: number): Promise<DebugProtocol.StackFrame> {
    const frame = (await this.frames(threadId))[0];
    if (!frame) throw new Error('no stack frame');
    return frame;
  }

  /** name -> variable of the frame's Locals. */
  async locals(frameId: number): Promise<Map<string, DebugProtocol.Variable>> {
    const locals = (await this.scopes(frameId)).find((scope) => scope.name === 'Locals');
    if (!locals) throw new Error('no Locals scope');
    return byName(await this.children(locals.variablesReference));
  }
}

export type { BreakpointSpec, RunResult } from '../../../test/support/dap-test-session.js';
export { byName, lineOf, mustGet } from '../../../test/support/dap-test-helpers.js';
