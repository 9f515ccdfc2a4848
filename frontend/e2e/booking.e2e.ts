import { openTab, toast } from "./pages/common";
import { eventually, publisherWithZone, serveAd } from "./support/ad-setup";
import { graphql, newAccount, registeredToken, signIn, uniqueTag } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";
import { repeatTodayAsYesterday } from "./support/time-travel";

const visitors = useVisitors();
/** A size no other spec uses, so nothing else fills this spec's zone. */
const SIZE = { width: 311, height: 97 };

const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test("an admin books a guaranteed campaign after seeing its availability, warned while the goal is above it", async () => {
  const admin = await signIn(adminAccount());
  const domain = `booking-${uniqueTag()}.localhost`;
  const { siteId, zoneId } = await publisherWithZone(admin, { domain, size: SIZE });
  const advertiser = newAccount("ADVERTISER", "Booked Advertiser");
  await registeredToken(advertiser);
  // Requests today, counted again as yesterday's: the forecast reads whole past days.
  for (let n = 0; n < 4; n++) await serveAd(zoneId, `http://${domain}/article`);
  const availability = () => {
    repeatTodayAsYesterday({ zoneId, siteId });
    return graphql<{ availability: { availableImpressions: number } }>(
      "query ($input: AvailabilityInput!) { availability(input: $input) { availableImpressions } }",
      { input: { targeting: { sites: { mode: "INCLUDE", values: [domain] } }, endDate: isoDay(9) } },
      admin,
    );
  };
  const counted = async () => {
    const { availability: figures } = await availability();
    return { counted: figures.availableImpressions > 0, figures };
  };
  const { figures: expected } = await eventually(counted, { counted: true });

  const page = await visitors.open({ token: admin });
  await page.goto("/admin");
  await openTab(page, "Bookings");
  const form = page.getByRole("form", { name: "Book a campaign" });
  await form.getByLabel("Advertiser e-mail").fill(advertiser.email);
  await form.getByLabel("Campaign name").fill("Sports December");
  await form.getByLabel("Goal (impressions)").fill(String(expected.availableImpressions + 1_000));
  await form.getByLabel("CPM ($)").fill("8");
  await form.getByLabel("Budget ($)").fill("1000");
  await form.getByLabel("End date").fill(isoDay(9));
  await form.getByLabel("Sites (domains, comma-separated)").fill(domain);
  const shown = form.getByRole("region", { name: "Availability" });
  await expect(shown.getByText(`Available: ${expected.availableImpressions.toLocaleString("en-US")} impressions`, { exact: true })).toBeVisible();
  await expect(form.getByText(/more than are available/)).toBeVisible();
  await screenshot(page, "admin - booking above availability");

  await form.getByLabel("Goal (impressions)").fill(String(expected.availableImpressions));
  await expect(form.getByText(/more than are available/)).toHaveCount(0);
  await form.getByRole("button", { name: "Book campaign" }).click();
  await expect(toast(page, "Booked Sports December")).toBeVisible();
  // The booking takes what was available on the site's inventory.
  await eventually(availability, { availability: { availableImpressions: 0 } });
});
