import { ChakraProvider } from "@chakra-ui/react";
import { render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { system } from "../../../app/theme";
import { adminCampaign, adminCreative, adminSite } from "../../../test/admin-fixtures";
import { CampaignCard } from "../../campaigns/components/campaign-card";
import { CreativeCard } from "../../creatives/components/creative-card";
import type { Owner } from "./owner-note";
import { SiteCard } from "../../sites/components/site-card";

const jane: Owner = { fullName: "Jane Doe", email: "jane@example.com" };
const [site, campaign, creative] = [adminSite(), adminCampaign(), adminCreative()];

const cards = (owner?: Owner): [string, ReactNode][] => [
  ["Tech Daily", <SiteCard site={site} figure={{ label: "Submitted", value: "Jan 5, 2025" }} owner={owner} />],
  ["Spring Sale", <CampaignCard campaign={campaign} owner={owner} />],
  ["Spring banner", <CreativeCard creative={creative} subtitle="Spring Sale" actions={null} owner={owner} />],
];

const renderCard = (card: ReactNode) => render(<ChakraProvider value={system}>{card}</ChakraProvider>);

test.each([
  ["Tech Daily", "Publisher"],
  ["Spring Sale", "Advertiser"],
  ["Spring banner", "Advertiser"],
])("the %s card given its owner names them and links their e-mail", (name, role) => {
  renderCard(cards(jane).find(([cardName]) => cardName === name)![1]);

  const card = screen.getByRole("article", { name });
  expect(within(card).getByText(`${role}: Jane Doe ·`, { exact: false })).toBeVisible();
  expect(within(card).getByRole("link", { name: "jane@example.com" })).toHaveAttribute("href", "mailto:jane@example.com");
});

test("an owner's own cards, given no owner, name nobody", () => {
  for (const [name, card] of cards()) {
    const { unmount } = renderCard(card);
    expect(within(screen.getByRole("article", { name })).queryByText(/Publisher:|Advertiser:/)).not.toBeInTheDocument();
    unmount();
  }
});
