// Measures the Node adapter: the time of one whole capture of examples/node/cart-cjs/v1 (initialize ->
// launch -> stopped -> stackTrace / scopes / variables -> disconnect, adapter start included), and the
// latency of single requests while the program is stopped.
// Run after a build: node dist/adapters/node/bench-latency.js [captures=10] [requests=50]
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';

const here = path.dirname(fileURLToPath(import.meta.url));
const adapter = path.join(here, 'main.mjs');
let root = here;
while (!fs.existsSync(path.join(root, 'examples', 'node', 'cart-cjs'))) {
  const parent = path.dirname(root);
  if (parent === root) throw new Error('examples/node/cart-cjs not found above the benchmark');
  root = parent;
}
const cwd = path.join(root, 'examples', 'node', 'cart-cjs', 'v1');
const file = path.join(cwd, 'cart.js');
const line =
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((text) => text.includes('return { gross, discount, net }')) + 1;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function onceEvent(client: DebugClient, name: string): Promise<DebugProtocol.Event> {
  return new Promise((resolve) => client.once(name, resolve));
}

/** Starts the adapter and runs the program up to the breakpoint. */
async function stop(): Promise<{ client: DebugClient; threadId: number }> {
  const client = new DebugClient('node', adapter, 'node');
  await client.start();
  const initialized = onceEvent(client, 'initialized');
  const stopped = onceEvent(client, 'stopped');
  await client.initializeRequest({ adapterID: 'node', pathFormat: 'path', linesStartAt1: true, columnsStartAt1: true });
  const launched = client.launchRequest({
    command: ['node', 'checkout.js'],
    cwd,
  } as DebugProtocol.LaunchRequestArguments);
  await initialized;
  await client.setBreakpointsRequest({ source: { path: file }, breakpoints: [{ line }] });
  await client.setExceptionBreakpointsRequest({ filters: ['uncaught'] });
  await client.configurationDoneRequest();
  await launched;
  const event = (await stopped) as DebugProtocol.StoppedEvent;
  return { client, threadId: event.body.threadId! };
}

async function capture(): Promise<{ ms: number; variables: number }> {
  const start = performance.now();
  const { client, threadId } = await stop();
  const frames = await client.stackTraceRequest({ threadId, levels: 5 });
  const scopes = await client.scopesRequest({ frameId: frames.body.stackFrames[0]!.id });
  let count = 0;
  // Locals and their children, two levels deep, every level's requests in flight at once.
  let level = scopes.body.scopes.filter((scope) => !scope.expensive).map((scope) => scope.variablesReference);
  for (let depth = 0; depth < 3 && level.length > 0; depth++) {
    const answers = await Promise.all(
      level.map((reference) => client.variablesRequest({ variablesReference: reference })),
    );
    const next: number[] = [];
    for (const answer of answers) {
      count += answer.body.variables.length;
      for (const variable of answer.body.variables)
        if (variable.variablesReference > 0) next.push(variable.variablesReference);
    }
    level = next;
  }
  await client.disconnectRequest({ terminateDebuggee: true });
  const ms = performance.now() - start;
  await client.stop();
  return { ms, variables: count };
}

async function requestLatency(count: number): Promise<Record<string, number>> {
  const { client, threadId } = await stop();
  const frameId = (await client.stackTraceRequest({ threadId, levels: 1 })).body.stackFrames[0]!.id;
  const local = (await client.scopesRequest({ frameId })).body.scopes[0]!.variablesReference;
  const measure = async (run: () => Promise<unknown>): Promise<number> => {
    const times: number[] = [];
    for (let index = 0; index < count; index++) {
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
    }
    return median(times);
  };
  const result = {
    threads: await measure(() => client.threadsRequest()),
    evaluate: await measure(() =>
      client.evaluateRequest({ expression: 'gross - discount', frameId, context: 'watch' }),
    ),
    stackTrace: await measure(() => client.stackTraceRequest({ threadId, levels: 5 })),
    variables: await measure(() => client.variablesRequest({ variablesReference: local })),
  };
  await client.disconnectRequest({ terminateDebuggee: true });
  await client.stop();
  return result;
}

const captures = Number(process.argv[2] ?? '10');
const requests = Number(process.argv[3] ?? '50');
await capture(); // warm the file cache
const runs: number[] = [];
let variables = 0;
for (let index = 0; index < captures; index++) {
  const run = await capture();
  runs.push(run.ms);
  variables = run.variables;
}
console.log(
  `capture of examples/node/cart-cjs/v1 (${variables} variables): median ${median(runs).toFixed(0)} ms, min ${Math.min(...runs).toFixed(0)} ms, max ${Math.max(...runs).toFixed(0)} ms over ${captures} runs`,
);
const latency = await requestLatency(requests);
for (const [request, ms] of Object.entries(latency))
  console.log(`${request}: median ${ms.toFixed(2)} ms over ${requests} requests`);
