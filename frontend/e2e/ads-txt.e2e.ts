import { approve } from "./pages/admin-dashboard";
import { card, toast } from "./pages/common";
import { createSite, graphql, newAccount, registeredToken, signIn, uniqueTag } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";

const visitors = useVisitors();

/** Waits for the check an approval starts in the background, as the publisher's API sees it. */
async function checkedStatus(token: string, siteName: string): Promise<string> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const { mySites } = await graphql<{ mySites: { name: string; adsTxtStatus: string | null }[] }>("{ mySites { name adsTxtStatus } }", {}, token);
    const status = mySites.find((site) => site.name === siteName)?.adsTxtStatus;
    if (status) return status;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${siteName} was not checked`);
}

test("a publisher sees their ads.txt line to copy and what the check of their approved site found", async () => {
  const publisherToken = await registeredToken(newAccount("PUBLISHER", "Ada Adstxt"));
  const tag = uniqueTag();
  const siteName = `Garden Notes ${tag}`;
  // A domain that resolves nowhere: the production server's crawler cannot fetch it.
  await createSite(publisherToken, { domain: `${tag}.garden.example`, name: siteName, category: "lifestyle", description: "Gardening notes." });

  const admin = await visitors.open({ token: await signIn(adminAccount()) });
  await admin.goto("/admin");
  await approve(admin, "Sites", siteName);
  await expect(toast(admin, "Site approved successfully")).toBeVisible();
  expect(await checkedStatus(publisherToken, siteName)).toBe("FETCH_FAILED");

  const publisher = await visitors.open({ token: publisherToken });
  await publisher.goto("/publisher");
  const siteCard = card(publisher, siteName);
  await expect(siteCard.getByText("ads.txt line")).toBeVisible();
  expect(await siteCard.locator("pre").textContent()).toMatch(/^[a-z0-9.-]+, \d+, DIRECT$/);
  await expect(siteCard.getByRole("button", { name: `Copy the ads.txt line of ${siteName}` })).toBeVisible();
  const status = siteCard.getByRole("status", { name: `ads.txt status of ${siteName}` });
  await expect(status.getByText("ads.txt could not be fetched")).toBeVisible();
  // ads.txt lives on the root domain, so that is what was fetched.
  await expect(status.getByText("http://garden.example/ads.txt: garden.example does not resolve", { exact: false })).toBeVisible();

  // Checked moments ago: the button says when to try again rather than fetching once more.
  await status.getByRole("button", { name: `Check ads.txt of ${siteName} now` }).click();
  await expect(publisher.getByRole("region", { name: /^Notifications/ }).getByRole("status", { name: /checked moments ago/ })).toBeVisible();
  await screenshot(publisher, "publisher - ads.txt line and status");
});
