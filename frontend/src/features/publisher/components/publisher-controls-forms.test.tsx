import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { UpdateAdZoneDocument, UpdateSiteDocument } from "../../../gql/graphql";
import { findFormDialog } from "../../../test/dialogs";
import { dashboard, me, site, zone } from "../../../test/publisher-fixtures";
import { LAZY_LOAD, renderApp } from "../../../test/render";

jest.setTimeout(30_000);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "publisher-token");
});

const approved = site({ id: 10, name: "Tech Daily", status: "APPROVED" });
const topBanner = zone({ id: 5, siteId: 10, siteName: "Tech Daily", name: "Top banner" });
const zoneInput = { name: "Top banner", width: 728, height: 90, format: "banner", position: "header", presentation: "inline", nativeTemplate: "", adCount: 1, layout: "grid", houseItems: [], midrollOffsets: [] };
const siteInput = { domain: "techdaily.example.com", name: "Tech Daily", category: "technology", description: "Gadget news" };

async function editZone() {
  await userEvent.click(await screen.findByRole("tab", { name: "Ad Zones" }, LAZY_LOAD));
  const card = await screen.findByRole("article", { name: "Top banner" }, LAZY_LOAD);
  expect(within(card).getByText("Floor (CPM)").nextSibling).toHaveTextContent("Any price");
  await userEvent.click(within(card).getByRole("button", { name: "Edit Top banner" }));
  return findFormDialog("Edit Top banner");
}

async function editSite() {
  await userEvent.click(within(await screen.findByRole("article", { name: "Tech Daily" }, LAZY_LOAD)).getByRole("button", { name: "Edit Tech Daily" }));
  return findFormDialog("Edit Tech Daily");
}

test("the zone form sets a floor price, and the card shows it", async () => {
  const saved = { ...topBanner, floor: 2.5 };
  renderApp({
    path: "/publisher",
    mocks: [me, dashboard({ mySites: [approved], myAdZones: [topBanner] }), { request: { query: UpdateAdZoneDocument, variables: { id: 5, input: { ...zoneInput, floor: 2.5 } } }, result: { data: { updateAdZone: saved } } }],
  });

  const dialog = await editZone();
  const floor = within(dialog).getByLabelText(/Floor price \(CPM\)/);
  expect(floor).toHaveValue(0);
  await userEvent.clear(floor);
  await userEvent.type(floor, "2.5");
  await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));

  expect(await screen.findByText("Ad zone saved")).toBeVisible();
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  expect(within(screen.getByRole("article", { name: "Top banner" })).getByText("Floor (CPM)").nextSibling).toHaveTextContent("$2.50");
});

test("the zone form refuses a floor in fractions of a cent before sending, and shows the server's refusal under the field", async () => {
  const refusal = new GraphQLError("Floor price must be from $0 to $1,000", { extensions: { code: "BAD_USER_INPUT", field: "floor" } });
  renderApp({
    path: "/publisher",
    mocks: [me, dashboard({ mySites: [approved], myAdZones: [topBanner] }), { request: { query: UpdateAdZoneDocument, variables: { id: 5, input: { ...zoneInput, floor: 999 } } }, result: { errors: [refusal] } }],
  });

  const dialog = await editZone();
  const floor = within(dialog).getByLabelText(/Floor price \(CPM\)/);
  await userEvent.clear(floor);
  await userEvent.type(floor, "1.005");
  await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
  expect(floor).toHaveAccessibleErrorMessage("Floor price must be in whole cents, such as 1.50");

  await userEvent.clear(floor);
  await userEvent.type(floor, "999");
  await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
  await waitFor(() => expect(floor).toHaveAccessibleErrorMessage("Floor price must be from $0 to $1,000"));
  expect(screen.getByRole("dialog", { name: "Edit Top banner" })).toBeVisible();
});

test("the site form blocks advertiser categories and landing domains, and the card lists them", async () => {
  const input = { ...siteInput, blockedCategories: ["gambling"], blockedDomains: ["Rival.example", "shop.example"] };
  const answer = { ...approved, blockedCategories: ["gambling"], blockedDomains: ["rival.example", "shop.example"] };
  renderApp({
    path: "/publisher",
    mocks: [me, dashboard({ mySites: [approved] }), { request: { query: UpdateSiteDocument, variables: { id: 10, input } }, result: { data: { updateSite: answer } } }],
  });

  const dialog = await editSite();
  await userEvent.click(within(dialog).getByRole("checkbox", { name: "Gambling" }));
  await userEvent.type(within(dialog).getByLabelText(/Blocked landing domains/), "Rival.example\nshop.example");
  await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));

  expect(await screen.findByText("Site saved")).toBeVisible();
  const card = await screen.findByRole("article", { name: "Tech Daily" });
  expect(within(card).getByText("Blocked categories").nextSibling).toHaveTextContent("Gambling");
  expect(within(card).getByText("Blocked landing domains").nextSibling).toHaveTextContent("rival.example, shop.example");
});

test("editing a site starts from its blocks, and a domain the server refuses is shown under the field", async () => {
  const blocking = site({ id: 10, name: "Tech Daily", status: "APPROVED", blockedCategories: ["dating"], blockedDomains: ["rival.example"] });
  const input = { ...siteInput, blockedCategories: ["dating"], blockedDomains: ["rival.example", "not_a_domain"] };
  const refusal = new GraphQLError('Blocked domains must be domains such as example.com: "not_a_domain" is not one', { extensions: { code: "BAD_USER_INPUT", field: "blockedDomains" } });
  renderApp({ path: "/publisher", mocks: [me, dashboard({ mySites: [blocking] }), { request: { query: UpdateSiteDocument, variables: { id: 10, input } }, result: { errors: [refusal] } }] });

  const dialog = await editSite();
  expect(within(dialog).getByRole("checkbox", { name: "Dating" })).toBeChecked();
  const domains = within(dialog).getByLabelText(/Blocked landing domains/);
  expect(domains).toHaveValue("rival.example");
  await userEvent.type(domains, ", not_a_domain");
  await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));

  await waitFor(() => expect(domains).toHaveAccessibleErrorMessage('Blocked domains must be domains such as example.com: "not_a_domain" is not one'));
  expect(screen.getByRole("dialog", { name: "Edit Tech Daily" })).toBeVisible();
});
