import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AvailabilityDocument, BookMakeGoodDocument, UnderDeliveredCampaignsDocument } from "../../../gql/graphql";
import { renderScreen } from "../../../test/render";
import { BookingsTab } from "./bookings-tab";

jest.setTimeout(15_000);

const behind = {
  __typename: "UnderDeliveredCampaign" as const,
  campaignId: 7,
  name: "Sports December",
  goalType: "IMPRESSIONS",
  goal: 50_000,
  delivered: 5_000,
  expected: 15_000,
  behindPercent: 67,
  goalLeft: 45_000,
  daysLeft: 7,
  endDate: "2030-01-10",
  reason: "OUTBID_BY_HIGHER_PRIORITY",
  why: "Sponsorships and guaranteed campaigns on the same inventory take 60,000 of the 70,000 impressions its targeting reaches in the 7 days left.",
  overridden: true,
};
const underDelivery = (rows: object[]) => ({ request: { query: UnderDeliveredCampaignsDocument }, result: { data: { underDeliveredCampaigns: rows } } });
const availability = {
  request: { query: AvailabilityDocument, variables: (variables: { input: { endDate: string } }) => variables.input.endDate === "2030-01-10" },
  result: { data: { availability: { __typename: "Availability", days: 10, forecastImpressions: 100_000, bookedImpressions: 60_000, availableImpressions: 40_000, basis: "100,000 matching requests forecast over 10 days.", contenders: [] } } },
};

test("asks the availability once the end date is typed, and warns while the goal is above it", async () => {
  renderScreen(<BookingsTab />, { mocks: [underDelivery([]), availability] });
  const form = screen.getByRole("form", { name: "Book a campaign" });
  expect(within(form).getByText("Enter an end date to see the availability.")).toBeVisible();
  await userEvent.type(within(form).getByLabelText(/Goal \(impressions\)/), "50000");
  await userEvent.type(within(form).getByLabelText(/End date/), "2030-01-10");
  expect(await within(form).findByText("Available: 40,000 impressions")).toBeVisible();
  expect(within(form).getByText("This booking needs 50,000 impressions, more than are available.")).toBeVisible();
  await userEvent.clear(within(form).getByLabelText(/Goal \(impressions\)/));
  await userEvent.type(within(form).getByLabelText(/Goal \(impressions\)/), "40000");
  expect(within(form).queryByText(/more than are available/)).not.toBeInTheDocument();
});

test("lists the guaranteed campaigns behind pace with why, flags one booked over availability, and books a make-good", async () => {
  const makeGood = jest.fn(() => ({ data: { bookMakeGood: { __typename: "Campaign", id: 7 } } }));
  const sent = { request: { query: BookMakeGoodDocument, variables: (variables: { id: number; input: { extraImpressions: number } }) => variables.id === 7 && variables.input.extraImpressions === 45_000 }, result: makeGood };
  renderScreen(<BookingsTab />, { mocks: [underDelivery([behind]), sent, underDelivery([])] });
  const row = await screen.findByRole("row", { name: /Sports December/ });
  expect(within(row).getByText("Booked over availability")).toBeVisible();
  expect(within(row).getByText("67%")).toBeVisible();
  expect(within(row).getByText(behind.why)).toBeVisible();
  await userEvent.click(within(row).getByRole("button", { name: "Book make-good" }));
  await waitFor(() => expect(makeGood).toHaveBeenCalled());
  expect(await screen.findByText("Every running guaranteed campaign is on pace.")).toBeVisible();
});
