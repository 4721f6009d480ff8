// What a preview lacks for rendering a Node value, read from the paused process: a function's own
// name and its base class's, a date to the millisecond, an object's accessor kinds and own key order
// (value-format.ts renders with them). One batched call covers the functions and dates of a listing.
import type { CdpConnection } from './cdp-connection.js';
import type { RemoteObject } from './cdp-types.js';
import { needsDetails, type AccessorKind, type ValueDetails } from './value-format.js';

export function accessorKind(descriptor: { get?: RemoteObject; set?: RemoteObject }): AccessorKind {
  const hasGet = descriptor.get !== undefined && descriptor.get.type !== 'undefined';
  const hasSet = descriptor.set !== undefined && descriptor.set.type !== 'undefined';
  return hasGet && hasSet ? '[Getter/Setter]' : hasSet ? '[Setter]' : '[Getter]';
}

// Runs in the debuggee over values passed as arguments. It reads own data properties and calls only
// built-in Date methods, so no program code (getters, proxies aside) runs.
const DETAILS_FUNCTION = `function () {
  const out = [];
  for (let i = 0; i < arguments.length; i++) {
    const value = arguments[i];
    try {
      if (typeof value === 'function') {
        const own = Object.getOwnPropertyDescriptor(value, 'name');
        const base = Object.getPrototypeOf(value);
        const baseOwn = typeof base === 'function' ? Object.getOwnPropertyDescriptor(base, 'name') : undefined;
        out.push([own && typeof own.value === 'string' ? own.value : '', baseOwn && typeof baseOwn.value === 'string' ? baseOwn.value : '']);
      } else {
        const time = Date.prototype.getTime.call(value);
        out.push([time === time ? Date.prototype.toISOString.call(value) : 'Invalid Date']);
      }
    } catch (error) {
      out.push(null);
    }
  }
  return out;
}`;

/** Reads what previews lack for rendering: function names, exact dates, accessor kinds. */
export async function readDetails(
  cdp: CdpConnection,
  objects: ReadonlyArray<RemoteObject | null>,
): Promise<Array<ValueDetails | undefined>> {
  const details: Array<ValueDetails | undefined> = objects.map(() => undefined);
  const batch: number[] = [];
  const accessorReads: Array<Promise<void>> = [];
  objects.forEach((object, index) => {
    if (!object) return;
    const need = needsDetails(object);
    if (need === 'function' || need === 'date') batch.push(index);
    else if (need === 'accessors') {
      accessorReads.push(
        cdp
          .send('Runtime.getProperties', { objectId: object.objectId!, ownProperties: true })
          .then(({ result }) => {
            const kinds = new Map<string, AccessorKind>();
            for (const property of result)
              if (property.value === undefined && (property.get || property.set))
                kinds.set(property.name, accessorKind(property));
            const ownOrder = result
              .filter((property) => property.enumerable && property.symbol === undefined)
              .map((property) => property.name);
            details[index] = { accessors: kinds, ownOrder };
          })
          .catch(() => undefined),
      );
    }
  });
  if (batch.length > 0) {
    const first = objects[batch[0]!]!;
    try {
      const { result } = await cdp.send('Runtime.callFunctionOn', {
        functionDeclaration: DETAILS_FUNCTION,
        objectId: first.objectId!,
        arguments: batch.map((index) => ({ objectId: objects[index]!.objectId! })),
        returnByValue: true,
        silent: true,
      });
      const values = Array.isArray(result.value) ? (result.value as unknown[]) : [];
      batch.forEach((index, position) => {
        const read = values[position];
        if (!Array.isArray(read)) return;
        const object = objects[index]!;
        if (object.type === 'function')
          details[index] = { functionName: String(read[0] ?? ''), baseName: String(read[1] ?? '') };
        else details[index] = { isoDate: String(read[0] ?? '') };
      });
    } catch {
      // The plain renderings (names from source text, dates to the second) will do.
    }
  }
  await Promise.all(accessorReads);
  return details;
}
