// Drives the built Node adapter (dist/adapters/node/main.mjs) through the DAP test session shared with
// the Java adapter's tests (test/support/dap-test-session.ts): its launch arguments, its threads'
// pids, its locals.
import { DapTestSession, type BaseRunOptions } from '../../../test/support/dap-test-session.js';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
// The bundle that adapters/node/adapter.json starts (npm run build makes it from adapters/node/src/main.ts).
export const ADAPTER = path.join(REPO, 'dist', 'adapters', 'node', 'main.mjs');
export const FIXTURES = path.join(REPO, 'adapters', 'node', 'test', 'fixtures');
export const EXAMPLES = path.join(REPO, 'examples');

export interface RunOptions extends BaseRunOptions {
  /** Stop at the first statement of the program's own code (a `stopped` event with reason `entry`). */
  stopOnEntry?: boolean;
}

export class AdapterSession extends DapTestSession<RunOptions> {
  static async start(adapter: string = ADAPTER): Promise<AdapterSession> {
    const session = new AdapterSession(new DebugClient('node', adapter, 'node'), 'node');
    await session.open();
    return session;
  }

  protected launchExtras(options: RunOptions): Record<string, unknown> {
    return options.stopOnEntry !== undefined ? { stopOnEntry: options.stopOnEntry } : {};
  }

  protected override onEvent(event: DebugProtocol.Event): void {
    if (event.event === 'thread' && (event as DebugProtocol.ThreadEvent).body.reason === 'started')
      void this.collectThreadPids();
  }

  /** Thread names are `node <pid> <script>`: remember every pid while the process is alive. */
  async collectThreadPids(): Promise<DebugProtocol.Thread[]> {
    try {
      const { body } = await this.dc.threadsRequest();
      for (const thread of body.threads) {
        const match = /^node (\d+)\b/.exec(thread.name);
        if (match) this.pids.add(Number(match[1]));
      }
      return body.threads;
    } catch {
      return [];
    }
  }

  async topFrame(threadId: number): Promise<DebugProtocol.StackFrame> {
    const { body } = await this.dc.stackTraceRequest({ threadId, startFrame: 0, levels: 20 });
    await this.collectThreadPids();
    const frame = body.stackFrames[0];
    if (!frame) throw new Error('no stack frame');
    return frame;
  }

  /** name -> variable, for the non-expensive scopes of a frame (inner scopes win). */
  async locals(frameId: number): Promise<Map<string, DebugProtocol.Variable>> {
    const found = new Map<string, DebugProtocol.Variable>();
    for (const scope of await this.scopes(frameId)) {
      if (scope.expensive) continue;
      for (const variable of await this.children(scope.variablesReference))
        if (!found.has(variable.name)) found.set(variable.name, variable);
    }
    return found;
  }
}

export type { BreakpointSpec, RunResult } from '../../../test/support/dap-test-session.js';
export { byName, lineOf, mustGet } from '../../../test/support/dap-test-helpers.js';
