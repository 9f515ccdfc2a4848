import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CreateWebhookEndpointDocument, MyWebhookEndpointsDocument, RedeliverWebhookDocument, WebhookDeliveriesDocument, type WebhookDeliveryFieldsFragment, type WebhookEndpointFieldsFragment } from "../../../gql/graphql";
import { formatDateTime } from "../../../components/format";
import { renderScreen } from "../../../test/render";
import { WebhooksSection } from "./webhooks-section";

const EVENTS = [
  { __typename: "FormOption" as const, value: "campaign.approved", label: "Campaign approved" },
  { __typename: "FormOption" as const, value: "campaign.rejected", label: "Campaign rejected" },
  { __typename: "FormOption" as const, value: "payout.paid", label: "Payout paid" },
];
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
  result: { data: { formOptions: { __typename: "FormOptions" as const, webhookEvents: EVENTS }, myWebhookEndpoints: endpoints } },
});
const deliveries = (items: WebhookDeliveryFieldsFragment[]) => ({ request: { query: WebhookDeliveriesDocument, variables: { endpointId: 7 } }, result: { data: { webhookDeliveries: items } } });

jest.setTimeout(15_000);

test("an endpoint is added with its events in words, its secret shown once; its deliveries are listed and one is sent again", async () => {
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
  // Each event reads in words, its machine name small beside it.
  expect(within(form).getByText("Payout paid")).toBeVisible();
  expect(within(form).getByText("payout.paid")).toBeVisible();
  await userEvent.click(within(form).getByText("Campaign approved"));
  await userEvent.click(within(form).getByRole("button", { name: "Add endpoint" }));

  expect(await screen.findByText("whsec_onlyshownonce")).toBeVisible();
  const row = await screen.findByRole("listitem", { name: "https://hooks.example.com/adnet" });
  expect(within(row).getByText("off")).toBeVisible();
  expect(within(row).getByText("Campaign approved")).toBeVisible();
  expect(within(row).getByRole("button", { name: "Turn on https://hooks.example.com/adnet" })).toBeVisible();

  await userEvent.click(within(row).getByRole("button", { name: "Deliveries to https://hooks.example.com/adnet" }));
  const log = await screen.findByRole("table", { name: "Deliveries to https://hooks.example.com/adnet" });
  expect(within(log).getByText("HTTP 503")).toBeVisible();
  expect(within(log).getByText("42 ms")).toBeVisible();
  expect(within(log).getByText(formatDateTime("2025-04-04T09:00:00.000Z"))).toBeVisible();
  expect(within(log).getByText("Campaign approved")).toBeVisible();
  await userEvent.click(within(log).getByRole("button", { name: "Redeliver Campaign approved #31" }));
  expect(await within(log).findByText("pending")).toBeVisible();
});
