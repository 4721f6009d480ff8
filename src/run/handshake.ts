// Starting an adapter as a run would, only to ask it `initialize` and end it: how `bpdiff doctor
// --adapter-config` learns that a definition's adapter really starts and speaks DAP (an interpreter
// found on PATH proves nothing about the module it is told to load).
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { AdapterDefinition } from '../adapters/definition.js';
import type { LaunchPlan } from '../adapters/hooks.js';
import { fillAdapterPlaceholders } from '../adapters/prepare-launch.js';
import { startAdapter } from '../dap/adapter-process.js';
import { BpdiffError } from '../errors.js';
import { DebugSession } from '../session/debug-session.js';
import { RunResources } from './run-resources.js';

/** The adapter's capabilities, from its answer to `initialize`; every process it started is killed after. */
export async function handshake(
  definition: AdapterDefinition,
  plan: LaunchPlan,
  cwd: string,
): Promise<DebugProtocol.Capabilities> {
  const { transport } = definition.adapter;
  if (transport === 'debuggee-fd') {
    throw new BpdiffError(
      'ADAPTER_CONFIG',
      `${definition.file}: a "debuggee-fd" adapter lives in the program it debugs, so doctor cannot start it alone — try it on a program: bpdiff capture --adapter-config ${definition.file} --bp FILE:LINE -- CMD`,
    );
  }
  const resources = new RunResources();
  const signal = new AbortController().signal;
  try {
    const running = await startAdapter({
      name: plan.adapterName,
      executable: plan.adapterExecutable,
      args: plan.adapterArgs,
      env: plan.adapterEnv,
      cwd,
      transport,
      ...(definition.adapter.port_pattern ? { portPattern: definition.adapter.port_pattern } : {}),
      timeoutMs: definition.timeouts.start * 1000,
      track: (pid) => resources.trackSession(pid),
      signal,
      marker: resources.tree.marker,
      ...(definition.adapter.in_process ? { inProcess: fillAdapterPlaceholders(definition.adapter.in_process) } : {}),
    });
    try {
      const session = new DebugSession({
        connection: running.connection,
        definition,
        runTimeoutMs: 1000,
        signal,
        log: () => undefined,
      });
      return await session.initialize();
    } finally {
      running.close();
    }
  } finally {
    resources.dispose();
  }
}
