import { ChakraProvider } from "@chakra-ui/react";
import { render, screen, within } from "@testing-library/react";
import { system } from "../../../app/theme";
import type { CampaignCardFragment } from "../../../gql/graphql";
import { adminCampaign } from "../../../test/admin-fixtures";
import { CampaignCard } from "./campaign-card";

const campaign = (over: Partial<CampaignCardFragment> = {}) => adminCampaign({ status: "ACTIVE", ...over });

const renderCard = (fragment: CampaignCardFragment) =>
  render(
    <ChakraProvider value={system}>
      <CampaignCard campaign={fragment} />
    </ChakraProvider>,
  );

test("a campaign that cannot deliver says why on its card", () => {
  renderCard(campaign({ deliveryIssue: "Not delivering: no approved creative" }));
  const card = screen.getByRole("article", { name: "Spring Sale" });
  expect(within(card).getByText("Not delivering: no approved creative")).toBeVisible();
});

test("a campaign that delivers shows no warning", () => {
  renderCard(campaign());
  const card = screen.getByRole("article", { name: "Spring Sale" });
  expect(within(card).queryByText(/Not delivering/)).not.toBeInTheDocument();
  expect(within(card).getByText("Spring Sale")).toBeVisible();
});
