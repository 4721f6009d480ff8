// CDP RemoteObjects rendered as short, stable strings close to what Node's util.inspect prints:
// 42, 'text', [ 1, 'two' ], Cart { items: [...], owner: 'ann' }, Map(1) { 'n' => 2 }, [Function: f].
// One level of contents comes from V8's preview; anything nested deeper is abbreviated ([...], {...})
// and shown in full as a child variable. Nothing here runs code in the debuggee.
import type { ObjectPreview, PropertyPreview, RemoteObject } from './cdp-types.js';

/** Facts the preview does not carry, read separately (see inspection.ts). */
export interface ValueDetails {
  /** A function's own `name`, and its prototype's `name` for `class X extends Base`. */
  functionName?: string;
  baseName?: string;
  /** A Date's exact ISO string (V8's description has no milliseconds). */
  isoDate?: string;
  /** Own accessor properties: which have a getter, a setter or both (the preview only says "accessor"). */
  accessors?: ReadonlyMap<string, AccessorKind>;
  /** Names of the own enumerable properties in order (read with `accessors`: previews leave out setter-only ones). */
  ownOrder?: readonly string[];
}

export type AccessorKind = '[Getter]' | '[Setter]' | '[Getter/Setter]';

const MAX_STRING = 10_000;
const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u;

/** A string literal as util.inspect writes it: single quotes unless the text holds them. */
export function quoteString(text: string, maxLength = MAX_STRING): string {
  let body = text;
  let suffix = '';
  if (body.length > maxLength) {
    const rest = body.length - maxLength;
    body = body.slice(0, maxLength);
    suffix = `... ${rest} more character${rest === 1 ? '' : 's'}`;
  }
  let quote = "'";
  if (body.includes("'")) {
    if (!body.includes('"')) quote = '"';
    else if (!body.includes('`') && !body.includes('${')) quote = '`';
  }
  let out = '';
  for (const char of body) {
    const code = char.codePointAt(0)!;
    if (char === quote || char === '\\') out += `\\${char}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\t') out += '\\t';
    else if (char === '\r') out += '\\r';
    else if (char === '\b') out += '\\b';
    else if (char === '\f') out += '\\f';
    else if (code < 0x20 || (code >= 0x7f && code <= 0x9f))
      out += `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`;
    else if (code >= 0xd800 && code <= 0xdfff) out += `\\u${code.toString(16).toUpperCase()}`;
    else out += char;
  }
  return `${quote}${out}${quote}${suffix}`;
}

/** A property key as util.inspect writes it inside braces. */
export function formatKey(name: string): string {
  if (IDENTIFIER.test(name)) return name;
  if (/^Symbol\(.*\)$/s.test(name)) return `[${name}]`;
  return quoteString(name);
}

/** `Error: message` out of V8's description of an error (its stack). */
export function errorSummary(description: string | undefined, className = 'Error'): string {
  if (!description) return className;
  const at = description.search(/\n\s+at /);
  return (at >= 0 ? description.slice(0, at) : description).trim() || className;
}

/** The JavaScript type name of a value: number, string, ..., or the class name of an object. */
export function typeName(object: RemoteObject): string {
  if (object.type === 'object') return object.subtype === 'null' ? 'null' : (object.className ?? 'Object');
  return object.type;
}

function collectionSize(description: string | undefined): number | undefined {
  const match = /\((\d+)\)$/.exec(description ?? '');
  return match ? Number(match[1]) : undefined;
}

/** Length of an array / typed array or size of a Map / Set, from V8's description ("Array(3)"). */
export function sizeOf(object: RemoteObject): number | undefined {
  return collectionSize(object.description);
}

/** ISO text of a date from V8's description; seconds only, since the description has no milliseconds. */
function isoFromDescription(description: string | undefined): string {
  const time = Date.parse(description ?? '');
  if (Number.isNaN(time)) return 'Invalid Date';
  return new Date(time).toISOString().replace('.000Z', 'Z');
}

function primitive(object: RemoteObject): string | undefined {
  switch (object.type) {
    case 'undefined':
      return 'undefined';
    case 'string':
      return quoteString(String(object.value ?? ''));
    case 'number':
      return object.unserializableValue ?? object.description ?? String(object.value);
    case 'boolean':
      return String(object.value);
    case 'bigint':
      return object.unserializableValue ?? object.description ?? `${String(object.value)}n`;
    case 'symbol':
      return object.description ?? 'Symbol()';
    default:
      return object.type === 'object' && object.subtype === 'null' ? 'null' : undefined;
  }
}

function functionKind(className: string | undefined): string {
  return className === 'AsyncFunction' || className === 'GeneratorFunction' || className === 'AsyncGeneratorFunction'
    ? className
    : 'Function';
}

/** A function's name guessed from its source text, when it was not read from the function itself. */
function nameFromSource(source: string): string {
  const match = /^(?:async\s+)?(?:function\s*\*?\s*|class\s+)([\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*)/u.exec(
    source,
  );
  return match ? match[1]! : '';
}

function formatFunction(object: RemoteObject, details: ValueDetails | undefined): string {
  const source = object.description ?? '';
  const name = details?.functionName ?? nameFromSource(source);
  if (/^class[\s{]/.test(source)) {
    const base = details?.baseName ? ` extends ${details.baseName}` : '';
    return `[class ${name || '(anonymous)'}${base}]`;
  }
  const kind = functionKind(object.className);
  return name ? `[${kind}: ${name}]` : `[${kind} (anonymous)]`;
}

/** A value nested inside a preview: primitives in full, containers abbreviated. */
function formatNested(property: PropertyPreview, details: ValueDetails | undefined): string {
  switch (property.type) {
    case 'accessor':
      return details?.accessors?.get(property.name) ?? '[Getter]';
    case 'string':
      return quoteString(property.value ?? '');
    case 'undefined':
      return 'undefined';
    case 'function':
      return '[Function]';
    case 'object':
      return abbreviatedObject(property.subtype, property.value ?? 'Object');
    default:
      return property.value ?? property.type;
  }
}

function abbreviatedObject(subtype: string | undefined, description: string): string {
  switch (subtype) {
    case 'null':
      return 'null';
    case 'array':
      return collectionSize(description) === 0 ? '[]' : '[...]';
    case 'typedarray':
      return collectionSize(description) === 0 ? `${description} []` : `${description} [...]`;
    case 'map':
    case 'set':
      return collectionSize(description) === 0 ? `${description} {}` : `${description} {...}`;
    case 'date':
      return isoFromDescription(description);
    case 'regexp':
    case 'proxy':
      return description;
    case 'error':
      return errorSummary(description);
    default:
      return description === 'Object' ? '{...}' : `${description} {...}`;
  }
}

/** An object preview used as a whole value (a Map entry's key or value). */
function formatPreviewValue(preview: ObjectPreview): string {
  switch (preview.type) {
    case 'string':
      return quoteString(preview.description ?? '');
    case 'undefined':
      return 'undefined';
    case 'function':
      return '[Function]';
    case 'object':
      if (preview.subtype === 'null') return 'null';
      if (preview.subtype === 'array' || preview.subtype === 'typedarray') {
        return bracketed(
          preview.subtype === 'array' ? '' : `${preview.description ?? ''} `,
          arrayItems(preview, undefined),
        );
      }
      if (
        preview.subtype === 'map' ||
        preview.subtype === 'set' ||
        preview.subtype === 'date' ||
        preview.subtype === 'regexp' ||
        preview.subtype === 'error'
      ) {
        return abbreviatedObject(preview.subtype, preview.description ?? '');
      }
      return braced(prefixFor(preview.description), propertyItems(preview, undefined));
    default:
      return preview.description ?? preview.type;
  }
}

function prefixFor(className: string | undefined): string {
  return !className || className === 'Object' ? '' : `${className} `;
}

function bracketed(prefix: string, items: string[]): string {
  return items.length === 0 ? `${prefix}[]` : `${prefix}[ ${items.join(', ')} ]`;
}

function braced(prefix: string, items: string[]): string {
  return items.length === 0 ? `${prefix}{}` : `${prefix}{ ${items.join(', ')} }`;
}

function propertyItems(preview: ObjectPreview, details: ValueDetails | undefined): string[] {
  if (details?.ownOrder && details.accessors) {
    const shown = new Map(preview.properties.map((property) => [property.name, property]));
    const items: string[] = [];
    for (const name of details.ownOrder) {
      const accessor = details.accessors.get(name);
      const property = shown.get(name);
      if (accessor) items.push(`${formatKey(name)}: ${accessor}`);
      else if (property) items.push(`${formatKey(name)}: ${formatNested(property, details)}`);
      else {
        // Past what the preview holds.
        items.push('...');
        break;
      }
    }
    return items;
  }
  const items = preview.properties.map((property) => `${formatKey(property.name)}: ${formatNested(property, details)}`);
  if (preview.overflow) items.push('...');
  return items;
}

function arrayItems(preview: ObjectPreview, length: number | undefined, namedToo = true): string[] {
  const items: string[] = [];
  let next = 0;
  for (const property of preview.properties) {
    if (/^(?:0|[1-9]\d*)$/.test(property.name)) {
      const index = Number(property.name);
      if (index > next) items.push(emptyItems(index - next));
      items.push(formatNested(property, undefined));
      next = index + 1;
    } else if (namedToo && property.name !== 'length') {
      items.push(`${formatKey(property.name)}: ${formatNested(property, undefined)}`);
    }
  }
  if (length !== undefined && length > next) {
    const rest = length - next;
    if (preview.overflow) items.push(`... ${rest} more item${rest === 1 ? '' : 's'}`);
    else items.push(emptyItems(rest));
  } else if (preview.overflow) {
    items.push('...');
  }
  return items;
}

function emptyItems(count: number): string {
  return `<${count} empty item${count === 1 ? '' : 's'}>`;
}

function entryItems(preview: ObjectPreview, withKeys: boolean): string[] {
  const items = (preview.entries ?? []).map((entry) =>
    withKeys && entry.key
      ? `${formatPreviewValue(entry.key)} => ${formatPreviewValue(entry.value)}`
      : formatPreviewValue(entry.value),
  );
  if (preview.overflow) items.push('...');
  return items;
}

function formatPromise(preview: ObjectPreview | undefined): string {
  const state = preview?.properties.find((property) => property.name === '[[PromiseState]]')?.value;
  const result = preview?.properties.find((property) => property.name === '[[PromiseResult]]');
  if (state === 'pending' || !result) return 'Promise { <pending> }';
  const value = formatNested(result, undefined);
  return state === 'rejected' ? `Promise { <rejected> ${value} }` : `Promise { ${value} }`;
}

function formatObject(object: RemoteObject, details: ValueDetails | undefined): string {
  const preview = object.preview;
  const description = object.description ?? object.className ?? 'Object';
  switch (object.subtype) {
    case 'array':
      return preview ? bracketed('', arrayItems(preview, sizeOf(object))) : sizeOf(object) === 0 ? '[]' : '[...]';
    case 'typedarray':
      return preview
        ? bracketed(`${description} `, arrayItems(preview, sizeOf(object), false))
        : `${description} [...]`;
    case 'map':
      return preview ? braced(`${description} `, entryItems(preview, true)) : `${description} {...}`;
    case 'set':
      return preview ? braced(`${description} `, entryItems(preview, false)) : `${description} {...}`;
    case 'weakmap':
    case 'weakset':
      return `${object.className ?? description} { <items unknown> }`;
    case 'date':
      return details?.isoDate ?? isoFromDescription(object.description);
    case 'regexp':
    case 'proxy':
      return description;
    case 'error':
      return errorSummary(object.description, object.className);
    case 'promise':
      return formatPromise(preview);
    case 'arraybuffer':
      return `ArrayBuffer { byteLength: ${sizeOf(object) ?? 0} }`;
    default:
      break;
  }
  if (object.className === 'global') return 'Object [global]';
  if (!preview) return braced(prefixFor(object.className), ['...']);
  return braced(prefixFor(object.className), propertyItems(preview, details));
}

/** The rendered value of a variable. */
export function formatValue(object: RemoteObject, details?: ValueDetails): string {
  const simple = primitive(object);
  if (simple !== undefined) return simple;
  if (object.type === 'function') return formatFunction(object, details);
  return formatObject(object, details);
}

/** Values whose rendering needs facts read from the debuggee (see ValueDetails). */
export function needsDetails(object: RemoteObject): 'function' | 'date' | 'accessors' | null {
  if (!object.objectId) return null;
  if (object.type === 'function') return 'function';
  if (object.type === 'object' && object.subtype === 'date') return 'date';
  if (object.type === 'object' && object.preview?.properties.some((property) => property.type === 'accessor'))
    return 'accessors';
  return null;
}
