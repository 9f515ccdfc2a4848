import { Field, InputType, Int, ObjectType } from "type-graphql";
import type { WebhookDelivery } from "./webhook-delivery.entity";
import type { WebhookEndpoint } from "./webhook-endpoint.entity";

@ObjectType("WebhookEndpoint", { description: "Where a user's events are POSTed: never its secret." })
export class WebhookEndpointView {
  @Field(() => Int) id: number;
  @Field(() => Int) userId: number;
  @Field() url: string;
  @Field(() => [String], { description: "Such as campaign.approved; see webhookEventTypes." }) eventTypes: string[];
  @Field({ description: "False once turned off, by its owner or after three days of failures." }) enabled: boolean;
  @Field(() => Date, { nullable: true, description: "Since when every delivery has failed." }) failingSince: Date | null;
  @Field(() => Date, { nullable: true, description: "Until when the secret before the last rotation still signs too." }) previousSecretUntil: Date | null;
  @Field() createdAt: Date;

  static from(endpoint: WebhookEndpoint): WebhookEndpointView {
    return Object.assign(new WebhookEndpointView(), {
      id: endpoint.id,
      userId: endpoint.userId,
      url: endpoint.url,
      eventTypes: endpoint.eventTypes.split(","),
      enabled: !endpoint.disabledAt,
      failingSince: endpoint.failingSince,
      previousSecretUntil: endpoint.previousSecretUntil,
      createdAt: endpoint.createdAt,
    });
  }
}

@ObjectType()
export class CreatedWebhookEndpointView {
  @Field(() => WebhookEndpointView) endpoint: WebhookEndpointView;
  @Field({ description: "The signing secret, shown this once: verify the AdNet-Signature header with it." }) secret: string;
}

@ObjectType("WebhookDelivery", { description: "One event sent to one endpoint, with its last attempt." })
export class WebhookDeliveryView {
  @Field(() => Int) id: number;
  @Field(() => Int) endpointId: number;
  @Field() eventId: string;
  @Field() eventType: string;
  @Field({ description: "pending, delivered or failed (retries ran out)." }) status: string;
  @Field(() => Int) attempts: number;
  @Field(() => Int, { nullable: true }) lastStatusCode: number | null;
  @Field(() => Int, { nullable: true }) lastResponseMs: number | null;
  @Field(() => String, { nullable: true }) lastError: string | null;
  @Field(() => Date, { nullable: true }) lastAttemptAt: Date | null;
  @Field(() => Date, { nullable: true }) nextAttemptAt: Date | null;
  @Field(() => Date, { nullable: true }) deliveredAt: Date | null;
  @Field({ description: "The JSON body as sent." }) payload: string;
  @Field() createdAt: Date;

  static from(delivery: WebhookDelivery): WebhookDeliveryView {
    const { endpoint: _endpoint, eventKey: _key, ...fields } = delivery;
    return Object.assign(new WebhookDeliveryView(), fields);
  }
}

@InputType()
export class CreateWebhookEndpointInput {
  @Field({ description: "https:// in production; any http(s) address elsewhere." }) url: string;
  @Field(() => [String]) eventTypes: string[];
}

@InputType()
export class UpdateWebhookEndpointInput {
  @Field({ nullable: true }) url?: string;
  @Field(() => [String], { nullable: true }) eventTypes?: string[];
  @Field({ nullable: true, description: "True turns a turned-off endpoint back on." }) enabled?: boolean;
}

@InputType()
export class RedeliverWebhooksInput {
  @Field(() => Date, { description: "The first moment whose events are sent again." }) from: Date;
  @Field(() => Date, { description: "Events created before this moment, at most 7 days after from." }) to: Date;
  @Field({ nullable: true, description: "Only the deliveries whose retries ran out." }) failedOnly?: boolean;
}

@ObjectType("WebhookReplay")
export class WebhookReplayView {
  @Field(() => Int, { description: "How many deliveries go out again at the next dispatch." }) redelivered: number;
}
