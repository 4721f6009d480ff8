// `--watch EXPR`: expressions evaluated in the stopped frame (DAP `evaluate`, context `watch`) and
// compared like variables, under their own text. An expression that fails has its error as its value,
// so an error in one run and a value in the other is a change.
import { DapRequestError, type DapConnection } from '../dap/connection.js';
import { setOwn } from '../core/own-record.js';

/** The text a failed watch expression reads as. */
export function watchError(message: string): string {
  return `<error: ${message.replace(/\s+/g, ' ').trim()}>`;
}

export function isWatchError(value: string): boolean {
  return value.startsWith('<error: ') && value.endsWith('>');
}

export async function evaluateWatches(connection: DapConnection, frameId: number, expressions: readonly string[], timeoutSeconds: number): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  const results = await Promise.all(
    expressions.map((expression) =>
      connection.request('evaluate', { expression, frameId, context: 'watch' }, { step: `evaluate the watch expression ${JSON.stringify(expression)}`, timeoutMs: timeoutSeconds * 1000 }).then(
        (body) => body?.result ?? '',
        (error: unknown) => watchError(error instanceof DapRequestError ? error.adapterMessage : error instanceof Error ? error.message : String(error)),
      ),
    ),
  );
  expressions.forEach((expression, index) => {
    setOwn(values, expression, results[index]!);
  });
  return values;
}
