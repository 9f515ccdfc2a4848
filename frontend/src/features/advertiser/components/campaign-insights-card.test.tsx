import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { BuildLookalikeDocument, CampaignInsightsDocument, CampaignNamesDocument, LookalikeAudiencesDocument } from "../../../gql/graphql";
import { renderScreen } from "../../../test/render";
import { CampaignInsightsCard, lastDays } from "./campaign-insights-card";

jest.setTimeout(15_000);

const campaigns = {
  request: { query: CampaignNamesDocument },
  result: { data: { myCampaigns: [{ __typename: "Campaign" as const, id: 4, name: "Spring sale" }] } },
};

const audiences = {
  request: { query: LookalikeAudiencesDocument },
  result: { data: { myAudiences: [{ __typename: "Audience" as const, id: 9, name: "New visitors" }] } },
};
const TOO_LITTLE = "The audience was seen on 150 ad requests in the last 28 days; a lookalike needs at least 200";
const refusedBuild = {
  request: { query: BuildLookalikeDocument, variables: { campaignId: 4, audienceId: 9 } },
  result: { errors: [new GraphQLError(TOO_LITTLE, { extensions: { code: "BAD_USER_INPUT", field: "audienceId" } })] },
};

const COUNTING = "Reach counts visitors who carry AdNet's visitor identifier; impressions of visitors without one are not in reach or frequency and are counted apart.";

function insightsOf(days: number, visitors: number, lookalike: string | null) {
  const value = (label: string, count: number, share: number, networkShare: number, index: number | null) => ({ __typename: "InsightValue" as const, value: label, label, count, share, networkShare, index });
  const insight = (dimension: string, label: string, measure: string, values: ReturnType<typeof value>[]) => ({
    __typename: "Insight" as const,
    dimension,
    label,
    measure,
    total: values.reduce((sum, each) => sum + each.count, 0),
    values,
  });
  return {
    request: { query: CampaignInsightsDocument, variables: { campaignId: 4, ...lastDays(days) } },
    result: {
      data: {
        campaignInsights: {
          __typename: "CampaignInsights" as const,
          campaignId: 4,
          ...lastDays(days),
          reach: { __typename: "Reach" as const, visitors, identifiedImpressions: visitors * 2, unidentifiedImpressions: 1200, frequency: 2, standardErrorPercent: 1.6, counting: COUNTING },
          insights: [
            insight("site", "Sites", "impressions", [value("runners.example", 7500, 75, 40, 188), value("news.example", 2500, 25, 60, 42)]),
            insight("device", "Devices", "requests", [value("Mobile", 500, 50, 20, 250)]),
            insight("keyword", "Page keywords", "requests", []),
          ],
        },
        campaignLookalike: lookalike ? { __typename: "CampaignLookalike" as const, campaignId: 4, description: lookalike } : null,
      },
    },
  };
}

test("shows the campaign's reach, frequency and top places indexed against the network, and another range when picked", async () => {
  renderScreen(<CampaignInsightsCard />, {
    mocks: [campaigns, audiences, refusedBuild, insightsOf(30, 5000, 'Built from the audience "Trail runners" on 2026-12-01'), insightsOf(7, 900, null)],
  });

  expect(await screen.findByText("5,000")).toBeVisible();
  expect(screen.getByText("unique visitors, ±1.6%")).toBeVisible();
  expect(screen.getByText("2.00")).toBeVisible();
  expect(screen.getByText("1,200")).toBeVisible();
  expect(screen.getByText(COUNTING)).toBeVisible();
  expect(screen.getByText(/Built from the audience "Trail runners"/)).toBeVisible();

  const sites = screen.getByRole("table", { name: "Sites" });
  const runners = within(sites).getByRole("row", { name: /runners\.example/ });
  expect(within(runners).getByText("7,500")).toBeVisible();
  expect(within(runners).getByText("75.00%")).toBeVisible();
  expect(within(runners).getByText("40.00%")).toBeVisible();
  expect(within(runners).getByText("188")).toBeVisible();
  expect(within(screen.getByRole("table", { name: "Devices" })).getByRole("columnheader", { name: "Requests" })).toBeVisible();
  expect(screen.getByText("Nothing counted yet.")).toBeVisible();

  // A lookalike the server refuses says why, beside the form.
  await userEvent.selectOptions(await screen.findByRole("combobox", { name: "Lookalike of audience" }), "New visitors");
  await userEvent.click(screen.getByRole("button", { name: "Build lookalike" }));
  expect(await screen.findByRole("alert")).toHaveTextContent(TOO_LITTLE);

  await userEvent.selectOptions(screen.getByRole("combobox", { name: "Range" }), "Last 7 days");
  expect(await screen.findByText("900")).toBeVisible();
  expect(screen.queryByText(/Built from the audience/)).toBeNull();
});
