// Variables of a paused Node process: the children of a scope or of an object as DAP variables, with
// evaluateName written as JavaScript writes it (cart.items[0].qty, map.get("n"), obj["weird key"]),
// a JavaScript type name and the rendered value. Getters are never invoked.
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { CdpConnection } from './cdp-connection.js';
import type { PropertyDescriptor, RemoteObject } from './cdp-types.js';
import { formatValue, sizeOf, typeName, type ValueDetails } from './value-format.js';
import { accessorKind, readDetails } from './value-details.js';
import {
  arraySlice,
  collectionEntries,
  IDENTIFIER,
  INDEX,
  memberName,
  type ChildFilter,
  type Entry,
} from './container-entries.js';

export { readDetails } from './value-details.js';
export type { ChildFilter } from './container-entries.js';

/** What a variablesReference points at. */
export type Container =
  | {
      kind: 'scope';
      objectId: string;
      thisObject?: RemoteObject;
      hideBuiltins: boolean;
      /** The value a function returned to this frame as the step that stopped here left it (bpdiffReturns). */
      returned?: { name: string; value: RemoteObject };
    }
  | { kind: 'object'; object: RemoteObject; evaluateName: string | undefined };

/** Hands out a variablesReference for a container. */
export type ReferenceMaker = (container: Container) => number;

// Names every Node process has on its global object; the Global scope shows the program's own.
const BUILTIN_GLOBALS = new Set<string>([
  ...Object.getOwnPropertyNames(globalThis),
  'global',
  'globalThis',
  'require',
  'module',
  'exports',
  '__filename',
  '__dirname',
]);

// Arrays longer than this are paged by slicing in the debuggee instead of listing every index.
const SLICE_THRESHOLD = 1000;

/** Whether a value has children worth a variablesReference. */
export function isExpandable(object: RemoteObject): boolean {
  if (object.type !== 'object' || !object.objectId) return false;
  switch (object.subtype) {
    case 'null':
    case 'date':
    case 'regexp':
    case 'promise':
    case 'proxy':
    case 'weakmap':
    case 'weakset':
    case 'arraybuffer':
    case 'generator':
      return false;
    default:
      return object.className !== 'global';
  }
}

/** DAP variables for entries, rendered with one batched read of the details they need. */
async function toVariables(
  cdp: CdpConnection,
  entries: Entry[],
  makeReference: ReferenceMaker,
): Promise<DebugProtocol.Variable[]> {
  const details = await readDetails(
    cdp,
    entries.map((entry) => entry.value),
  );
  return entries.map((entry, index) => describeEntry(entry, details[index], makeReference));
}

function describeEntry(
  entry: Entry,
  details: ValueDetails | undefined,
  makeReference: ReferenceMaker,
): DebugProtocol.Variable {
  if (entry.value === null) {
    return {
      name: entry.name,
      value: entry.accessor ?? '[Getter]',
      variablesReference: 0,
      ...(entry.evaluateName !== undefined ? { evaluateName: entry.evaluateName } : {}),
      presentationHint: { kind: 'property' },
    };
  }
  return describeValue(entry.name, entry.value, entry.evaluateName, details, makeReference);
}

export function describeValue(
  name: string,
  value: RemoteObject,
  evaluateName: string | undefined,
  details: ValueDetails | undefined,
  makeReference: ReferenceMaker,
): DebugProtocol.Variable {
  const variable: DebugProtocol.Variable = {
    name,
    value: formatValue(value, details),
    type: typeName(value),
    variablesReference: isExpandable(value) ? makeReference({ kind: 'object', object: value, evaluateName }) : 0,
  };
  if (evaluateName !== undefined) variable.evaluateName = evaluateName;
  if (variable.variablesReference > 0) {
    const size = sizeOf(value);
    if (
      (value.subtype === 'array' || value.subtype === 'typedarray' || value.subtype === 'set') &&
      size !== undefined
    ) {
      variable.indexedVariables = size;
    }
  }
  return variable;
}

function page<T>(items: T[], request: ChildFilter): T[] {
  const start = Math.max(0, request.start ?? 0);
  const count = request.count && request.count > 0 ? request.count : undefined;
  return count === undefined ? items.slice(start) : items.slice(start, start + count);
}

function applyFilter(entries: Entry[], request: ChildFilter): Entry[] {
  if (request.filter === 'indexed')
    return page(
      entries.filter((entry) => entry.indexed),
      request,
    );
  if (request.filter === 'named')
    return page(
      entries.filter((entry) => !entry.indexed),
      request,
    );
  return page(entries, request);
}

function propertyEntry(property: PropertyDescriptor, parent: string | undefined, indexedKeys: boolean): Entry {
  const symbolic = property.symbol !== undefined;
  const name = symbolic ? `[${property.symbol!.description ?? property.name}]` : property.name;
  const evaluateName = symbolic ? undefined : memberName(parent, property.name);
  const indexed = indexedKeys && !symbolic && INDEX.test(property.name);
  if (property.value === undefined && (property.get !== undefined || property.set !== undefined)) {
    return { name, value: null, accessor: accessorKind(property), evaluateName, indexed };
  }
  return { name, value: property.value ?? { type: 'undefined' }, evaluateName, indexed };
}

/** The children of a container, filtered and paged as the request asks. */
export async function listChildren(
  cdp: CdpConnection,
  container: Container,
  request: ChildFilter,
  makeReference: ReferenceMaker,
): Promise<DebugProtocol.Variable[]> {
  if (container.kind === 'scope') return describeScope(await readScope(cdp, container), request, makeReference);
  const { entries, paged } = await objectEntries(cdp, container.object, container.evaluateName, request);
  return toVariables(cdp, paged ? entries : applyFilter(entries, request), makeReference);
}

/** A scope's variables as read from the debuggee, with what rendering them needs, before any handle is given out. */
export interface ScopeRead {
  entries: Entry[];
  details: Array<ValueDetails | undefined>;
}

/** Reads a scope's variables (and the details of functions and dates among them). */
export async function readScope(cdp: CdpConnection, scope: Extract<Container, { kind: 'scope' }>): Promise<ScopeRead> {
  const entries = await scopeEntries(cdp, scope);
  return {
    entries,
    details: await readDetails(
      cdp,
      entries.map((entry) => entry.value),
    ),
  };
}

/** A scope's variables read before, filtered and paged as the request asks. */
export function describeScope(
  read: ScopeRead,
  request: ChildFilter,
  makeReference: ReferenceMaker,
): DebugProtocol.Variable[] {
  const details = new Map(read.entries.map((entry, index) => [entry, read.details[index]]));
  return applyFilter(read.entries, request).map((entry) => describeEntry(entry, details.get(entry), makeReference));
}

async function scopeEntries(cdp: CdpConnection, scope: Extract<Container, { kind: 'scope' }>): Promise<Entry[]> {
  const { result } = await cdp.send('Runtime.getProperties', {
    objectId: scope.objectId,
    ownProperties: true,
    generatePreview: true,
  });
  const entries: Entry[] = [];
  if (scope.thisObject) entries.push({ name: 'this', value: scope.thisObject, evaluateName: 'this', indexed: false });
  if (scope.returned)
    entries.push({
      name: `(return) ${scope.returned.name}`,
      value: scope.returned.value,
      evaluateName: undefined,
      indexed: false,
    });
  for (const property of result) {
    if (property.symbol !== undefined) continue;
    if (scope.hideBuiltins && BUILTIN_GLOBALS.has(property.name)) continue;
    const entry = propertyEntry(property, undefined, false);
    entry.evaluateName = IDENTIFIER.test(property.name) ? property.name : undefined;
    entries.push(entry);
  }
  return entries;
}

/** An object's children; `paged` when they are already the requested page of a long array. */
async function objectEntries(
  cdp: CdpConnection,
  object: RemoteObject,
  parent: string | undefined,
  request: ChildFilter,
): Promise<{ entries: Entry[]; paged: boolean }> {
  const objectId = object.objectId!;
  const isArray = object.subtype === 'array' || object.subtype === 'typedarray';
  const length = sizeOf(object) ?? 0;

  // Long arrays: read only the requested slice of indices (or only the named properties).
  if (isArray && length > SLICE_THRESHOLD && request.filter === 'indexed')
    return { entries: await arraySlice(cdp, object, parent, request), paged: true };
  if (isArray && length > SLICE_THRESHOLD && request.filter === 'named') {
    const { result } = await cdp.send('Runtime.getProperties', {
      objectId,
      ownProperties: true,
      generatePreview: true,
      nonIndexedPropertiesOnly: true,
    });
    const named = result.filter(
      (property) => property.enumerable && property.name !== 'length' && !INDEX.test(property.name),
    );
    return {
      entries: page(
        named.map((property) => propertyEntry(property, parent, false)),
        request,
      ),
      paged: true,
    };
  }

  const { result, internalProperties, privateProperties } = await cdp.send('Runtime.getProperties', {
    objectId,
    ownProperties: true,
    generatePreview: true,
  });
  const entries: Entry[] = [];
  if (object.subtype === 'map' || object.subtype === 'set') {
    const list = internalProperties?.find((property) => property.name === '[[Entries]]')?.value;
    if (list?.objectId) entries.push(...(await collectionEntries(cdp, list.objectId, object.subtype, parent)));
  }
  const isError = object.subtype === 'error';
  for (const property of result) {
    // util.inspect shows own enumerable properties; an error's message is worth showing too.
    if (!property.enumerable && !(isError && property.name === 'message')) continue;
    if (isArray && property.name === 'length') continue;
    if (object.subtype === 'typedarray' && !INDEX.test(property.name)) continue;
    entries.push(propertyEntry(property, parent, isArray));
  }
  for (const property of privateProperties ?? []) {
    const evaluateName = parent === undefined ? undefined : `${parent}.${property.name}`;
    if (property.value === undefined && (property.get || property.set)) {
      entries.push({
        name: property.name,
        value: null,
        accessor: accessorKind(property),
        evaluateName,
        indexed: false,
      });
    } else {
      entries.push({
        name: property.name,
        value: property.value ?? { type: 'undefined' },
        evaluateName,
        indexed: false,
      });
    }
  }
  return { entries, paged: false };
}

/** The text a DAP client sees for a thrown value: `TypeError: boom`, or the rendered value. */
export function describeThrown(value: RemoteObject | undefined): string {
  if (!value) return 'undefined';
  if (value.type === 'object' && value.subtype === 'error') return formatValue(value);
  if (value.type === 'string') return String(value.value ?? '');
  return formatValue(value);
}
