import { advertiserWithBanner, DESKTOP_CHROME, publisherWithZone } from "./support/ad-setup";
import { signIn, uniqueTag } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";
import { startThirdPartySite, type ThirdPartySite } from "./support/third-party-site";
import { signInFromLanding } from "./pages/auth-dialog";
import { toast } from "./pages/common";
import { suspendUser, userRow } from "./pages/admin-dashboard";

const visitors = useVisitors();
const SIZE = { width: 320, height: 50 };

let thirdParty: ThirdPartySite;
beforeAll(async () => {
  thirdParty = await startThirdPartySite();
});
afterAll(() => thirdParty.close());

test("an admin suspends a publisher: their live zone stops filling within seconds, and they are told why at sign-in", async () => {
  const admin = await signIn(adminAccount());
  const tag = uniqueTag();
  const newsHost = `suspend-${tag}.localhost`;
  const publisher = await publisherWithZone(admin, { domain: newsHost, size: SIZE, fullName: `Suspended Publisher ${tag}` });
  await advertiserWithBanner(admin, { size: SIZE, cpm: 3, contentUrl: `${thirdParty.originFor(`cdn-${tag}.localhost`)}/banner.svg` });
  thirdParty.setArticle(`<!doctype html><html lang="en"><title>News</title><h1>Today</h1>${publisher.adTag}</html>`);

  const reader = await visitors.open({ userAgent: DESKTOP_CHROME });
  await reader.goto(`${thirdParty.originFor(newsHost)}/`);
  await reader.waitForSelector('ins.adnet-zone[data-adnet-state="filled"]');

  const adminPage = await visitors.open({ token: admin });
  await adminPage.goto("/admin/users");
  await suspendUser(adminPage, publisher.account.email, publisher.account.fullName, "Invalid traffic on your sites");
  await expect(toast(adminPage, `${publisher.account.fullName} suspended`)).toBeVisible();
  await expect((await userRow(adminPage, publisher.account.email)).getByText("Suspended", { exact: true })).toBeVisible();
  await screenshot(adminPage, "admin - publisher suspended");

  // Within seconds the same article's zone is left empty.
  const deadline = Date.now() + 5000;
  let state: string | null = "filled";
  while (state === "filled" && Date.now() < deadline) {
    await reader.reload();
    await reader.waitForSelector('ins.adnet-zone[data-adnet-state]:not([data-adnet-state="loading"])');
    state = await reader.locator("ins.adnet-zone").getAttribute("data-adnet-state");
  }
  expect(state).toBe("unfilled");
  expect(await reader.locator("ins.adnet-zone iframe").count()).toBe(0);
  await screenshot(reader, "reader - zone of the suspended publisher left empty");

  // The publisher is told the reason when they try to sign in.
  const owner = await visitors.open();
  await signInFromLanding(owner, publisher.account);
  await expect(toast(owner, "Your account is suspended: Invalid traffic on your sites. Contact support if you think this is a mistake.")).toBeVisible();
  await screenshot(owner, "publisher - told the reason at sign-in");
});
