// Source maps of loaded scripts (inline data: URLs from tsx or vitest, .map files next to tsc output):
// which original files a script covers, original line -> generated position for breakpoints, and
// generated position -> original line for stack frames.
import { createHash } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  GREATEST_LOWER_BOUND,
  LEAST_UPPER_BOUND,
  TraceMap,
  allGeneratedPositionsFor,
  originalPositionFor,
  type SourceMapInput,
} from '@jridgewell/trace-mapping';

/** A version 3 source map, as read from its file (the fields bpdiff uses). */
interface RawSourceMap {
  version: number;
  file?: string;
  sourceRoot?: string;
  sources: string[];
  sourcesContent?: Array<string | null>;
  names: string[];
  mappings: string;
}
import { scriptUrlAsBase } from './paths.js';

export interface GeneratedPosition {
  /** 0-based, as CDP counts. */
  lineNumber: number;
  columnNumber: number;
}

export interface OriginalPosition {
  path: string;
  /** 1-based. */
  line: number;
  /** 0-based. */
  column: number;
}

// Sources are replaced by these placeholders inside the consumer, so that two entries resolving to
// the same file, or entries that are not files at all, never confuse its lookups.
const PLACEHOLDER_PREFIX = 'bpdiff-source-';
const placeholder = (index: number): string => `${PLACEHOLDER_PREFIX}${index}`;

/** How far below a line without code the code of a breakpoint set on it is looked for. */
const NEXT_LINES_LOOKED_AT = 200;

export class LoadedSourceMap {
  private consumer: TraceMap | null = null;
  private destroyed = false;

  constructor(
    /** Absolute path of each entry of `sources`, or null where it names no file. */
    readonly sources: ReadonlyArray<string | null>,
    private readonly raw: RawSourceMap,
  ) {}

  covers(paths: readonly string[]): boolean {
    return this.sources.some((source) => source !== null && paths.includes(source));
  }

  /**
   * Where code of original `line` (1-based) of `paths` starts in the generated script: the first
   * generated position of that line, or of the next line that has code (a comment line moves forward).
   */
  async generatedFor(paths: readonly string[], line: number): Promise<GeneratedPosition | null> {
    const consumer = this.getConsumer();
    let best: GeneratedPosition | null = null;
    let bestOriginalLine = Infinity;
    this.sources.forEach((source, index) => {
      if (source === null || !paths.includes(source)) return;
      // The mappings of the line, or of the next line that has any (a comment line moves forward).
      let found: ReturnType<typeof allGeneratedPositionsFor> = [];
      for (let at = line; found.length === 0 && at < line + NEXT_LINES_LOOKED_AT; at++) {
        found = allGeneratedPositionsFor(consumer, {
          source: placeholder(index),
          line: at,
          column: 0,
          bias: LEAST_UPPER_BOUND,
        }).filter((position) => {
          const back = originalPositionFor(consumer, { line: position.line ?? 0, column: position.column ?? 0 });
          return back.line === at;
        });
      }
      for (const generated of found) {
        if (generated.line === null || generated.column === null) continue;
        const original = originalPositionFor(consumer, { line: generated.line, column: generated.column });
        const originalLine = original.line ?? line;
        const candidate = { lineNumber: generated.line - 1, columnNumber: generated.column };
        if (
          best === null ||
          originalLine < bestOriginalLine ||
          (originalLine === bestOriginalLine &&
            (candidate.lineNumber < best.lineNumber ||
              (candidate.lineNumber === best.lineNumber && candidate.columnNumber < best.columnNumber)))
        ) {
          best = candidate;
          bestOriginalLine = originalLine;
        }
      }
    });
    return best;
  }

  /**
   * The original position of a generated one (0-based line and column), when the map knows it: a
   * mapping at or before it on its line, else the next one there. `exact`: only a mapping at or before
   * it (code before a line's first mapping, a compiler's helper, has none).
   */
  async originalFor(lineNumber: number, columnNumber: number, exact = false): Promise<OriginalPosition | null> {
    const consumer = this.getConsumer();
    const biases = exact ? ([GREATEST_LOWER_BOUND] as const) : ([GREATEST_LOWER_BOUND, LEAST_UPPER_BOUND] as const);
    for (const bias of biases) {
      const original = originalPositionFor(consumer, { line: lineNumber + 1, column: Math.max(0, columnNumber), bias });
      if (original.source === null || original.line === null) continue;
      const index = Number(original.source.slice(PLACEHOLDER_PREFIX.length));
      const file = this.sources[index];
      if (file === undefined || file === null) return null;
      return { path: file, line: original.line, column: original.column ?? 0 };
    }
    return null;
  }

  destroy(): void {
    this.destroyed = true;
    this.consumer = null;
  }

  private getConsumer(): TraceMap {
    if (this.destroyed) throw new Error('source map already released');
    this.consumer ??= new TraceMap({
      ...this.raw,
      sourceRoot: undefined,
      sources: this.raw.sources.map((_: string, index: number) => placeholder(index)),
      sourcesContent: undefined,
    } as SourceMapInput);
    return this.consumer;
  }
}

/** Loads each distinct map once (per script URL and map URL); failures are remembered as null. */
export class SourceMapCache {
  private readonly maps = new Map<string, Promise<LoadedSourceMap | null>>();

  load(scriptUrl: string, sourceMapURL: string): Promise<LoadedSourceMap | null> {
    const key = `${scriptUrl}\n${sourceMapURL.length > 512 ? createHash('sha1').update(sourceMapURL).digest('hex') : sourceMapURL}`;
    let loaded = this.maps.get(key);
    if (!loaded) {
      loaded = readSourceMap(scriptUrl, sourceMapURL).catch(() => null);
      this.maps.set(key, loaded);
    }
    return loaded;
  }

  dispose(): void {
    for (const loaded of this.maps.values()) void loaded.then((map) => map?.destroy()).catch(() => undefined);
    this.maps.clear();
  }
}

async function readSourceMap(scriptUrl: string, sourceMapURL: string): Promise<LoadedSourceMap | null> {
  const scriptBase = scriptUrlAsBase(scriptUrl);
  let text: string;
  let base: string | null;
  if (sourceMapURL.startsWith('data:')) {
    text = decodeDataUrl(sourceMapURL);
    // An inline map's sources are relative to the script itself.
    base = scriptBase;
  } else {
    if (scriptBase === null && !/^[a-z][a-z0-9+.-]*:/i.test(sourceMapURL)) return null;
    const mapUrl = new URL(sourceMapURL, scriptBase ?? undefined);
    if (mapUrl.protocol !== 'file:') return null;
    text = await fsp.readFile(fileURLToPath(mapUrl), 'utf8');
    base = mapUrl.href;
  }
  const raw = JSON.parse(text.replace(/^\)\]\}'[^\n]*\n/, '')) as Partial<RawSourceMap> & { sections?: unknown };
  // Indexed maps (sections) are rare for Node code; they are not supported.
  if (raw.sections !== undefined || !Array.isArray(raw.sources) || typeof raw.mappings !== 'string') return null;
  const root = typeof raw.sourceRoot === 'string' && raw.sourceRoot !== '' ? raw.sourceRoot.replace(/\/?$/, '/') : '';
  const sources = raw.sources.map((source) => resolveSource(root, source, base));
  return new LoadedSourceMap(sources, {
    version: 3,
    names: [],
    file: '',
    ...raw,
    sources: raw.sources.map(String),
  } as RawSourceMap);
}

function resolveSource(root: string, source: unknown, base: string | null): string | null {
  if (typeof source !== 'string') return null;
  try {
    const url = new URL(root + source, base ?? undefined);
    return url.protocol === 'file:' ? fileURLToPath(url) : null;
  } catch {
    return null;
  }
}

function decodeDataUrl(url: string): string {
  const comma = url.indexOf(',');
  if (comma < 0) throw new Error('malformed data: URL');
  const meta = url.slice(5, comma);
  const data = url.slice(comma + 1);
  return meta.split(';').includes('base64') ? Buffer.from(data, 'base64').toString('utf8') : decodeURIComponent(data);
}
