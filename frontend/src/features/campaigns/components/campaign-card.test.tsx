import { ChakraProvider } from "@chakra-ui/react";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { system } from "../../../app/theme";
import type { CampaignCardFragment } from "../../../gql/graphql";
import { adminCampaign } from "../../../test/admin-fixtures";
import { formBounds } from "../../../test/form-options-mock";
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

const words = formBounds();

/** A campaign that sets most of what it can, as an admin reviews it. */
const targeted = campaign({
  pricingModel: "CPC",
  bid: 0.4,
  dailyCap: 80,
  category: "gambling",
  pacing: "ASAP",
  targetCountries: ["US", "DE"],
  targeting: {
    devices: { mode: "INCLUDE", values: ["mobile", "tablet"] },
    dayParting: { timeZone: "Europe/Paris", days: [1, 2, 3, 4, 5], hours: [9, 10, 11, 12, 13, 14, 15, 16, 17] },
    sites: { mode: "INCLUDE", values: ["techdaily.example.com", "gone.example.com"] },
    zones: { mode: "EXCLUDE", values: ["12"] },
    keywords: { include: ["poker"], exclude: ["kids", "school"] },
  },
  targetNames: [
    { rule: "sites", value: "gone.example.com", name: null },
    { rule: "sites", value: "techdaily.example.com", name: "Tech Daily" },
    { rule: "zones", value: "12", name: "Sidebar (300×250)" },
  ],
  frequencyCaps: [{ count: 3, per: "day" }],
  creativeCounts: { pending: 1, approved: 2, rejected: 0 },
});

/** The card's settings, each "label: words", as a person reads them down the list. */
const settingsOf = (card: HTMLElement) =>
  within(within(card).getByLabelText(/^Settings of/))
    .getAllByRole("term")
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

const renderWith = (ui: ReactNode) => render(<ChakraProvider value={system}>{ui}</ChakraProvider>);

test("the card sums up every setting the campaign sets in words, sites and zones by name", () => {
  renderWith(<CampaignCard campaign={targeted} words={words} />);
  expect(settingsOf(screen.getByRole("article", { name: "Spring Sale" }))).toEqual([
    "Pricing: CPC $0.40 per click",
    "Daily budget cap: $80.00 a day",
    "Countries: United States, Germany",
    "Devices: Mobile, Tablet",
    "Day-parting: Weekdays 09:00–18:00 Europe/Paris",
    "Sites: Tech Daily (techdaily.example.com), gone.example.com",
    "Zones: All but Sidebar (300×250) (zone 12)",
    "Page keywords: poker; never kids, school",
    "Frequency caps: 3 a day per visitor",
    "Category: Gambling",
    "Pacing: As fast as possible",
    "Creative rotation: Even",
    "Creatives: 3 creatives: 2 approved, 1 pending review",
  ]);
});

test("Show all settings lists the settings left open too, and long lists in full", async () => {
  const user = userEvent.setup();
  const many = ["a", "b", "c", "d", "e"].map((letter) => `${letter}.example.com`);
  renderWith(<CampaignCard campaign={campaign({ targeting: { sites: { mode: "INCLUDE", values: many } } })} words={words} />);
  const card = screen.getByRole("article", { name: "Spring Sale" });
  expect(settingsOf(card)).toEqual([
    "Pricing: CPM $3.50 per thousand impressions",
    "Sites: a.example.com, b.example.com, c.example.com and 2 more",
    "Category: General",
    "Pacing: Even through the day",
    "Creative rotation: Even",
    "Creatives: 1 creative: 1 pending review",
  ]);

  await user.click(within(card).getByRole("button", { name: "Show all settings" }));
  expect(within(card).getByRole("button", { name: "Show fewer settings" })).toHaveAttribute("aria-expanded", "true");
  expect(settingsOf(card)).toEqual([
    "Pricing: CPM $3.50 per thousand impressions",
    "Daily budget cap: No cap",
    "Countries: All countries",
    "Devices: All devices",
    "Day-parting: Every day, all day",
    `Sites: ${many.join(", ")}`,
    "Zones: All zones",
    "Page keywords: Any page",
    "Frequency caps: No caps",
    "Category: General",
    "Pacing: Even through the day",
    "Creative rotation: Even",
    "Creatives: 1 creative: 1 pending review",
  ]);
});

test("the admins' review card shows the same summary as the advertiser's, beside whose campaign it is", () => {
  renderWith(
    <>
      <CampaignCard campaign={targeted} words={words} />
      <CampaignCard campaign={{ ...targeted, name: "Reviewed" }} words={words} owner={{ fullName: "Ada Ads", email: "ada@example.com" }} />
    </>,
  );
  const [advertisers, admins] = [screen.getByRole("article", { name: "Spring Sale" }), screen.getByRole("article", { name: "Reviewed" })];
  expect(settingsOf(admins)).toEqual(settingsOf(advertisers));
  expect(within(admins).getByText(/^Advertiser: Ada Ads/)).toBeVisible();
});
