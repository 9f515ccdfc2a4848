import { actorOf, type AppContext } from "../../auth/context";
import { WEBHOOK_EVENT_TYPES } from "./webhook-events";
import { CreatedWebhookEndpointView, WebhookDeliveryView, WebhookEndpointView, WebhookReplayView } from "./webhooks.types";

const created = ({ endpoint, secret }: { endpoint: Parameters<typeof WebhookEndpointView.from>[0]; secret: string }) =>
  Object.assign(new CreatedWebhookEndpointView(), { endpoint: WebhookEndpointView.from(endpoint), secret });

/** What both doors call: the caller's own endpoints (an admin: anyone's), through the one service. */
export const webhookOperations = {
  eventTypes: () => [...WEBHOOK_EVENT_TYPES],
  list: async (context: AppContext) => (await context.services.webhooks.listOwn(actorOf(context))).map(WebhookEndpointView.from),
  create: async (context: AppContext, input: { url?: unknown; eventTypes?: unknown }) => created(await context.services.webhooks.create(actorOf(context), input)),
  update: async (context: AppContext, id: unknown, input: { url?: unknown; eventTypes?: unknown; enabled?: unknown }) =>
    WebhookEndpointView.from(await context.services.webhooks.update(actorOf(context), id, input)),
  remove: async (context: AppContext, id: unknown) => WebhookEndpointView.from(await context.services.webhooks.remove(actorOf(context), id)),
  rotateSecret: async (context: AppContext, id: unknown) => created(await context.services.webhooks.rotateSecret(actorOf(context), id)),
  deliveries: async (context: AppContext, endpointId: unknown) => (await context.services.webhooks.deliveriesOf(actorOf(context), endpointId)).map(WebhookDeliveryView.from),
  redeliver: async (context: AppContext, id: unknown) => WebhookDeliveryView.from(await context.services.webhooks.redeliver(actorOf(context), id)),
  redeliverRange: async (context: AppContext, endpointId: unknown, input: { from?: unknown; to?: unknown; failedOnly?: unknown }) =>
    Object.assign(new WebhookReplayView(), { redelivered: await context.services.webhooks.redeliverRange(actorOf(context), endpointId, input) }),
};
