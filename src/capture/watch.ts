// `--watch EXPR`: expressions evaluated in the stopped frame (DAP `evaluate`, context `watch`) and
// compared like variables, under their own text. An expression that fails has its error as its value,
// so an error in one run and a value in the other is a change.
import { DapRequestError, type DapConnection } from '../dap/connection.js';
import { setOwn } from '../core/own-record.js';
import type { AdapterDefinition } from '../adapters/definition.js';
import { evaluatedExpression } from '../session/conditions.js';

/** The text a failed watch expression reads as. */
export function watchError(message: string): string {
  return `<error: ${message.replace(/\s+/g, ' ').trim()}>`;
}

export function isWatchError(value: string): boolean {
  return value.startsWith('<error: ') && value.endsWith('>');
}

/**
 * Each expression's value in the frame; a failed one reads as its error: the adapter refused it, or
 * answered a value its definition says is an error (cdt-gdb-adapter's `Error: could not evaluate
 * expression`), so that the same failure in both runs is said, never compared equal in silence.
 */
export async function evaluateWatches(
  connection: DapConnection,
  definition: Pick<AdapterDefinition, 'evaluate_expression' | 'condition'>,
  frameId: number,
  expressions: readonly string[],
  timeoutSeconds: number,
): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  const errorValue = definition.condition.error_value ? new RegExp(definition.condition.error_value) : null;
  const results = await Promise.all(
    expressions.map((expression) =>
      connection
        .request(
          'evaluate',
          { expression: evaluatedExpression(definition, expression), frameId, context: 'watch' },
          { step: `evaluate the watch expression ${JSON.stringify(expression)}`, timeoutMs: timeoutSeconds * 1000 },
        )
        .then(
          (body) => {
            const result = body?.result ?? '';
            return errorValue?.test(result) ? watchError(result) : result;
          },
          (error: unknown) =>
            watchError(
              error instanceof DapRequestError
                ? error.adapterMessage
                : error instanceof Error
                  ? error.message
                  : String(error),
            ),
        ),
    ),
  );
  expressions.forEach((expression, index) => {
    setOwn(values, expression, results[index]!);
  });
  return values;
}
