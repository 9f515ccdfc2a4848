import { DataSource, IsNull, Repository } from "typeorm";
import { sqlDateTime } from "../../common/db-upsert";
import { moveIfStill } from "../../common/move-once";
import type { Mailer } from "../mail/mailer";
import { renderMail } from "../mail/template";
import type { JobRun, ScheduledJob } from "../scheduler/scheduler";
import { User } from "../users/user.entity";
import { WebhookDelivery } from "./webhook-delivery.entity";
import { WebhookEndpoint } from "./webhook-endpoint.entity";
import { SIGNATURE_HEADER, signatureHeader } from "./webhook-signature";
import { refusedTarget } from "./webhook-target";
import { safeRequest } from "../../outbound/safe-fetch";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/**
 * Waits after each failed attempt: they add up to a little over three days, after which the
 * delivery has failed, so the last attempt of an endpoint down all along turns it off.
 */
export const RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR, 3 * HOUR, 6 * HOUR, ...Array<number>(6).fill(12 * HOUR)];
/** An endpoint failing this long is turned off and its owner told. */
export const DISABLE_AFTER_MS = 3 * 24 * HOUR;
const TIMEOUT_MS = 10_000;
/** What is read of a receiver's answer: enough for an error line, no more. */
const MAX_RESPONSE_BYTES = 16 * 1024;
const BATCH = 50;

interface Attempt {
  statusCode: number | null;
  error: string | null;
  responseMs: number;
}

/**
 * The scheduled job that POSTs due deliveries, signed with the endpoint's live secrets. Runs on
 * one process at a time (the scheduler's lease), so a delivery is sent by one sender; a receiver
 * may still see an event twice (at least once), and dedupes on its id.
 */
export class WebhookDispatcher {
  private readonly deliveries: Repository<WebhookDelivery>;
  private readonly endpoints: Repository<WebhookEndpoint>;
  private readonly users: Repository<User>;

  constructor(
    dataSource: DataSource,
    private readonly mailer: Mailer,
    private readonly options: { publicTargetsOnly: boolean; origin: string },
  ) {
    this.deliveries = dataSource.getRepository(WebhookDelivery);
    this.endpoints = dataSource.getRepository(WebhookEndpoint);
    this.users = dataSource.getRepository(User);
  }

  job(): ScheduledJob {
    return { name: "webhooks", run: (run) => this.dispatchDue(run) };
  }

  async dispatchDue(run: JobRun): Promise<void> {
    // A turned-off endpoint's events wait (redelivering by hand or turning it on sends them), and never hold up the others'.
    const due = await this.deliveries
      .createQueryBuilder("delivery")
      .innerJoin(WebhookEndpoint, "endpoint", "endpoint.id = delivery.endpoint_id AND endpoint.disabled_at IS NULL")
      .where("delivery.status = 'pending' AND delivery.next_attempt_at <= :now", { now: sqlDateTime(run.nowMs) })
      .orderBy("delivery.next_attempt_at", "ASC")
      .limit(BATCH)
      .getMany();
    for (const delivery of due) {
      if (!run.stillHeld()) return;
      const endpoint = await this.endpoints.createQueryBuilder("e").addSelect(["e.secret", "e.previousSecret"]).where("e.id = :id", { id: delivery.endpointId }).getOne();
      if (!endpoint || endpoint.disabledAt) continue;
      await this.record(delivery, endpoint, await this.send(delivery, endpoint, run.nowMs), run.nowMs);
    }
  }

  private async send(delivery: WebhookDelivery, endpoint: WebhookEndpoint, nowMs: number): Promise<Attempt> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const refused = await refusedTarget(endpoint.url, this.options.publicTargetsOnly);
      if (refused) return { statusCode: null, error: refused, responseMs: 0 };
      const secrets = [endpoint.secret, ...(endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil.getTime() > nowMs ? [endpoint.previousSecret] : [])];
      // Sent to the very address checked, so a name that points elsewhere by the time it is called cannot pass.
      const answer = await safeRequest(
        new URL(endpoint.url),
        { production: this.options.publicTargetsOnly, userAgent: "AdNet-Webhooks/1", maxBytes: MAX_RESPONSE_BYTES, timeoutMs: TIMEOUT_MS },
        { method: "POST", headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signatureHeader(secrets, Math.floor(nowMs / 1000), delivery.payload) }, body: delivery.payload },
      );
      if (answer.kind === "error") return { statusCode: null, error: (answer.code ?? answer.reason).slice(0, 500), responseMs: elapsed() };
      if (answer.kind === "body") return { statusCode: answer.status, error: null, responseMs: elapsed() };
      return { statusCode: answer.status, error: `HTTP ${answer.status}`, responseMs: elapsed() };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return { statusCode: null, error: (cause ?? (error as Error).name ?? "error").slice(0, 500), responseMs: elapsed() };
    }
  }

  private async record(delivery: WebhookDelivery, endpoint: WebhookEndpoint, attempt: Attempt, nowMs: number): Promise<void> {
    const attempts = delivery.attempts + 1;
    const at = new Date(nowMs);
    const log = { attempts, lastStatusCode: attempt.statusCode, lastResponseMs: attempt.responseMs, lastError: attempt.error?.slice(0, 500) ?? null, lastAttemptAt: at };
    if (!attempt.error) {
      await this.deliveries.update({ id: delivery.id }, { ...log, status: "delivered", deliveredAt: at, nextAttemptAt: null });
      if (endpoint.failingSince) await this.endpoints.update({ id: endpoint.id }, { failingSince: null });
      return;
    }
    const delay = RETRY_DELAYS_MS[attempts - 1];
    await this.deliveries.update({ id: delivery.id }, delay === undefined ? { ...log, status: "failed", nextAttemptAt: null } : { ...log, nextAttemptAt: new Date(nowMs + delay) });
    if (!endpoint.failingSince) {
      endpoint.failingSince = at;
      await this.endpoints.update({ id: endpoint.id }, { failingSince: at });
    } else if (nowMs - endpoint.failingSince.getTime() >= DISABLE_AFTER_MS) {
      await this.disable(endpoint, at, attempt.error);
    }
  }

  private async disable(endpoint: WebhookEndpoint, at: Date, lastError: string): Promise<void> {
    // Only the pass that turns it off tells its owner: another process's pass may have done so meanwhile.
    if (!(await moveIfStill(this.endpoints.manager, WebhookEndpoint, { id: endpoint.id, disabledAt: IsNull() }, { disabledAt: at }))) return;
    endpoint.disabledAt = at;
    const owner = await this.users.findOneBy({ id: endpoint.userId });
    if (!owner) return;
    await this.mailer.send({
      ...renderMail({
        subject: "A webhook endpoint of yours is turned off",
        greeting: `Hello ${owner.fullName},`,
        paragraphs: [
          `Every delivery to ${endpoint.url} has failed for three days, so AdNet stopped sending to it. The last error: ${lastError}`,
          "Its events are kept: once the endpoint answers again, turn it back on or redeliver them from Settings.",
        ],
        action: { label: "Open your webhook settings", url: `${this.options.origin}/settings` },
        footer: "You get this e-mail because you registered this webhook endpoint on AdNet.",
      }),
      to: owner.email,
      kind: "webhook_disabled",
      userId: owner.id,
      dedupeKey: `webhook_disabled:${endpoint.id}:${at.getTime()}`,
    });
  }
}
