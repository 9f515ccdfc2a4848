import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CreateCampaignDocument, UpdateCampaignDocument } from "../../../gql/graphql";
import { findFormDialog } from "../../../test/dialogs";
import { declared, formBounds, formOptionsMock } from "../../../test/form-options-mock";
import { renderApp } from "../../../test/render";
import { campaign, dashboard, me } from "../test/advertiser-mocks";

jest.setTimeout(30_000);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "advertiser-token");
});

test("a field the server declares and the form has no widget for is drawn by its kind, checked, and sent", async () => {
  const declaration = [
    ...formBounds().campaignFields,
    declared("promoCode", "Promo code", "text", { required: true, maxLength: 20 }),
    declared("brandSafe", "Brand-safe sites only", "flag", { defaultValue: "false" }),
    // Only an admin books a tier: the advertiser's form neither shows nor sends it.
    declared("deliveryTier", "Delivery tier", "choice", { setBy: ["ADMIN"], defaultValue: '"AUCTION"' }),
  ];
  const input = {
    promoCode: "WINTER",
    brandSafe: true,
    name: "Declared",
    category: "general",
    budget: 600,
    dailyCap: null,
    pricingModel: "CPM",
    bid: 2,
    pacing: "EVEN",
    rotation: "EVEN",
    targetCountries: [],
    startDate: "2030-06-01",
    endDate: "2030-06-30",
    frequencyCaps: [],
    targeting: {},
    audiences: { include: [], exclude: [] },
  };
  const created = campaign({ id: 22, name: "Declared", status: "PENDING" });
  const mocks = [
    me,
    dashboard(),
    formOptionsMock({ campaignFields: declaration }),
    { request: { query: CreateCampaignDocument, variables: { input } }, result: { data: { createCampaign: created } } },
    dashboard({ myCampaigns: [created] }),
  ];
  renderApp({ path: "/advertiser", mocks });
  await userEvent.click(await screen.findByRole("button", { name: "Create Campaign" }));
  const dialog = await findFormDialog("Create Campaign");

  await userEvent.type(within(dialog).getByLabelText(/Campaign name/), "Declared");
  await userEvent.type(within(dialog).getByLabelText(/Budget/), "600");
  await userEvent.type(within(dialog).getByLabelText(/Price per 1,000 impressions/), "2");
  fireEvent.change(within(dialog).getByLabelText(/Start date/), { target: { value: input.startDate } });
  fireEvent.change(within(dialog).getByLabelText(/End date/), { target: { value: input.endDate } });
  expect(within(dialog).queryByLabelText(/Delivery tier/)).toBeNull();
  const promo = within(dialog).getByLabelText(/Promo code/);
  expect(promo).toHaveAttribute("maxLength", "20");
  await userEvent.click(within(dialog).getByRole("button", { name: "Create Campaign" }));
  expect(within(dialog).getByText("Promo code is required")).toBeVisible();

  await userEvent.type(promo, "WINTER");
  await userEvent.click(within(dialog).getByText("Brand-safe sites only"));
  await userEvent.click(within(dialog).getByRole("button", { name: "Create Campaign" }));
  expect(await screen.findByText("Campaign created and submitted for approval")).toBeVisible();
});

test("editing a campaign, a field the form has no widget for starts from its stored value", async () => {
  const declaration = [...formBounds().campaignFields, declared("promoCode", "Promo code", "text", { maxLength: 20, defaultValue: "null" })];
  const live = campaign({ nextActions: ["PAUSE", "EDIT"], fieldValues: [{ __typename: "FieldValue", name: "promoCode", value: JSON.stringify("WINTER") }] });
  const mocks = [
    me,
    dashboard({ myCampaigns: [live] }),
    formOptionsMock({ campaignFields: declaration }),
    {
      request: { query: UpdateCampaignDocument, variables: { id: 20, input: { promoCode: "SPRING" } } },
      result: { data: { updateCampaign: { ...live, fieldValues: [{ __typename: "FieldValue", name: "promoCode", value: JSON.stringify("SPRING") }] } } },
    },
  ];
  renderApp({ path: "/advertiser", mocks });
  await userEvent.click(await screen.findByRole("button", { name: "Edit Spring Sale" }));
  const dialog = await findFormDialog("Edit Spring Sale");
  const promo = within(dialog).getByLabelText(/Promo code/);
  expect(promo).toHaveValue("WINTER");

  await userEvent.clear(promo);
  await userEvent.type(promo, "SPRING");
  await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
  expect(await screen.findByText("Campaign updated")).toBeVisible();
});
