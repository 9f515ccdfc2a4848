import { AsyncLocalStorage } from "node:async_hooks";

/** Who is acting in this request and from where: the audit log reads it wherever a service records. */
export interface AuditScope {
  actorId: number | null;
  actorEmail: string | null;
  ip: string | null;
}

const storage = new AsyncLocalStorage<AuditScope>();

/** Runs `next` (the rest of a request) with a scope that the request's authentication fills in. */
export function runInAuditScope(ip: string, next: () => void): void {
  storage.run({ actorId: null, actorEmail: null, ip }, next);
}

/** Names the request's actor once the bearer token or API key is read. */
export function setAuditActor(actor: { id: number; email: string } | null): void {
  const scope = storage.getStore();
  if (scope && actor) Object.assign(scope, { actorId: actor.id, actorEmail: actor.email });
}

export function currentAuditScope(): AuditScope {
  return storage.getStore() ?? { actorId: null, actorEmail: null, ip: null };
}
