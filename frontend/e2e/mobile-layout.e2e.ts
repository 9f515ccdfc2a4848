import type { Locator } from "playwright-core";
import { openTab } from "./pages/common";
import { newAccount, registeredToken, signIn } from "./support/api";
import { DESKTOP, MOBILE, useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";

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
