// Conditions the way each adapter needs them: rewritten before they are set (the definition's
// `condition.wrap`), and checked after a stop, since several adapters stop (or silently do not) when
// a condition cannot be evaluated instead of saying so.
import type { DebugProtocol } from '@vscode/debugprotocol';
import { DapRequestError, type DapConnection } from '../dap/connection.js';
import type { AdapterDefinition } from '../adapters/definition.js';

export function wrapCondition(definition: AdapterDefinition, condition: string): string {
  const wrap = definition.condition.wrap;
  if (!wrap) return condition;
  return fillCondition(wrap, condition);
}

function fillCondition(template: string, condition: string): string {
  return template.replaceAll('${conditionJson}', JSON.stringify(condition)).replaceAll('${condition}', condition);
}

/** The condition's error, if the adapter stopped because the condition failed rather than held. */
export async function findConditionError(
  connection: DapConnection,
  definition: AdapterDefinition,
  condition: string,
  frameId: number,
  since: number,
  timeoutMs: number,
): Promise<string | null> {
  const { error_output: errorOutput, error_probe: probe } = definition.condition;
  // A probe naming `${condition}` evaluates the condition again in the stopped frame: an adapter
  // that stops on a condition it cannot evaluate (lldb) refuses it here too, with the reason. This
  // does not depend on when the adapter's own complaint (an `output` event) arrives: lldb-dap may
  // send it after the `stopped` event.
  const reevaluates = probe !== undefined && /\$\{condition(Json)?\}/.test(probe);
  if (probe && reevaluates) {
    try {
      await connection.request('evaluate', { expression: fillCondition(probe, condition), frameId, context: 'watch' }, { step: 'checking the condition', timeoutMs });
    } catch (error) {
      if (error instanceof DapRequestError) return error.adapterMessage.trim().split('\n')[0]!.trim();
      throw error;
    }
  }
  if (errorOutput) {
    const pattern = new RegExp(errorOutput);
    const said = connection.eventsSince(since).find((event) => event.event === 'output' && pattern.test((event as DebugProtocol.OutputEvent).body.output));
    if (said) return (said as DebugProtocol.OutputEvent).body.output.trim();
  }
  if (probe && !reevaluates) {
    const result = await connection.request('evaluate', { expression: probe, frameId, context: 'watch' }, { step: 'checking the condition', timeoutMs });
    const value = result?.result ?? '';
    if (!(definition.condition.probe_ok ?? []).includes(value)) return unquote(value);
  }
  return null;
}

/** 'text' or "text" as an adapter shows a string value -> text. */
function unquote(value: string): string {
  const match = /^(['"])([\s\S]*)\1$/.exec(value.trim());
  return match ? match[2]! : value;
}
