/** Sets a key of a record whose keys come from the program: a key `__proto__` must stay a plain key. */
export function setOwn(record: Record<string, string>, key: string, value: string): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
