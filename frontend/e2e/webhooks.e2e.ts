import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { signInFromLanding } from "./pages/auth-dialog";
import { toast } from "./pages/common";
import { openSettings, settingsSection } from "./pages/settings-page";
import { graphql, newAccount, registeredToken, signIn, uniqueName } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";

const visitors = useVisitors();

test("an advertiser adds a webhook in Settings, and its receiver gets the signed campaign.approved the docs' recipe verifies", async () => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/adnet`;
  try {
    const account = newAccount("ADVERTISER", "Wren Webhook");
    const token = await registeredToken(account);
    const page = await visitors.open();
    await signInFromLanding(page, account);
    await openSettings(page);
    const form = settingsSection(page, "Webhooks").getByRole("form", { name: "New webhook endpoint" });
    await form.getByLabel(/Endpoint URL/).fill(hookUrl);
    await form.locator("label").filter({ hasText: /^Campaign approved\s*campaign\.approved$/ }).click();
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await expect(toast(page, "Webhook endpoint added: copy its signing secret now, it is not shown again")).toBeVisible();
    const secret = (await page.getByText(/^whsec_/).textContent())!.trim();
    await screenshot(page, "endpoint added");

    const name = uniqueName("Hooked");
    const { createCampaign } = await graphql<{ createCampaign: { id: number } }>(
      "mutation ($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }",
      { input: { name, budget: 500, cpm: 2 } },
      token,
    );
    await graphql(`mutation { approveCampaign(id: ${createCampaign.id}) { id } }`, {}, await signIn(adminAccount()));
    // The server's scheduler ticks every second in this suite.
    for (let waited = 0; received.length === 0 && waited < 15_000; waited += 250) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(received).toHaveLength(1);

    const [{ headers, body }] = received;
    const parts = Object.fromEntries(String(headers["adnet-signature"]).split(",").map((part) => part.split("=")));
    expect(parts.v1).toBe(createHmac("sha256", secret).update(`${parts.t}.${body}`).digest("hex"));
    expect(JSON.parse(body)).toMatchObject({ type: "campaign.approved", data: { object: { type: "campaign", id: createCampaign.id, name } } });

    await page.getByRole("button", { name: `Deliveries to ${hookUrl}` }).click();
    const log = page.getByRole("table", { name: `Deliveries to ${hookUrl}` });
    await expect(log.getByText("delivered", { exact: true })).toBeVisible();
    await screenshot(page, "delivery log");
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});
