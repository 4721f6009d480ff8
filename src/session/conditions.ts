// Conditions the way each adapter needs them: rewritten before they are set (the definition's
// `condition.wrap`), and checked after a stop, since several adapters stop (or silently do not) when
// a condition cannot be evaluated instead of saying so.
import type { DebugProtocol } from '@vscode/debugprotocol';
import { DapRequestError, type DapConnection } from '../dap/connection.js';
import type { AdapterDefinition } from '../adapters/definition.js';

/** The values of a condition evaluated by the first-stop probe that mean false, unless the definition says its own. */
export const FALSE_VALUES: readonly string[] = [
  'false',
  'False',
  'FALSE',
  '.false.',
  '.FALSE.',
  'F',
  '0',
  'nil',
  'None',
  'null',
  'undefined',
  'undef',
  "''",
  '""',
  '',
];

/**
 * Whether bpdiff checks the condition itself at the first stop (AdapterDefinition.condition.probe):
 * by default when the definition gives no other way to learn that it failed.
 */
export function probesAtFirstStop(definition: AdapterDefinition): boolean {
  const { condition } = definition;
  if (condition.probe !== undefined) return condition.probe === 'first_stop';
  return !(
    condition.wrap ||
    condition.error_probe ||
    condition.error_output ||
    condition.error_stop ||
    condition.error_unverified
  );
}

/**
 * The condition evaluated in the stopped frame: its value, or its error (the adapter refused it,
 * answered no value, or answered a value that `error_value` says is an error).
 */
export async function evaluateCondition(
  connection: DapConnection,
  definition: AdapterDefinition,
  expression: string,
  frameId: number,
  timeoutMs: number,
): Promise<{ error: string } | { value: string }> {
  let result: string | undefined;
  try {
    const body = await connection.request(
      'evaluate',
      { expression: evaluatedExpression(definition, expression), frameId, context: 'watch' },
      { step: 'checking the condition', timeoutMs },
    );
    result = (body as { result?: string | null } | undefined)?.result ?? undefined;
  } catch (error) {
    if (error instanceof DapRequestError) return { error: firstLine(error.adapterMessage) };
    throw error;
  }
  if (result === undefined) return { error: `${connection.adapterName} could not evaluate it` };
  const errorValue = definition.condition.error_value;
  if (errorValue && new RegExp(errorValue).test(result)) return { error: firstLine(result) };
  return { value: result };
}

/** Whether a value the first-stop probe read means false. */
export function isFalseValue(definition: AdapterDefinition, value: string): boolean {
  return (definition.condition.false_values ?? FALSE_VALUES).includes(value.trim());
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0]!.trim();
}

/** An expression as the adapter's `evaluate` request takes it (AdapterDefinition.evaluate_expression). */
export function evaluatedExpression(
  definition: Pick<AdapterDefinition, 'evaluate_expression'>,
  expression: string,
): string {
  const template = definition.evaluate_expression;
  if (!template) return expression;
  const escaped = expression.replace(/[\\"]/g, (character) => `\\${character}`);
  return template.replace(/\$\{expression(Escaped)?\}/g, (_whole, isEscaped: string | undefined) =>
    isEscaped ? escaped : expression,
  );
}

export function wrapCondition(definition: Pick<AdapterDefinition, 'condition'>, condition: string): string {
  const wrap = definition.condition.wrap;
  if (!wrap) return condition;
  return fillCondition(wrap, condition);
}

/**
 * The condition that counts the passes in the debuggee and holds from pass `count` on (the definition's
 * hit_count.condition), with the user's condition in it where there is one, wrapped as a user's is.
 */
export function countingCondition(
  definition: Pick<AdapterDefinition, 'condition'>,
  templates: { alone: string; with_condition: string },
  condition: string | undefined,
  count: number,
): string {
  // The count first: a `${count}` in the user's text is the user's.
  const template = (condition === undefined ? templates.alone : templates.with_condition).replaceAll(
    '${count}',
    String(count),
  );
  return wrapCondition(definition, condition === undefined ? template : fillCondition(template, condition));
}

function fillCondition(template: string, condition: string): string {
  return template
    .replaceAll('${conditionJson}', JSON.stringify(condition))
    .replaceAll('${conditionBase64}', Buffer.from(condition, 'utf8').toString('base64'))
    .replaceAll('${condition}', condition);
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
    const evaluated = await evaluateCondition(
      connection,
      definition,
      fillCondition(probe, condition),
      frameId,
      timeoutMs,
    );
    if ('error' in evaluated) return evaluated.error;
  }
  if (errorOutput) {
    const pattern = new RegExp(errorOutput);
    const outputs = connection
      .eventsSince(since)
      .filter((event): event is DebugProtocol.OutputEvent => event.event === 'output');
    const at = outputs.findIndex((event) => pattern.test(event.body.output));
    if (at !== -1) {
      const said = outputs[at]!.body.output.trim();
      // gdb says why on the next line: "Error in testing breakpoint condition:" / "Cannot access memory at address 0x0".
      const reason = said.endsWith(':') ? outputs[at + 1]?.body.output.trim().split('\n')[0] : undefined;
      return reason ? `${said} ${reason}` : said;
    }
  }
  if (probe && !reevaluates) {
    const result = await connection.request(
      'evaluate',
      { expression: probe, frameId, context: 'watch' },
      { step: 'checking the condition', timeoutMs },
    );
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
