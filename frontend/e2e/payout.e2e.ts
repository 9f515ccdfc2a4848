import { markPaid, payoutRow, showPayouts } from "./pages/admin-dashboard";
import { openTab, toast } from "./pages/common";
import { advertiserWithBanner, eventually, publisherWithZone, viewAds } from "./support/ad-setup";
import { graphql, newAccount, registeredToken, signIn, uniqueTag } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";
import { monthsAgo, moveEarningsBack } from "./support/time-travel";

const visitors = useVisitors();
/** A size no other spec uses, so this spec's $1,000 CPM campaign fills no one else's zones. */
const HALF_BANNER = { width: 234, height: 60 };

test("a publisher with less than $100 cannot request a payout", async () => {
  const token = await registeredToken(newAccount("PUBLISHER", "Nina New"));
  const publisher = await visitors.open({ token });

  await publisher.goto("/publisher");
  await openTab(publisher, "Payouts");
  await expect(publisher.getByLabel("Payable balance")).toBeVisible();
  expect(await publisher.getByLabel("Payable balance").textContent()).toBe("$0.00");
  await expect(publisher.getByText("Minimum payout: $100", { exact: true })).toBeVisible();
  await expect(publisher.getByRole("button", { name: "Request Payout" })).toBeDisabled();
  await expect(publisher.getByText("You can request a payout once $100 is payable.")).toBeVisible();
  await expect(publisher.getByText("No payouts yet.")).toBeVisible();
  await screenshot(publisher, "payouts tab");

  // The disabled button is only a courtesy: the server must refuse the request on its own.
  await expect(graphql("mutation { requestPayout { id } }", {}, token)).rejects.toThrow(
    "A payout needs at least $100 available; you have $0.00",
  );
});

test("a publisher paid Net-30 adds a bank account, requests a payout and downloads the month's statement; an admin pays it with a reference", async () => {
  const admin = await signIn(adminAccount());
  const tag = uniqueTag();
  const domain = `pay-${tag}.localhost`;
  const name = `Paula Payee ${tag}`;
  const publisher = await publisherWithZone(admin, { domain, size: HALF_BANNER, fullName: name });
  const { me } = await graphql<{ me: { id: number } }>("{ me { id } }", {}, publisher.token);
  await graphql(`mutation { setRevenueShare(publisherId: ${me.id}, percent: 85) { id } }`, {}, admin);
  // $1 an impression, and the whole budget may go now: 118 views earn the publisher $100.30.
  const today = new Date().toISOString().slice(0, 10);
  await advertiserWithBanner(admin, { size: HALF_BANNER, cpm: 1000, contentUrl: "https://cdn.example.com/half.png", endDate: today, asap: true });
  await viewAds(publisher.zoneId, `http://${domain}/article`, 118);
  await eventually(() => graphql("{ myBalance { earned pending } }", {}, publisher.token), { myBalance: { earned: 100.3, pending: 100.3 } });
  // Earned today, so payable only 30 days after this month ends: the spec moves the earnings three months back.
  moveEarningsBack(me.id, monthsAgo(3));

  const pub = await visitors.open({ token: publisher.token });
  await pub.goto("/publisher/payouts");
  expect(await pub.getByLabel("Payable balance").textContent()).toBe("$100.30");
  await expect(pub.getByText("Add a payout method to request a payout.")).toBeVisible();
  await pub.getByRole("button", { name: "Add Payout Method" }).click();
  const methodDialog = pub.getByRole("dialog", { name: "Payout method" });
  await methodDialog.getByLabel("Account holder").fill(name);
  await methodDialog.getByLabel("IBAN").fill("DE88 3704 0044 0532 0130 00");
  await methodDialog.getByLabel("BIC").fill("COBADEFFXXX");
  await methodDialog.getByRole("button", { name: "Save Method" }).click();
  await expect(methodDialog.getByText("This IBAN's check digits do not match: please check it for a typing slip")).toBeVisible();
  await methodDialog.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 00");
  await methodDialog.getByRole("button", { name: "Save Method" }).click();
  await expect(toast(pub, "Payouts go to Bank transfer (IBAN) DE89 **** **** 3000")).toBeVisible();
  await pub.getByRole("button", { name: "Request Payout" }).click();
  await expect(toast(pub, "Payout of $100.30 requested")).toBeVisible();
  await screenshot(pub, "payouts tab - requested");

  // The scheduler issues the statement of the month the earnings moved to (it ticks every second here).
  const statements = pub.getByRole("table", { name: "Statements" });
  await eventually(async () => {
    await pub.reload();
    await pub.getByLabel("Payable balance").waitFor();
    return { rows: await statements.getByRole("row").count() };
  }, { rows: 2 });
  const [download] = await Promise.all([pub.waitForEvent("download"), statements.getByRole("button", { name: /as PDF$/ }).first().click()]);
  expect(download.suggestedFilename()).toMatch(/^STM-\d{4}-\d{6}\.pdf$/);

  const page = await visitors.open({ token: admin });
  await page.goto("/admin");
  await openTab(page, "Payouts");
  const requested = payoutRow(page, name);
  await expect(requested).toBeVisible();
  await expect(requested.getByText(publisher.account.email, { exact: true })).toBeVisible();
  await expect(requested.getByText("$100.30", { exact: true })).toBeVisible();
  await expect(requested.getByText("DE89 **** **** 3000", { exact: true })).toBeVisible();
  await screenshot(page, "admin - payout requests");

  const dialog = await markPaid(page, name);
  await expect(dialog.getByText(`Mark the $100.30 payout to ${name} as paid?`, { exact: true })).toBeVisible();
  await screenshot(page, "admin - confirm the payment");
  await dialog.getByLabel("Reference").fill(`SEPA-${tag}`);
  await dialog.getByRole("button", { name: "Mark Paid" }).click();
  await expect(toast(page, "Payout marked as paid")).toBeVisible();
  await expect(payoutRow(page, name)).not.toBeVisible();

  await showPayouts(page, "Paid");
  const paid = payoutRow(page, name);
  await expect(paid).toBeVisible();
  await expect(paid.getByText("paid", { exact: true })).toBeVisible();
  await expect(paid.getByText(`SEPA-${tag}`, { exact: true })).toBeVisible();
  expect(await paid.getByRole("button", { name: "Mark Paid" }).count()).toBe(0);
  await screenshot(page, "admin - paid payouts");
});
