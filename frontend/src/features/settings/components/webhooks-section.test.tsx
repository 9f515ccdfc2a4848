import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CreateWebhookEndpointDocument, MyWebhookEndpointsDocument, RedeliverWebhookDocument, WebhookDeliveriesDocument, type WebhookDeliveryFieldsFragment, type WebhookEndpointFieldsFragment } from "../../../gql/graphql";
import { renderScreen } from "../../../test/render";
import { WebhooksSection } from "./webhooks-section";

const EVENT_TYPES = ["campaign.approved", "campaign.rejected", "payout.paid"];
const endpoint = (over: Partial<WebhookEndpointFieldsFragment> = {}): WebhookEndpointFieldsFragment => ({
  __typename: "WebhookEndpoint",
  id: 7,
  url: "https://hooks.example.com/adnet",
  eventTypes: ["campaign.approved"],
  enabled: true,
  failingSince: null,
  createdAt: "2025-04-01T09:00:00.000Z",
  ...over,
});
const delivery = (over: Partial<WebhookDeliveryFieldsFragment> = {}): WebhookDeliveryFieldsFragment => ({
  __typename: "WebhookDelivery",
  id: 31,
  eventType: "campaign.approved",
  status: "failed",
  attempts: 12,
  lastStatusCode: 503,
  lastResponseMs: 42,
  lastError: "HTTP 503",
  lastAttemptAt: "2025-04-04T09:00:00.000Z",
  ...over,
});
const listed = (endpoints: WebhookEndpointFieldsFragment[]) => ({
  request: { query: MyWebhookEndpointsDocument },
  result: { data: { webhookEventTypes: EVENT_TYPES, myWebhookEndpoints: endpoints } },
});
const deliveries = (items: WebhookDeliveryFieldsFragment[]) => ({ request: { query: WebhookDeliveriesDocument, variables: { endpointId: 7 } }, result: { data: { webhookDeliveries: items } } });

jest.setTimeout(15_000);

test("an endpoint is added with its events, its secret shown once; its deliveries are listed and one is sent again", async () => {
  renderScreen(<WebhooksSection />, {
    mocks: [
      listed([]),
      {
        request: { query: CreateWebhookEndpointDocument, variables: { input: { url: "https://hooks.example.com/adnet", eventTypes: ["campaign.approved"] } } },
        result: { data: { createWebhookEndpoint: { __typename: "CreatedWebhookEndpointView" as const, secret: "whsec_onlyshownonce", endpoint: endpoint() } } },
      },
      listed([endpoint({ enabled: false })]),
      deliveries([delivery()]),
      { request: { query: RedeliverWebhookDocument, variables: { id: 31 } }, result: { data: { redeliverWebhook: delivery({ status: "pending" }) } } },
      deliveries([delivery({ status: "pending" })]),
    ],
  });

  const form = await screen.findByRole("form", { name: "New webhook endpoint" });
  await userEvent.click(within(form).getByRole("button", { name: "Add endpoint" }));
  expect(await within(form).findByText("Endpoint URL is required")).toBeVisible();
  await userEvent.type(within(form).getByLabelText(/Endpoint URL/), "https://hooks.example.com/adnet");
  await userEvent.click(within(form).getByRole("button", { name: "Add endpoint" }));
  expect(await within(form).findByText("Choose at least one event")).toBeVisible();
  await userEvent.click(within(form).getByText("campaign.approved"));
  await userEvent.click(within(form).getByRole("button", { name: "Add endpoint" }));

  expect(await screen.findByText("whsec_onlyshownonce")).toBeVisible();
  const row = await screen.findByRole("row", { name: /hooks\.example\.com/ });
  expect(within(row).getByText("off")).toBeVisible();
  expect(within(row).getByRole("button", { name: "Turn on https://hooks.example.com/adnet" })).toBeVisible();

  await userEvent.click(within(row).getByRole("button", { name: "Deliveries to https://hooks.example.com/adnet" }));
  const log = await screen.findByRole("table", { name: "Deliveries to https://hooks.example.com/adnet" });
  expect(within(log).getByText("HTTP 503")).toBeVisible();
  expect(within(log).getByText("42 ms")).toBeVisible();
  await userEvent.click(within(log).getByRole("button", { name: "Redeliver campaign.approved #31" }));
  expect(await within(log).findByText("pending")).toBeVisible();
});
