import { randomBytes } from "node:crypto";
import { DataSource, IsNull, Repository } from "typeorm";
import { Role } from "../../auth/roles";
import { ConflictError, NotFoundError, ValidationError } from "../../common/errors";
import { deleteOnce, moveIfStill } from "../../common/move-once";
import * as check from "../../common/validate";
import type { User } from "../users/user.entity";
import { WebhookDelivery } from "./webhook-delivery.entity";
import { WebhookEndpoint } from "./webhook-endpoint.entity";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./webhook-events";

const SECRET_MARK = "whsec_";
const ENDPOINTS_PER_USER = 10;
const DELIVERIES_SHOWN = 50;
/** What one replay may send again: a week of events, a thousand deliveries. */
const REPLAY_SPAN_MS = 7 * 24 * 3_600_000;
const REPLAY_MOST = 1_000;
/** After a rotation the old secret still signs for a day, so receivers can switch without missing events. */
export const ROTATION_GRACE_MS = 24 * 3_600_000;

export interface CreatedWebhookEndpoint {
  endpoint: WebhookEndpoint;
  /** The signing secret: shown once, at creation or rotation. */
  secret: string;
}

const newSecret = () => `${SECRET_MARK}${randomBytes(24).toString("base64url")}`;

/** Users' webhook endpoints and the events written for them; the dispatcher sends what is due. */
export class WebhooksService {
  private readonly endpoints: Repository<WebhookEndpoint>;
  private readonly deliveries: Repository<WebhookDelivery>;

  constructor(
    dataSource: DataSource,
    /** Production's rule: https:// only (and public addresses, checked at delivery). */
    private readonly httpsOnly: boolean,
  ) {
    this.endpoints = dataSource.getRepository(WebhookEndpoint);
    this.deliveries = dataSource.getRepository(WebhookDelivery);
  }

  async create(owner: User, input: { url?: unknown; eventTypes?: unknown }): Promise<CreatedWebhookEndpoint> {
    const url = this.endpointUrl(input.url);
    const eventTypes = eventTypesOf(input.eventTypes);
    if ((await this.endpoints.countBy({ userId: owner.id })) >= ENDPOINTS_PER_USER) throw new ConflictError(`You can have at most ${ENDPOINTS_PER_USER} webhook endpoints: delete one first`, "url");
    const secret = newSecret();
    const saved = await this.endpoints.save(this.endpoints.create({ userId: owner.id, url, eventTypes: eventTypes.join(","), secret }));
    return { endpoint: await this.endpoints.findOneByOrFail({ id: saved.id }), secret };
  }

  async update(actor: User, id: unknown, input: { url?: unknown; eventTypes?: unknown; enabled?: unknown }): Promise<WebhookEndpoint> {
    const endpoint = await this.findOwn(actor, id);
    if (input.url !== undefined && input.url !== null) endpoint.url = this.endpointUrl(input.url);
    if (input.eventTypes !== undefined && input.eventTypes !== null) endpoint.eventTypes = eventTypesOf(input.eventTypes).join(",");
    const enabled = check.flag("enabled", input.enabled, null);
    const manager = this.endpoints.manager;
    await this.endpoints.update({ id: endpoint.id }, { url: endpoint.url, eventTypes: endpoint.eventTypes, ...(enabled === true ? { disabledAt: null, failingSince: null } : {}) });
    // Turned off once, from when it first was: turning off what is off (twice at once too) changes nothing.
    if (enabled === false) await moveIfStill(manager, WebhookEndpoint, { id: endpoint.id, disabledAt: IsNull() }, { disabledAt: new Date() });
    return this.findOwn(actor, endpoint.id);
  }

  async remove(actor: User, id: unknown): Promise<WebhookEndpoint> {
    const endpoint = await this.findOwn(actor, id);
    await deleteOnce(this.endpoints.manager, WebhookEndpoint, { id: endpoint.id }, "This webhook endpoint was deleted meanwhile");
    return endpoint;
  }

  /** A new secret, shown once; the old one goes on signing beside it for the grace period. */
  async rotateSecret(actor: User, id: unknown, nowMs = Date.now()): Promise<CreatedWebhookEndpoint> {
    const endpoint = await this.findOwn(actor, id);
    const { secret: previous } = await this.endpoints.createQueryBuilder("e").addSelect("e.secret").where("e.id = :id", { id: endpoint.id }).getOneOrFail();
    const secret = newSecret();
    endpoint.previousSecretUntil = new Date(nowMs + ROTATION_GRACE_MS);
    await this.endpoints.update({ id: endpoint.id }, { secret, previousSecret: previous, previousSecretUntil: endpoint.previousSecretUntil });
    return { endpoint, secret };
  }

  listOwn(owner: User): Promise<WebhookEndpoint[]> {
    return this.endpoints.find({ where: { userId: owner.id }, order: { id: "DESC" } });
  }

  /** The latest deliveries to one of the caller's endpoints, newest first. */
  async deliveriesOf(actor: User, endpointId: unknown): Promise<WebhookDelivery[]> {
    const endpoint = await this.findOwn(actor, endpointId);
    return this.deliveries.find({ where: { endpointId: endpoint.id }, order: { id: "DESC" }, take: DELIVERIES_SHOWN });
  }

  /** Sends a delivery again at the dispatcher's next pass, whatever became of it, and turns its endpoint back on. */
  async redeliver(actor: User, deliveryId: unknown, nowMs = Date.now()): Promise<WebhookDelivery> {
    const delivery = await this.deliveries.findOneBy({ id: check.positiveId("id", deliveryId) });
    if (!delivery) throw new NotFoundError("Webhook delivery");
    const endpoint = await this.findOwn(actor, delivery.endpointId).catch(() => {
      throw new NotFoundError("Webhook delivery");
    });
    if (endpoint.disabledAt) await this.endpoints.update({ id: endpoint.id }, { disabledAt: null, failingSince: null });
    Object.assign(delivery, { status: "pending", nextAttemptAt: new Date(nowMs) });
    await this.deliveries.update({ id: delivery.id }, { status: "pending", nextAttemptAt: delivery.nextAttemptAt });
    return delivery;
  }

  /**
   * Sends again, at the dispatcher's next pass, every event of one endpoint created from `from` up to
   * `to` (only those whose retries ran out, with `failedOnly`), and turns the endpoint back on: how a
   * receiver that lost or rejected events catches up. Answers how many it will send.
   */
  async redeliverRange(actor: User, endpointId: unknown, input: { from?: unknown; to?: unknown; failedOnly?: unknown }, nowMs = Date.now()): Promise<number> {
    const endpoint = await this.findOwn(actor, endpointId);
    const from = check.instant("from", input.from);
    const to = check.instant("to", input.to);
    if (to.getTime() <= from.getTime()) throw new ValidationError("to", "to must come after from");
    if (to.getTime() - from.getTime() > REPLAY_SPAN_MS) throw new ValidationError("to", "A replay covers at most 7 days: send the rest with another");
    const range = `endpoint_id = :endpointId AND created_at >= :from AND created_at < :to${check.flag("failedOnly", input.failedOnly, false) ? " AND status = 'failed'" : ""}`;
    const parameters = { endpointId: endpoint.id, from, to };
    const count = await this.deliveries.createQueryBuilder().where(range, parameters).getCount();
    if (count > REPLAY_MOST) throw new ValidationError("from", `${count} deliveries fall in this range, and a replay sends at most ${REPLAY_MOST}: narrow it`);
    if (count === 0) return 0;
    if (endpoint.disabledAt) await this.endpoints.update({ id: endpoint.id }, { disabledAt: null, failingSince: null });
    await this.deliveries.createQueryBuilder().update().set({ status: "pending", nextAttemptAt: new Date(nowMs) }).where(range, parameters).execute();
    return count;
  }

  /** An admin sees and manages anyone's endpoints; everyone else only their own, and others' do not exist for them. */
  private async findOwn(actor: User, id: unknown): Promise<WebhookEndpoint> {
    const endpointId = check.positiveId("id", id);
    const endpoint = await this.endpoints.findOneBy(actor.role === Role.ADMIN ? { id: endpointId } : { id: endpointId, userId: actor.id });
    if (!endpoint) throw new NotFoundError("Webhook endpoint");
    return endpoint;
  }

  private endpointUrl(value: unknown): string {
    const url = check.httpUrl("url", value);
    if (this.httpsOnly && !url.startsWith("https://")) throw new ValidationError("url", "url must start with https://");
    return url;
  }
}

function eventTypesOf(value: unknown): WebhookEventType[] {
  if (!Array.isArray(value) || value.length === 0) throw new ValidationError("eventTypes", `eventTypes must list at least one of: ${WEBHOOK_EVENT_TYPES.join(", ")}`);
  return [...new Set(value.map((type) => check.oneOf("eventTypes", type, WEBHOOK_EVENT_TYPES)))];
}
