// import() of a module known only at run time (a user's adapter hooks, an in-process adapter) or kept
// out of the bundle (yargs' package). The command's bundle runs from V8's code cache
// (src/cli/code-cache.ts), and in Node 20 a script compiled from a code cache has lost its import()
// callback ("A dynamic import callback was not specified"). So the loader (src/cli/bin.ts), which
// Node compiles itself, lends its own import(); everywhere else (the library, tests) it is the
// module's own.
const HOST_IMPORT = Symbol.for('bpdiff.hostImport');

type Importer = (specifier: string) => Promise<unknown>;

/** Called by the loader with an import() that works. */
export function lendImport(importer: Importer): void {
  (globalThis as Record<symbol, unknown>)[HOST_IMPORT] = importer;
}

export function importAtRunTime<T>(specifier: string): Promise<T> {
  const lent = (globalThis as Record<symbol, unknown>)[HOST_IMPORT] as Importer | undefined;
  return (lent ? lent(specifier) : import(specifier)) as Promise<T>;
}
