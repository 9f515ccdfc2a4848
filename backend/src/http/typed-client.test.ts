import { AdNetError, adnetClient, CampaignReportDocument, CreateCampaignDocument, MyCampaignsDocument, WhoAmIDocument } from "../../../clients/typescript/src/client";
import { signUp } from "../../test/factories";
import { startTestApp, TestApp } from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it("lets an integrator sign in with an API key, create a campaign, list it and read its report through the typed client", async () => {
  const advertiser = await signUp(t, "advertiser");
  const created = await t.gql<{ createApiKey: { secret: string } }>(`mutation { createApiKey(input: { name: "integration" }) { secret } }`, {}, advertiser.token);
  const client = adnetClient({ url: t.url, apiKey: created.data!.createApiKey.secret });

  expect((await client.request(WhoAmIDocument, {})).me).toMatchObject({ id: advertiser.id, email: advertiser.email, role: "ADVERTISER" });
  const { createCampaign } = await client.request(CreateCampaignDocument, { input: { name: "Typed client launch", budget: 500, cpm: 2 } });
  expect(createCampaign).toMatchObject({ name: "Typed client launch", status: "PENDING", budget: 500 });
  expect((await client.request(MyCampaignsDocument, {})).myCampaigns).toEqual([{ id: createCampaign.id, name: "Typed client launch", status: "PENDING", budget: 500, impressions: 0 }]);
  const today = new Date().toISOString().slice(0, 10);
  const { advertiserReport } = await client.request(CampaignReportDocument, { input: { from: today, to: today } });
  expect(advertiserReport.totals).toEqual({ impressions: 0, clicks: 0, spend: 0 });
});

it("throws the API's refusal with its code and field", async () => {
  const advertiser = await signUp(t, "advertiser");
  const created = await t.gql<{ createApiKey: { secret: string } }>(`mutation { createApiKey(input: { name: "integration" }) { secret } }`, {}, advertiser.token);
  const client = adnetClient({ url: t.url, apiKey: created.data!.createApiKey.secret });
  const refusal = await client.request(CreateCampaignDocument, { input: { name: "Bad\u0000name", budget: 500 } }).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(AdNetError);
  expect(refusal).toMatchObject({ code: "BAD_USER_INPUT", field: "name", message: "Name cannot contain control characters or unpaired surrogates" });
});
