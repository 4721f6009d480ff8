// Node's module customization hooks (module.register, from bootloader.cjs) for ES modules: the source
// of a module the adapter planned counts for gets its counting calls (pass-insert.cjs) before Node
// compiles it. Runs in Node's loader thread; every other module, and every other format, passes as is.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const { instrument } = createRequire(import.meta.url)('./pass-insert.cjs');
let entries = [];

export function initialize(data) {
  entries = Array.isArray(data?.entries) ? data.entries : [];
}

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  if (loaded.format !== 'module' || !url.startsWith('file:') || loaded.source == null) return loaded;
  const text = typeof loaded.source === 'string' ? loaded.source : Buffer.from(loaded.source).toString('utf8');
  const counted = instrument(text, fileURLToPath(url), entries);
  return counted === text ? loaded : { ...loaded, source: counted };
}
