import type { Locator } from "playwright-core";
import { openTab } from "./pages/common";
import { advertiserWithBanner, publisherWithZone } from "./support/ad-setup";
import { graphql, newAccount, registeredToken, signIn, uniqueTag } from "./support/api";
import { DESKTOP, MOBILE, useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount, baseUrl } from "./support/shared-server";

const visitors = useVisitors();

/** Waits for the element to lie wholly inside the window (a smooth scroll takes a moment). */
async function expectInViewport(locator: Locator) {
  await expect(locator).toBeVisible();
  await locator.page().waitForFunction(
    (element) => {
      const box = element.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth;
    },
    await locator.elementHandle(),
  );
}

const scrollHint = "Scroll sideways to see every column →";

test("on a phone the country breakdown scrolls into view when a region is opened", async () => {
  const page = await visitors.open({ viewport: MOBILE });
  await page.goto("/traffic-inventory");

  await page.getByRole("button", { name: /North America/ }).click();

  const heading = page.getByRole("heading", { name: "North America – Country Breakdown" });
  await expectInViewport(heading);
  await screenshot(page, "breakdown in view");
});

// The Publishers table lists every publisher, so there is at least one row to show.
beforeAll(() => registeredToken(newAccount("PUBLISHER", "Listed Publisher")));

test("on a phone a wide table says it scrolls sideways, and the hidden columns can be scrolled to", async () => {
  const page = await visitors.open({ viewport: MOBILE, token: await signIn(adminAccount()) });
  await page.goto("/admin/publishers");

  const table = page.getByRole("region", { name: "Publishers, scrolls sideways" });
  await expect(page.getByText(scrollHint)).toBeVisible();
  await screenshot(page, "publishers table on a phone");

  const lastHeader = table.getByRole("columnheader", { name: "Change share" });
  // The table's top to the top of the screen: with a page of publishers it is taller than a phone.
  await table.evaluate((element) => {
    element.scrollIntoView({ block: "start" });
    element.scrollTo({ left: element.scrollWidth });
  });
  await expectInViewport(lastHeader);
});

test("on a wide screen the same table fits and makes no such remark", async () => {
  const page = await visitors.open({ viewport: DESKTOP, token: await signIn(adminAccount()) });
  await page.goto("/admin");
  await openTab(page, "Publishers");

  await expect(page.getByRole("table", { name: "Publishers" })).toBeVisible();
  await expect(page.getByText(scrollHint)).not.toBeVisible();
});

/** The sizes the layout issue was reported at: a common phone and a common laptop. */
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

const boxOf = async (locator: Locator) => (await locator.boundingBox())!;

/** The distinct top edges of the locators' elements: one per row they sit on. */
async function rowsOf(locator: Locator) {
  const tops = await Promise.all((await locator.all()).map(async (element) => Math.round((await boxOf(element)).y)));
  return new Set(tops).size;
}

test.each([
  ["a phone", PHONE],
  ["a laptop", LAPTOP],
])("on %s the admin tabs come in groups, and the groups and each group's tabs fit on one row", async (_, viewport) => {
  const page = await visitors.open({ viewport, token: await signIn(adminAccount()) });
  await page.goto("/admin");

  const groups = page.getByRole("tablist", { name: "Admin sections" });
  await expect(groups).toBeVisible();
  expect(await rowsOf(groups.getByRole("tab"))).toBe(1);
  for (const group of ["Review", "Money", "People", "System"]) {
    await groups.getByRole("tab", { name: group }).click();
    const tabs = page.getByRole("tablist", { name: group, exact: true });
    await expect(tabs).toBeVisible();
    expect({ group, rows: await rowsOf(tabs.getByRole("tab")) }).toEqual({ group, rows: 1 });
    // Nothing cut off at the edge either.
    expect(await tabs.evaluate((list) => list.scrollWidth <= list.clientWidth)).toBe(true);
  }
  await screenshot(page, "the system group's tabs");
});

test("at 1366 px the audit filters stand on one line, along one bottom edge, the dates no wider than a date", async () => {
  const page = await visitors.open({ viewport: LAPTOP, token: await signIn(adminAccount()) });
  await page.goto("/admin/audit");

  const who = page.getByRole("searchbox", { name: "Search entries" });
  const filters = [who, ...["Action", "Target", "Target #", "From", "To"].map((label) => page.getByLabel(label, { exact: true }))];
  await expect(who).toBeVisible();
  await screenshot(page, "audit filters");
  const boxes = await Promise.all(filters.map(boxOf));
  expect(new Set(boxes.map((box) => Math.round(box.y + box.height))).size).toBe(1);
  expect(boxes.slice(-2).map((box) => box.width <= 200)).toEqual([true, true]);
});

test("on a phone Users and the audit log read as cards, each line named by its column, and the key figures go two to a row", async () => {
  const admin = await signIn(adminAccount());
  // An admin action, so the audit log has an entry to show.
  const publisher = await registeredToken(newAccount("PUBLISHER", "Audited Publisher"));
  const { me } = await graphql<{ me: { id: number } }>("{ me { id } }", {}, publisher);
  await graphql("mutation ($id: Int!) { setIdentityVerified(id: $id, verified: true) { id } }", { id: me.id }, admin);
  const page = await visitors.open({ viewport: PHONE, token: admin });
  await page.goto("/admin/users");

  const cards = page.getByRole("region", { name: "Key figures" }).locator(".chakra-card__root");
  await expect(cards.first()).toBeVisible();
  const [first, second, third] = await Promise.all([0, 1, 2].map((index) => boxOf(cards.nth(index))));
  expect([first.y === second.y, third.y > first.y, first.width < PHONE.width / 2]).toEqual([true, true, true]);

  for (const [tab, table, header] of [
    ["users", "Users", "Email"],
    ["audit", "Audit log", "Who"],
  ]) {
    await page.goto(`/admin/${tab}`);
    const grid = page.getByRole("table", { name: table });
    const row = grid.getByRole("row").nth(1);
    await expect(row).toBeVisible();
    await screenshot(page, `${table} as cards`);
    await expect(page.getByText(scrollHint)).not.toBeVisible();
    // A card as wide as the list, its column's name written beside each value.
    const [tableBox, rowBox] = [await boxOf(grid), await boxOf(row)];
    expect(rowBox.width).toBeGreaterThan(tableBox.width - 4);
    const columnNames = await row.getByRole("cell").evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, "::before").content));
    expect(columnNames).toContain(JSON.stringify(header));
  }
});

test("on a phone an ad tag breaks only between attributes, and a creative shows its picture", async () => {
  const admin = await signIn(adminAccount());
  const size = { width: 300, height: 250 };
  const publisher = await publisherWithZone(admin, { domain: `tags-${uniqueTag()}.localhost`, size });
  const advertiser = await advertiserWithBanner(admin, { size, cpm: 2, contentUrl: `${baseUrl()}/demo-ads/spring-sale-300x250.svg` });

  const page = await visitors.open({ viewport: PHONE, token: publisher.token });
  await page.goto("/publisher/zones");
  const tag = page.getByRole("article").first().locator("pre");
  await expect(tag).toBeVisible();
  await screenshot(page, "ad tag on a phone");
  expect(await tag.textContent()).toBe(publisher.adTag);
  // The tag takes several lines on a phone, and no attribute is cut across two of them.
  const attributes = tag.locator("span");
  expect(await rowsOf(attributes)).toBeGreaterThan(2);
  expect(await attributes.evaluateAll((parts) => parts.filter((part) => part.getClientRects().length > 1).map((part) => part.textContent))).toEqual([]);

  const creatives = await visitors.open({ viewport: PHONE, token: advertiser.token });
  await creatives.goto("/advertiser/creatives");
  const preview = creatives.getByRole("article", { name: "Autumn banner" }).getByRole("img", { name: "Preview" });
  await expect(preview).toBeVisible();
  await creatives.waitForFunction((image) => (image as HTMLImageElement).naturalWidth > 0, await preview.elementHandle());
  await screenshot(creatives, "creative thumbnail on a phone");
});
