/**
 * Decoding a consent string costs more than the rest of an ad request's checks, and a page sends the
 * same string with every ad: a small LRU keyed by the string keeps the decoded answer. A Map keeps
 * insertion order, so re-inserting on a hit makes the oldest key the least recently used.
 */
export class DecodedCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly capacity: number) {}

  get(key: string, decode: (key: string) => T): T {
    const known = this.entries.get(key);
    if (known !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, known);
      return known;
    }
    const decoded = decode(key);
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, decoded);
    return decoded;
  }
}
