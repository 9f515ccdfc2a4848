type Waiter<V> = { resolve: (value: V) => void; reject: (error: unknown) => void };

/**
 * Gathers the keys asked for while a GraphQL list resolves and fetches them with one call, so a
 * field on every row of a list costs one query rather than one per row. It keeps what it loaded:
 * make one per request, so no request sees another's answers or outlives a change.
 */
export class BatchLoader<K, V> {
  private readonly loaded = new Map<K, Promise<V>>();
  private waiting = new Map<K, Waiter<V>>();

  /** `fetch` answers the keys it was given; a key it leaves out rejects with `missing(key)`. */
  constructor(
    private readonly fetch: (keys: K[]) => Promise<Map<K, V>>,
    private readonly missing: (key: K) => Error,
  ) {}

  load(key: K): Promise<V> {
    const known = this.loaded.get(key);
    if (known) return known;
    const promise = new Promise<V>((resolve, reject) => {
      if (this.waiting.size === 0) setImmediate(() => void this.dispatch());
      this.waiting.set(key, { resolve, reject });
    });
    this.loaded.set(key, promise);
    return promise;
  }

  // setImmediate runs after every pending promise callback: by then each row of the list has asked.
  private async dispatch(): Promise<void> {
    const batch = this.waiting;
    this.waiting = new Map();
    try {
      const found = await this.fetch([...batch.keys()]);
      for (const [key, waiter] of batch) {
        if (found.has(key)) waiter.resolve(found.get(key) as V);
        else waiter.reject(this.missing(key));
      }
    } catch (error) {
      for (const waiter of batch.values()) waiter.reject(error);
    }
  }
}
