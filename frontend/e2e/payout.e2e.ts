import { markPaid, payoutRow, showPayouts } from "./pages/admin-dashboard";
import { openTab, toast } from "./pages/common";
import { advertiserWithBanner, eventually, publisherWithZone, viewAds } from "./support/ad-setup";
import { graphql, newAccount, registeredToken, signIn, uniqueTag } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";

const visitors = useVisitors();
/** A size no other spec uses, so this spec's $1,000 CPM campaign fills no one else's zones. */
const HALF_BANNER = { width: 234, height: 60 };

test("a publisher with less than $100 cannot request a payout", async () => {
  const token = await registeredToken(newAccount("PUBLISHER", "Nina New"));
  const publisher = await visitors.open({ token });

  await publisher.goto("/publisher");
  await openTab(publisher, "Payouts");
  await expect(publisher.getByLabel("Current balance")).toBeVisible();
  expect(await publisher.getByLabel("Current balance").textContent()).toBe("$0.00");
  await expect(publisher.getByText("Minimum payout: $100", { exact: true })).toBeVisible();
  await expect(publisher.getByRole("button", { name: "Request Payout" })).toBeDisabled();
  await expect(publisher.getByText("You can request a payout once your available balance reaches the minimum.")).toBeVisible();
  await expect(publisher.getByText("No payouts yet.")).toBeVisible();
  await screenshot(publisher, "payouts tab");

  // The disabled button is only a courtesy: the server must refuse the request on its own.
  await expect(graphql("mutation { requestPayout { id } }", {}, token)).rejects.toThrow(
    "A payout needs at least $100 available; you have $0.00",
  );
});

test("an admin sees who asked to be paid, confirms the payment, and finds it under Paid", async () => {
  const admin = await signIn(adminAccount());
  const tag = uniqueTag();
  const domain = `pay-${tag}.localhost`;
  const name = `Paula Payee ${tag}`;
  const publisher = await publisherWithZone(admin, { domain, size: HALF_BANNER, fullName: name });
  const { me } = await graphql<{ me: { id: number } }>("{ me { id } }", {}, publisher.token);
  await graphql(`mutation { setRevenueShare(publisherId: ${me.id}, percent: 85) { id } }`, {}, admin);
  // $1 an impression, and the whole budget may go today: 118 views earn the publisher $100.30.
  const today = new Date().toISOString().slice(0, 10);
  await advertiserWithBanner(admin, { size: HALF_BANNER, cpm: 1000, contentUrl: "https://cdn.example.com/half.png", endDate: today });
  await viewAds(publisher.zoneId, `http://${domain}/article`, 118);
  await eventually(() => graphql("{ myBalance { available } }", {}, publisher.token), { myBalance: { available: 100.3 } });
  await graphql("mutation { requestPayout { id } }", {}, publisher.token);

  const page = await visitors.open({ token: admin });
  await page.goto("/admin");
  await openTab(page, "Payouts");
  const requested = payoutRow(page, name);
  await expect(requested).toBeVisible();
  await expect(requested.getByText(publisher.account.email, { exact: true })).toBeVisible();
  await expect(requested.getByText("$100.30", { exact: true })).toBeVisible();
  await screenshot(page, "admin - payout requests");

  const dialog = await markPaid(page, name);
  await expect(dialog.getByText(`Mark the $100.30 payout to ${name} as paid?`, { exact: true })).toBeVisible();
  await screenshot(page, "admin - confirm the payment");
  await dialog.getByRole("button", { name: "Mark Paid" }).click();
  await expect(toast(page, "Payout marked as paid")).toBeVisible();
  await expect(payoutRow(page, name)).not.toBeVisible();

  await showPayouts(page, "Paid");
  const paid = payoutRow(page, name);
  await expect(paid).toBeVisible();
  await expect(paid.getByText("paid", { exact: true })).toBeVisible();
  expect(await paid.getByRole("button", { name: "Mark Paid" }).count()).toBe(0);
  await screenshot(page, "admin - paid payouts");
});
