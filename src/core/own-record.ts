/** Sets a key of a record whose keys come from the program: a key `__proto__` must stay a plain key. */
export function setOwn(record: Record<string, string>, key: string, value: string): void {
  // Only `__proto__` is an accessor on Object.prototype; a plain assignment keeps the record fast (a walk sets keys by the million).
  if (key === '__proto__')
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}
