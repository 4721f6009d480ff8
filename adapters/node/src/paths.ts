// Script URLs as V8 reports them (file:///abs/app.js, /abs/app.js, node:internal/..., data:...) and
// the file paths a DAP client uses.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The file a script URL names, or null for node: internals, eval code and other non-files. */
export function scriptUrlToPath(url: string): string | null {
  if (url.startsWith('file://')) {
    try {
      return fileURLToPath(url);
    } catch {
      return null;
    }
  }
  if (path.isAbsolute(url)) return path.normalize(url);
  return null;
}

/** A URL usable as a base for resolving relative references (a script's own URL, as a file URL). */
export function scriptUrlAsBase(url: string): string | null {
  if (url.startsWith('file://') || /^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  if (path.isAbsolute(url)) return pathToFileURL(url).href;
  return null;
}

/** The path itself plus its real path when a symlink leads there: a script may be reported by either. */
export function pathVariants(file: string): string[] {
  const variants = [path.normalize(file)];
  try {
    const real = fs.realpathSync.native(file);
    if (!variants.includes(real)) variants.push(real);
  } catch {
    // Not there (yet): the path as given is all there is.
  }
  return variants;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** A regex matching every URL under which V8 may report a script loaded from one of these paths. */
export function urlRegexForPaths(paths: string[]): string {
  return `^${urlAlternatives(paths)}$`;
}

/** The URLs of these paths as one group of alternatives, unanchored: `(?:/a/x\.js|file:\/\/\/a\/x\.js)`. */
export function urlAlternatives(paths: string[]): string {
  const forms = new Set<string>();
  for (const file of paths) {
    forms.add(escapeRegExp(file));
    forms.add(escapeRegExp(pathToFileURL(file).href));
  }
  return `(?:${[...forms].join('|')})`;
}

export function isJavaScriptFile(file: string): boolean {
  return /\.(?:js|cjs|mjs)$/i.test(file);
}

/** Node's own code (node:fs, node:internal/...): V8 cannot blackbox it, as Node compiles it without a context. */
export function isNodeInternalUrl(url: string): boolean {
  return url.startsWith('node:');
}

// Where Node's own tools are installed outside any node_modules folder (Debian's npm and npx).
const TOOL_FOLDERS = ['/usr/share/nodejs/', '/usr/lib/nodejs/'];

/**
 * Code installed into the project or with Node, not written in it: packages (anything under a
 * node_modules folder, npm's and npx's own CLI, tsx's and ts-node's loaders) and Node's tools.
 */
export function isInstalledCode(file: string): boolean {
  return file.split(/[\\/]/).includes('node_modules') || TOOL_FOLDERS.some((folder) => file.startsWith(folder));
}
