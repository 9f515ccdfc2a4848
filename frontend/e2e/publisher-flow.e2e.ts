import { approve, showAllStatuses } from "./pages/admin-dashboard";
import { AuthDialog, signInFromLanding } from "./pages/auth-dialog";
import { badge, card, openTab, toast } from "./pages/common";
import { addSite, createAdZone } from "./pages/publisher-dashboard";
import { graphql, newAccount, registeredToken, uniqueName, uniqueTag, verifyEmailOf } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";

const visitors = useVisitors();

test("a publisher registers, gets a site approved, creates an ad zone and copies its tag", async () => {
  const account = newAccount("PUBLISHER", "Paula Publisher");
  const tag = uniqueTag();
  const site = { domain: `${tag}.techdaily.example`, name: `Tech Daily ${tag}`, category: "technology", description: "Gadget reviews and news." };
  const zoneName = uniqueName("Header Banner");
  const publisher = await visitors.open();

  await publisher.goto("/");
  const auth = await AuthDialog.openFrom(publisher, "Get Started");
  await expect(auth.registerForm).toBeVisible();
  await screenshot(publisher, "publisher - register tab");
  await auth.register(account);
  // Registering signs the new publisher in: no password to type a second time.
  await expect(toast(publisher, "Registration successful! Welcome to AdNet.")).toBeVisible();
  await expect(publisher).toHavePath("/publisher");
  // The link of the verification e-mail is opened (its page has a test of its own).
  await verifyEmailOf(account.email);
  await expect(publisher.getByRole("heading", { name: "Publisher Dashboard" })).toBeVisible();
  // Just registered: a first visit, greeted as one.
  await expect(publisher.getByText(`Welcome, ${account.fullName}`)).toBeVisible();
  await expect(publisher.getByText("No sites yet")).toBeVisible();
  await screenshot(publisher, "publisher - empty publisher dashboard");

  await addSite(publisher, site);
  await expect(toast(publisher, "Site submitted for approval")).toBeVisible();
  const siteCard = card(publisher, site.name);
  await expect(badge(siteCard, "pending")).toBeVisible();
  await expect(siteCard.getByText(site.domain)).toBeVisible();
  await screenshot(publisher, "publisher - site pending");

  await openTab(publisher, "Ad Zones");
  await expect(publisher.getByText("You need approved sites first")).toBeVisible();
  await expect(publisher.getByRole("button", { name: "Add Ad Zone" })).toBeDisabled();
  await screenshot(publisher, "publisher - ad zones before approval");

  const admin = await visitors.open();
  await signInFromLanding(admin, adminAccount());
  await expect(admin).toHavePath("/admin");
  await expect(admin.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await screenshot(admin, "admin - site approvals");
  await approve(admin, "Sites", site.name);
  await expect(toast(admin, "Site approved successfully")).toBeVisible();
  await showAllStatuses(admin);
  await expect(badge(card(admin, site.name), "approved")).toBeVisible();
  await screenshot(admin, "admin - site approved");

  await publisher.reload();
  // The reload keeps the tab the publisher was on.
  await expect(publisher.getByRole("tab", { name: "Ad Zones", selected: true })).toBeVisible();
  await openTab(publisher, "My Sites");
  await expect(badge(siteCard, "approved")).toBeVisible();
  await screenshot(publisher, "publisher - site approved");
  await openTab(publisher, "Ad Zones");
  await expect(publisher.getByRole("button", { name: "Add Ad Zone" })).not.toBeDisabled();
  await createAdZone(publisher, { site, name: zoneName });
  await expect(toast(publisher, "Ad zone created successfully")).toBeVisible();
  const zoneCard = card(publisher, zoneName);
  await expect(zoneCard.getByText("728x90", { exact: true })).toBeVisible();
  await expect(zoneCard.getByText(site.name, { exact: true })).toBeVisible();
  await screenshot(publisher, "publisher - ad zone created");

  await zoneCard.getByRole("button", { name: "Copy" }).click();
  await expect(toast(publisher, "Ad tag copied to clipboard")).toBeVisible();
  await screenshot(publisher, "publisher - ad tag copied");

  const token = await publisher.evaluate(() => localStorage.getItem("token"));
  const { myAdZones } = await graphql<{ myAdZones: { id: number; name: string }[] }>("{ myAdZones { id name } }", {}, token!);
  const zone = myAdZones.find((z) => z.name === zoneName);
  const copied = await publisher.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`data-zone-id="${zone?.id}"`);
  expect(copied).toContain('data-width="728" data-height="90"');
  expect(copied).toBe(await zoneCard.locator("pre").textContent());
});

test("the site form explains a refused domain under the field, and shows an internationalised one in Unicode", async () => {
  const account = newAccount("PUBLISHER", "Ida Domains");
  await registeredToken(account);
  const publisher = await visitors.open();
  await signInFromLanding(publisher, account);
  await expect(publisher).toHavePath("/publisher");

  const site = { domain: "not a domain", name: uniqueName("Bücherwelt"), category: "news", description: "Books in German." };
  await addSite(publisher, site);
  const form = publisher.getByRole("form", { name: "Add site" });
  await expect(form.getByText("Enter a domain such as example.com")).toBeVisible();
  await screenshot(publisher, "publisher - refused domain under its field");

  const domain = `bücher-${uniqueTag()}.example`;
  await form.getByLabel(/^Domain/).fill(domain);
  await form.getByRole("button", { name: "Submit for Approval" }).click();
  await expect(toast(publisher, "Site submitted for approval")).toBeVisible();
  await expect(card(publisher, site.name).getByText(domain)).toBeVisible();
});
