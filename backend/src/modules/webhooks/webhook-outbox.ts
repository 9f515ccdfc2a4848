import { randomBytes } from "node:crypto";
import { type EntityManager, IsNull } from "typeorm";
import { WebhookDelivery } from "./webhook-delivery.entity";
import { WebhookEndpoint } from "./webhook-endpoint.entity";
import { NotificationKind, type Notify } from "../notifications/notification-kinds";
import { EVENT_OF_NOTIFICATION, type WebhookEventType } from "./webhook-events";

/** What an event tells of the object it is about. */
export interface WebhookObject {
  type: string;
  id: number;
  [field: string]: unknown;
}

/** An event's key in the outbox: one moment, told by any number of processes, is one event. */
export const webhookEventKey = (type: WebhookEventType, momentKey: string) => `${type}:${momentKey}`;

export const newEventId = () => `evt_${randomBytes(12).toString("hex")}`;

/**
 * Writes the event to the outbox of every live endpoint of this user that wants it, with the
 * manager of the change it tells of, so the event is committed exactly when the change is (and the
 * dispatcher sends it at least once). `key` makes a moment seen by several processes one event.
 */
export async function writeWebhookEvent(manager: EntityManager, userId: number, type: WebhookEventType, object: WebhookObject, options: { key?: string; nowMs?: number } = {}): Promise<void> {
  const { key, nowMs = Date.now() } = options;
  const endpoints = (await manager.getRepository(WebhookEndpoint).findBy({ userId, disabledAt: IsNull() })).filter((endpoint) => endpoint.eventTypes.split(",").includes(type));
  for (const endpoint of endpoints) {
    const eventId = newEventId();
    const payload = JSON.stringify({ id: eventId, type, created_at: new Date(nowMs).toISOString(), data: { object } });
    await manager
      .createQueryBuilder()
      .insert()
      .into(WebhookDelivery)
      .values({ endpointId: endpoint.id, eventId, eventKey: key ?? eventId, eventType: type, payload, status: "pending", nextAttemptAt: new Date(nowMs) })
      .orIgnore()
      .execute();
  }
}

/** The notification hook: each moment that e-mails its user is also their webhook event, written with its change. */
export const webhookOfNotification: Notify = async (manager, userId, kind, facts, options = {}) => {
  const type = EVENT_OF_NOTIFICATION[kind];
  if (!type || !options.about) return;
  const review = kind === NotificationKind.CREATIVE_APPROVED ? { status: "approved" } : kind === NotificationKind.CREATIVE_REJECTED ? { status: "rejected" } : {};
  await writeWebhookEvent(manager, userId, type, { ...options.about, ...facts, ...review }, { key: options.dedupeKey && webhookEventKey(type, options.dedupeKey) });
};
