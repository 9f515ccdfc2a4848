import { openTab } from "./pages/common";
import { graphql, newAccount, registeredToken } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";

const visitors = useVisitors();

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
