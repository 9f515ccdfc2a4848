import { Arg, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { webhookOperations } from "./webhooks.operations";
import {
  CreatedWebhookEndpointView,
  CreateWebhookEndpointInput,
  RedeliverWebhooksInput,
  UpdateWebhookEndpointInput,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookReplayView,
} from "./webhooks.types";

const SUBSCRIBERS = [Role.PUBLISHER, Role.ADVERTISER, Role.ADMIN] as const;

@Resolver()
export class WebhooksResolver {
  @Query(() => [String], { description: "Every event type an endpoint may subscribe to." })
  @RequireAuth(...SUBSCRIBERS)
  webhookEventTypes(): string[] {
    return webhookOperations.eventTypes();
  }

  @Query(() => [WebhookEndpointView], { description: "The caller's webhook endpoints, newest first." })
  @RequireAuth(...SUBSCRIBERS)
  myWebhookEndpoints(@Ctx() context: AppContext): Promise<WebhookEndpointView[]> {
    return webhookOperations.list(context);
  }

  @Query(() => [WebhookDeliveryView], { description: "The latest 50 deliveries to one of the caller's endpoints (an admin: anyone's), newest first." })
  @RequireAuth(...SUBSCRIBERS)
  webhookDeliveries(@Arg("endpointId", () => Int) endpointId: number, @Ctx() context: AppContext): Promise<WebhookDeliveryView[]> {
    return webhookOperations.deliveries(context, endpointId);
  }

  @Mutation(() => CreatedWebhookEndpointView, { description: "Registers an endpoint; its signing secret is in this answer only." })
  @RequireAuth(...SUBSCRIBERS)
  createWebhookEndpoint(@Arg("input") input: CreateWebhookEndpointInput, @Ctx() context: AppContext): Promise<CreatedWebhookEndpointView> {
    return webhookOperations.create(context, input);
  }

  @Mutation(() => WebhookEndpointView, { description: "Changes an endpoint's address or events, or turns it on or off." })
  @RequireAuth(...SUBSCRIBERS)
  updateWebhookEndpoint(@Arg("id", () => Int) id: number, @Arg("input") input: UpdateWebhookEndpointInput, @Ctx() context: AppContext): Promise<WebhookEndpointView> {
    return webhookOperations.update(context, id, input);
  }

  @Mutation(() => WebhookEndpointView, { description: "Deletes an endpoint and its delivery log." })
  @RequireAuth(...SUBSCRIBERS)
  deleteWebhookEndpoint(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<WebhookEndpointView> {
    return webhookOperations.remove(context, id);
  }

  @Mutation(() => CreatedWebhookEndpointView, { description: "A new signing secret, in this answer only; the old one also signs for 24 hours more." })
  @RequireAuth(...SUBSCRIBERS)
  rotateWebhookSecret(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<CreatedWebhookEndpointView> {
    return webhookOperations.rotateSecret(context, id);
  }

  @Mutation(() => WebhookDeliveryView, { description: "Sends a delivery again at the next dispatch, and turns its endpoint back on." })
  @RequireAuth(...SUBSCRIBERS)
  redeliverWebhook(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<WebhookDeliveryView> {
    return webhookOperations.redeliver(context, id);
  }

  @Mutation(() => WebhookReplayView, {
    description: "Sends again every event of one endpoint created in a range of at most 7 days (at most 1,000), and turns the endpoint back on.",
  })
  @RequireAuth(...SUBSCRIBERS)
  redeliverWebhooks(@Arg("endpointId", () => Int) endpointId: number, @Arg("input") input: RedeliverWebhooksInput, @Ctx() context: AppContext): Promise<WebhookReplayView> {
    return webhookOperations.redeliverRange(context, endpointId, input);
  }
}
