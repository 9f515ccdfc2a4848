import { screen, within } from "@testing-library/react";
import { TargetingForecastDocument } from "../../../gql/graphql";
import { renderScreen } from "../../../test/render";
import { formBounds } from "../../../test/form-options-mock";
import { forecastInputOf, newCampaignValues } from "./campaign-values";
import { TargetingForecast } from "./targeting-forecast";

const input = {
  targetCountries: ["US"],
  targeting: { dayParting: { timeZone: "Europe/Berlin", days: [1, 2, 3, 4, 5], hours: [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23] } },
  campaign: { pricingModel: "CPC" as const, bid: 0.5, budget: 1000, dailyCap: 80 },
};

const answer = {
  __typename: "TargetingForecast" as const,
  impressionsPerDay: 40000,
  basis: "Based on 14 days of requests on 312 sites in 1 country; the day-part holds 61% of the network's hourly traffic; 3 competing campaigns win 40% at this bid.",
  clicksPerDay: 160,
  clicksBasis: "At a predicted click rate of 0.40% (the network's rate for display ads).",
  spendPerDay: 80,
  spendBasis: "$0.50 per click, up to the daily cap of $80.",
  budgetRunsOutOn: "2026-12-15",
  runOutBasis: "$1,000 at $80 a day lasts 13 days from Dec 3, 2026.",
};

test("shows the impressions, clicks and spend a day and the day the budget runs out, each with what it rests on", async () => {
  renderScreen(<TargetingForecast input={input} />, { mocks: [{ request: { query: TargetingForecastDocument, variables: { input } }, result: { data: { targetingForecast: answer } } }] });
  const panel = await screen.findByRole("status", { name: "Delivery forecast" });
  expect(await within(panel).findByText("About 40,000 impressions a day")).toBeInTheDocument();
  expect(within(panel).getByText(answer.basis)).toBeInTheDocument();
  const figure = (label: string) => within(panel).getByText(label).parentElement!;
  expect(figure("Clicks a day")).toHaveTextContent(`Clicks a dayAbout 160${answer.clicksBasis}`);
  expect(figure("Spend a day")).toHaveTextContent(`Spend a day$80.00${answer.spendBasis}`);
  expect(figure("Budget runs out")).toHaveTextContent(`Budget runs outDec 15, 2026${answer.runOutBasis}`);
});

test("says the budget lasts the flight when it does not run out before the end date", async () => {
  const lasting = { ...answer, budgetRunsOutOn: null, runOutBasis: "At $20 a day the flight to Dec 31, 2026 spends $580 of the $1,000 budget." };
  renderScreen(<TargetingForecast input={input} />, { mocks: [{ request: { query: TargetingForecastDocument, variables: { input } }, result: { data: { targetingForecast: lasting } } }] });
  const panel = await screen.findByRole("status", { name: "Delivery forecast" });
  expect(await within(panel).findByText("Not before the end date")).toBeInTheDocument();
  expect(within(panel).getByText(lasting.runOutBasis)).toBeInTheDocument();
});

test("asks with the delivery settings the form accepts so far, leaving out one still being typed", () => {
  const options = formBounds();
  const values = { ...newCampaignValues(options), pricingModel: "CPC" as const, bid: "0.5", budget: "1000", dailyCap: "8000", startDate: "2026-12-03", endDate: "2026-12-31" };
  // A daily cap above the budget is refused by the form: the forecast goes without it until it is fixed.
  expect(forecastInputOf(values, options).campaign).toEqual({
    category: values.category,
    budget: 1000,
    pricingModel: "CPC",
    bid: 0.5,
    pacing: values.pacing,
    startDate: "2026-12-03",
    endDate: "2026-12-31",
    frequencyCaps: [],
  });
  expect(forecastInputOf({ ...values, dailyCap: "80" }, options).campaign).toMatchObject({ dailyCap: 80 });
  // Editing, the campaign is named: the server counts what it has spent.
  expect(forecastInputOf(values, options, 7)).toMatchObject({ campaignId: 7 });
});
