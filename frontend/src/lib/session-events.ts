// The GraphQL client is loaded lazily and lives outside React, so it tells the session through this.
const listeners = new Set<() => void>();

/** Calls `listener` whenever the server refuses the stored token; returns the unsubscribe. */
export function onSessionRefused(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function reportSessionRefused(): void {
  for (const listener of listeners) listener();
}
