import type { Locator, Page } from "playwright-core";
import { AuthDialog } from "./pages/auth-dialog";
import { newAccount, registeredToken } from "./support/api";
import { DESKTOP, MOBILE, useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";

const visitors = useVisitors();

/** Where the dialog sits once its opening animation is over. */
async function settledBox(dialog: Locator) {
  await expect(dialog).toBeVisible();
  await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  const box = await dialog.boundingBox();
  if (!box) throw new Error("The dialog has no layout box.");
  const radius = await dialog.evaluate((element) => parseFloat(getComputedStyle(element).borderTopLeftRadius));
  return { ...box, radius };
}

const publisherToken = () => registeredToken(newAccount("PUBLISHER", "Dialog Publisher"));
const anonymous = async () => undefined;

const openers: { name: string; token: () => Promise<string | undefined>; open: (page: Page) => Promise<Locator> }[] = [
  {
    name: "login dialog",
    token: anonymous,
    open: async (page) => {
      await page.goto("/");
      return (await AuthDialog.openFrom(page, "Login")).root;
    },
  },
  {
    name: "Add Site dialog",
    token: publisherToken,
    open: async (page) => {
      await page.goto("/publisher");
      await page.getByRole("button", { name: "Add Site", exact: true }).click();
      return page.getByRole("dialog", { name: "Add New Site" });
    },
  },
];

test.each(openers)("the $name sits centred at 1280×800, sized to its form, with a margin and rounded corners", async ({ token, open }) => {
  const page = await visitors.open({ viewport: DESKTOP, token: await token() });
  const dialog = await open(page);
  const box = await settledBox(dialog);
  await screenshot(page, "dialog open");

  const leftGap = box.x;
  const rightGap = DESKTOP.width - (box.x + box.width);
  const topGap = box.y;
  const bottomGap = DESKTOP.height - (box.y + box.height);
  expect(box.width).toBeLessThan(DESKTOP.width * 0.6);
  expect(Math.abs(leftGap - rightGap)).toBeLessThanOrEqual(1);
  expect(Math.abs(topGap - bottomGap)).toBeLessThanOrEqual(1);
  expect(topGap).toBeGreaterThanOrEqual(32);
  expect(box.radius).toBeGreaterThan(0);
});

test("on a 360 px phone the login dialog fits the screen", async () => {
  const page = await visitors.open({ viewport: MOBILE });
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("button", { name: "Login", exact: true }).click();
  const box = await settledBox(new AuthDialog(page).root);
  await screenshot(page, "dialog open");

  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
  expect(box.y + box.height).toBeLessThanOrEqual(MOBILE.height);
});
