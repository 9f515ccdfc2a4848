import { callerRoute, idRoute, mirroring, type Route } from "../../common/rest-route";
import { WebhooksResolver } from "./webhooks.resolver";
import { webhookOperations } from "./webhooks.operations";

/** An integrator's webhook endpoints, their signing secrets and their deliveries. */
export const webhookRoutes: Route[] = [
  callerRoute("GET", "/webhooks/event-types", mirroring(WebhooksResolver, "webhookEventTypes"), webhookOperations.eventTypes),
  callerRoute("GET", "/webhooks/endpoints", mirroring(WebhooksResolver, "myWebhookEndpoints"), webhookOperations.list),
  {
    method: "POST",
    url: "/webhooks/endpoints",
    ...mirroring(WebhooksResolver, "createWebhookEndpoint"),
    status: 201,
    handle: (context, body) => webhookOperations.create(context, { url: body.url, eventTypes: body.event_types }),
  },
  {
    method: "PUT",
    url: "/webhooks/endpoints/:id",
    ...mirroring(WebhooksResolver, "updateWebhookEndpoint"),
    handle: (context, body, params) => webhookOperations.update(context, params.id, { url: body.url, eventTypes: body.event_types, enabled: body.enabled }),
  },
  idRoute("DELETE", "/webhooks/endpoints/:id", mirroring(WebhooksResolver, "deleteWebhookEndpoint"), webhookOperations.remove),
  idRoute("POST", "/webhooks/endpoints/:id/rotate-secret", mirroring(WebhooksResolver, "rotateWebhookSecret"), webhookOperations.rotateSecret),
  idRoute("GET", "/webhooks/endpoints/:id/deliveries", mirroring(WebhooksResolver, "webhookDeliveries"), webhookOperations.deliveries),
  idRoute("POST", "/webhooks/deliveries/:id/redeliver", mirroring(WebhooksResolver, "redeliverWebhook"), webhookOperations.redeliver),
  {
    method: "POST",
    url: "/webhooks/endpoints/:id/redeliver",
    ...mirroring(WebhooksResolver, "redeliverWebhooks"),
    handle: (context, body, params) => webhookOperations.redeliverRange(context, params.id, { from: body.from, to: body.to, failedOnly: body.failed_only }),
  },
];
