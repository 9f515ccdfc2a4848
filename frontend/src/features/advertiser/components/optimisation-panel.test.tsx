import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CampaignOptimisationDocument, UndoPlacementExclusionDocument } from "../../../gql/graphql";
import { renderScreen } from "../../../test/render";
import { OptimisationPanel } from "./optimisation-panel";

jest.setTimeout(15_000);

const REASON = "1,500 impressions, 0 conversions where the campaign's rate (0.29%) expects 4.3: below the campaign's rate with 95% confidence (p = 0.013)";

const optimisation = (excluded: boolean) => ({
  __typename: "CampaignOptimisation" as const,
  campaignId: 7,
  bidStrategy: "TARGET_CPA" as const,
  exploringBidCpm: 10,
  zones: [
    { __typename: "OptimisedZone" as const, zoneId: 3, name: "Sidebar", impressions: 30000, results: 90, spend: 300, bidCpm: 8.7, verdict: "within chance of the campaign's rate", excluded: false },
    { __typename: "OptimisedZone" as const, zoneId: 4, name: "Footer", impressions: 1500, results: 0, spend: 15, bidCpm: 2.1, verdict: REASON, excluded },
  ],
  exclusions: [
    {
      __typename: "PlacementExclusion" as const,
      zoneId: 4,
      name: "Footer",
      state: excluded ? "excluded" : "kept",
      reason: REASON,
      impressions: 1500,
      results: 0,
      excludedAt: "2026-12-01T10:00:00.000Z",
      heldUntil: excluded ? null : "2026-12-17T10:00:00.000Z",
    },
  ],
});

test("shows a goal campaign's bids per zone and its excluded placement with the reason, and puts it back on Undo", async () => {
  renderScreen(<OptimisationPanel campaignId={7} campaignName="Spring sale" />, {
    mocks: [
      { request: { query: CampaignOptimisationDocument, variables: { campaignId: 7 } }, result: { data: { campaignOptimisation: optimisation(true) } } },
      { request: { query: UndoPlacementExclusionDocument, variables: { campaignId: 7, zoneId: 4 } }, result: { data: { undoPlacementExclusion: optimisation(false) } } },
    ],
  });
  await userEvent.click(screen.getByRole("button", { name: "Show optimisation" }));

  const sidebar = await screen.findByRole("row", { name: /Sidebar/ });
  expect(within(sidebar).getByText("$8.70")).toBeVisible();
  expect(screen.getByText(/explored at \$10\.00 CPM/)).toBeVisible();
  const excluded = within(screen.getByRole("table", { name: "Excluded placements" })).getByRole("row", { name: /Footer/ });
  expect(within(excluded).getByText(REASON)).toBeVisible();

  await userEvent.click(within(excluded).getByRole("button", { name: "Undo the exclusion of Footer" }));
  expect(await screen.findByText("No placement is excluded.")).toBeVisible();
  expect(screen.getByText(/Footer was put back; the engine leaves it alone until/)).toBeVisible();
});
