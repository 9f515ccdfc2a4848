import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { AudienceChoicesDocument, CreateAudienceDocument, MyAudiencesDocument, type AudienceTargetingInput } from "../../../gql/graphql";
import { formOptionsMock } from "../../../test/form-options-mock";
import { renderScreen } from "../../../test/render";
import { AudiencePicker } from "./audience-picker";
import { AudiencesTab } from "./audiences-tab";

jest.setTimeout(20_000);

const row = (over: Record<string, unknown>) => ({ __typename: "Audience", id: 4, name: "Cart", rule: "VISITED_PAGE", pagePattern: "/cart", windowDays: 14, siteDomains: ["shop.example.com"], members: 1234, joinedToday: 56, ...over });
const pixel = { __typename: "AudiencePixel", tag: '<script async src="https://ads.example/ads/audience.js" data-advertiser="7"></script>', conversionTag: "<script data-event=\"conversion\"></script>", optOutUrl: "https://ads.example/audiences/opt-out" };
const audiencesMock = (audiences: unknown[]) => ({ request: { query: MyAudiencesDocument }, result: { data: { myAudiences: audiences, audiencePixel: pixel } } });

test("the tab shows the pixel to copy and each audience's rule and size, and creates one with the server's rule words", async () => {
  const created = row({ id: 5, name: "Visitors", rule: "VISITED", pagePattern: null, windowDays: 30, members: 0, joinedToday: 0 });
  const create = { request: { query: CreateAudienceDocument, variables: { input: { name: "Visitors", rule: "VISITED", pagePattern: null, windowDays: 30, siteDomains: ["shop.example.com", "shop.example.org"] } } }, result: { data: { createAudience: created } } };
  renderScreen(<AudiencesTab />, { mocks: [formOptionsMock(), audiencesMock([row({})]), create] });

  const table = await screen.findByRole("table", { name: "Audiences" });
  expect(within(table).getByText('Visited a page matching "/cart"')).toBeVisible();
  expect(within(table).getByText("1,234")).toBeVisible();
  expect(screen.getByText(/data-advertiser="7"/)).toBeVisible();

  const form = screen.getByRole("form", { name: "New audience" });
  await userEvent.click(within(form).getByRole("button", { name: "Create audience" }));
  expect(await within(form).findByText("Your site domains is required")).toBeVisible();
  await userEvent.type(within(form).getByLabelText(/Name/), "Visitors");
  await userEvent.type(within(form).getByLabelText(/Your site domains/), "shop.example.com\nshop.example.org");
  await userEvent.click(within(form).getByRole("button", { name: "Create audience" }));
  expect(await within(table).findByText("Visitors")).toBeVisible();
});

let picked: AudienceTargetingInput = { include: [], exclude: [] };
function Picker() {
  const [value, setValue] = useState<AudienceTargetingInput>({ include: [], exclude: [] });
  picked = value;
  return <AudiencePicker value={value} onChange={setValue} />;
}

test("the campaign's audience picker offers the advertiser's audiences on both sides, never one on both", async () => {
  const choices = { request: { query: AudienceChoicesDocument }, result: { data: { myAudiences: [{ __typename: "Audience", id: 4, name: "Cart" }, { __typename: "Audience", id: 9, name: "Buyers" }] } } };
  renderScreen(<Picker />, { mocks: [choices] });
  const only = await screen.findByRole("group", { name: "Show only to members of" });
  const never = screen.getByRole("group", { name: "Never show to members of" });
  await userEvent.click(await within(only).findByLabelText("Cart"));
  await userEvent.click(within(never).getByLabelText("Buyers"));
  await waitFor(() => expect(picked).toEqual({ include: [4], exclude: [9] }));
  expect(within(never).getByLabelText("Cart")).toBeDisabled();
  expect(within(only).getByLabelText("Buyers")).toBeDisabled();
});
