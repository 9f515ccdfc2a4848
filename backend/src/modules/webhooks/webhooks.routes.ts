import { bodyRoute, callerRoute, idBodyRoute, idRoute, mirroring, type Route } from "../../common/rest-route";
import { WebhooksResolver } from "./webhooks.resolver";
import { webhookOperations } from "./webhooks.operations";

/** An integrator's webhook endpoints, their signing secrets and their deliveries. */
export const webhookRoutes: Route[] = [
  callerRoute("GET", "/webhooks/event-types", mirroring(WebhooksResolver, "webhookEventTypes"), webhookOperations.eventTypes),
  callerRoute("GET", "/webhooks/endpoints", mirroring(WebhooksResolver, "myWebhookEndpoints"), webhookOperations.list),
  bodyRoute(
    "POST",
    "/webhooks/endpoints",
    mirroring(WebhooksResolver, "createWebhookEndpoint"),
    (context, body) => webhookOperations.create(context, { url: body.url, eventTypes: body.event_types }),
    { status: 201 },
  ),
  idBodyRoute("PUT", "/webhooks/endpoints/:id", mirroring(WebhooksResolver, "updateWebhookEndpoint"), (context, id, body) =>
    webhookOperations.update(context, id, { url: body.url, eventTypes: body.event_types, enabled: body.enabled }),
  ),
  idRoute("DELETE", "/webhooks/endpoints/:id", mirroring(WebhooksResolver, "deleteWebhookEndpoint"), webhookOperations.remove),
  idRoute("POST", "/webhooks/endpoints/:id/rotate-secret", mirroring(WebhooksResolver, "rotateWebhookSecret"), webhookOperations.rotateSecret),
  idRoute("GET", "/webhooks/endpoints/:id/deliveries", mirroring(WebhooksResolver, "webhookDeliveries"), webhookOperations.deliveries),
  idRoute("POST", "/webhooks/deliveries/:id/redeliver", mirroring(WebhooksResolver, "redeliverWebhook"), webhookOperations.redeliver),
  idBodyRoute("POST", "/webhooks/endpoints/:id/redeliver", mirroring(WebhooksResolver, "redeliverWebhooks"), (context, id, body) =>
    webhookOperations.redeliverRange(context, id, { from: body.from, to: body.to, failedOnly: body.failed_only }),
  ),
];
