// The children of a Node scope or object as entries (a child before it is a DAP variable), how a
// member's evaluateName is written in JavaScript, and the entries read by running a small function in
// the paused process: a Map's or Set's entries (by V8's [[Entries]] list) and a slice of a long array.
import type { RemoteObject } from './cdp-types.js';
import type { CdpConnection } from './cdp-connection.js';
import { formatValue, sizeOf, type AccessorKind } from './value-format.js';

/** Which children a variables request asks for (DAP's filter, start and count). */
export interface ChildFilter {
  filter?: 'indexed' | 'named';
  start?: number;
  count?: number;
}

export const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u;
export const INDEX = /^(?:0|[1-9]\d*)$/;

/** A child of a scope or an object, before it is a DAP variable. */
export interface Entry {
  name: string;
  /** The value, or null for an accessor property. */
  value: RemoteObject | null;
  accessor?: AccessorKind;
  evaluateName: string | undefined;
  indexed: boolean;
}

export function memberName(parent: string | undefined, key: string): string | undefined {
  if (parent === undefined) return undefined;
  if (INDEX.test(key)) return `${parent}[${key}]`;
  if (IDENTIFIER.test(key)) return `${parent}.${key}`;
  return `${parent}[${JSON.stringify(key)}]`;
}

// The entries of a Map or Set, flattened by V8's own [[Entries]] list (no Map.prototype method runs).
const FLATTEN_ENTRIES = `function (withKeys) {
  const out = [];
  for (let i = 0; i < this.length; i++) {
    const entry = this[i];
    if (withKeys) out.push(entry.key);
    out.push(entry.value);
  }
  return out;
}`;

export async function collectionEntries(
  cdp: CdpConnection,
  listId: string,
  subtype: 'map' | 'set',
  parent: string | undefined,
): Promise<Entry[]> {
  const withKeys = subtype === 'map';
  const flat = await cdp.send('Runtime.callFunctionOn', {
    functionDeclaration: FLATTEN_ENTRIES,
    objectId: listId,
    arguments: [{ value: withKeys }],
    silent: true,
  });
  if (!flat.result.objectId) return [];
  const { result } = await cdp.send('Runtime.getProperties', {
    objectId: flat.result.objectId,
    ownProperties: true,
    generatePreview: true,
  });
  const items = result.filter((property) => INDEX.test(property.name)).sort((a, b) => Number(a.name) - Number(b.name));
  const values = items.map((property) => property.value ?? ({ type: 'undefined' } as RemoteObject));
  const entries: Entry[] = [];
  if (!withKeys) {
    values.forEach((value, index) => {
      entries.push({
        name: String(index),
        value,
        evaluateName: parent === undefined ? undefined : `[...${parent}][${index}]`,
        indexed: true,
      });
    });
    return entries;
  }
  for (let index = 0; index + 1 < values.length; index += 2) {
    const key = values[index]!;
    const value = values[index + 1]!;
    const position = index / 2;
    const literal = keyLiteral(key);
    const evaluateName =
      parent === undefined
        ? undefined
        : literal !== undefined
          ? `${parent}.get(${literal})`
          : `[...${parent}.values()][${position}]`;
    entries.push({ name: formatValue(key), value, evaluateName, indexed: false });
  }
  return entries;
}

/** A Map key written as a JavaScript literal, when it is a primitive that can be written. */
function keyLiteral(key: RemoteObject): string | undefined {
  switch (key.type) {
    case 'string':
      return JSON.stringify(String(key.value ?? ''));
    case 'number':
      return key.unserializableValue ?? key.description ?? String(key.value);
    case 'bigint':
      return key.unserializableValue ?? key.description;
    case 'boolean':
      return String(key.value);
    case 'undefined':
      return 'undefined';
    case 'object':
      return key.subtype === 'null' ? 'null' : undefined;
    default:
      return undefined;
  }
}

const SLICE_FUNCTION = `function (start, count) {
  const out = [];
  const end = Math.min(this.length, start + count);
  for (let i = start; i < end; i++) out.push(this[i]);
  return out;
}`;

export async function arraySlice(
  cdp: CdpConnection,
  object: RemoteObject,
  parent: string | undefined,
  request: ChildFilter,
): Promise<Entry[]> {
  const start = Math.max(0, request.start ?? 0);
  const count = request.count && request.count > 0 ? request.count : (sizeOf(object) ?? 0) - start;
  const slice = await cdp.send('Runtime.callFunctionOn', {
    functionDeclaration: SLICE_FUNCTION,
    objectId: object.objectId!,
    arguments: [{ value: start }, { value: count }],
    silent: true,
  });
  if (!slice.result.objectId) return [];
  const { result } = await cdp.send('Runtime.getProperties', {
    objectId: slice.result.objectId,
    ownProperties: true,
    generatePreview: true,
  });
  return result
    .filter((property) => INDEX.test(property.name))
    .map((property) => {
      const index = String(start + Number(property.name));
      return {
        name: index,
        value: property.value ?? { type: 'undefined' },
        evaluateName: memberName(parent, index),
        indexed: true,
      };
    });
}
