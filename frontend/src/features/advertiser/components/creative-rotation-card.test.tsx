import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CampaignCreativeRotationDocument, CampaignNamesDocument } from "../../../gql/graphql";
import { renderScreen } from "../../../test/render";
import { CreativeRotationCard } from "./creative-rotation-card";

jest.setTimeout(15_000);

const campaigns = {
  request: { query: CampaignNamesDocument },
  result: {
    data: {
      myCampaigns: [
        { __typename: "Campaign" as const, id: 4, name: "Spring sale" },
        { __typename: "Campaign" as const, id: 5, name: "Summer sale" },
      ],
    },
  },
};

function rotationOf(campaignId: number, rotation: string, creatives: { creativeId: number; name: string; impressions: number; clicks: number; ctr: number; share: number }[]) {
  return {
    request: { query: CampaignCreativeRotationDocument, variables: { campaignId } },
    result: {
      data: {
        campaignCreativeRotation: {
          __typename: "CampaignCreativeRotation" as const,
          campaignId,
          rotation,
          basedOnDays: 15,
          creatives: creatives.map((creative) => ({ __typename: "RotatedCreative" as const, ...creative })),
        },
      },
    },
  };
}

test("breaks the first campaign down by creative with its rotation's share, and another campaign when picked", async () => {
  renderScreen(<CreativeRotationCard />, {
    mocks: [
      campaigns,
      rotationOf(4, "optimised", [
        { creativeId: 40, name: "Blue banner", impressions: 12000, clicks: 240, ctr: 2, share: 91.4 },
        { creativeId: 41, name: "Red banner", impressions: 3000, clicks: 15, ctr: 0.5, share: 8.6 },
      ]),
      rotationOf(5, "even", [{ creativeId: 50, name: "Beach", impressions: 500, clicks: 5, ctr: 1, share: 100 }]),
    ],
  });

  const blue = await screen.findByRole("row", { name: /Blue banner/ });
  expect(within(blue).getByText("12,000")).toBeVisible();
  expect(within(blue).getByText("2.00%")).toBeVisible();
  expect(within(blue).getByText("91.40%")).toBeVisible();
  expect(within(screen.getByRole("row", { name: /Red banner/ })).getByText("8.60%")).toBeVisible();
  expect(screen.getByText(/Optimised rotation: each creative's share follows its odds of having the best click rate; 10% of impressions/)).toBeVisible();

  await userEvent.selectOptions(screen.getByRole("combobox", { name: "Campaign" }), "Summer sale");
  expect(await screen.findByRole("row", { name: /Beach/ })).toBeVisible();
  expect(screen.getByText(/Even rotation/)).toBeVisible();
  expect(screen.queryByRole("row", { name: /Blue banner/ })).toBeNull();
});
