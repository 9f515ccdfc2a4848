import { Campaign, CampaignStatus } from "./campaign.entity";
import { Account, createCampaign, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";

let t: TestApp;
let advertiser: Account;
let otherAdvertiser: Account;
let admin: Account;

beforeAll(async () => {
  t = await startTestApp();
  advertiser = await signUp(t, "advertiser");
  otherAdvertiser = await signUp(t, "advertiser");
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const post = (body: Record<string, unknown>) => t.rest("POST", "/advertiser/campaigns", { token: advertiser.token, body });
const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const listed = async (account: Account, id: number) =>
  (await t.rest("GET", "/advertiser/campaigns", { token: account.token })).body.find((c: { id: number }) => c.id === id);

describe("creating a campaign", () => {
  it("takes the CPM under `cpm`, stores the spec's fields and starts pending", async () => {
    const response = await post({ name: "Launch", budget: 750.5, cpm: 3.25, target_countries: ["United States", "germany", "JP"], status: "active", spend: 5, impressions: 100 });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: "Launch",
      budget: 750.5,
      cpm: 3.25,
      status: "pending",
      impressions: 0,
      clicks: 0,
      ctr: 0,
      spend: 0,
      target_countries: ["US", "DE", "JP"],
      start_date: today(),
      end_date: daysFromToday(30),
      advertiser_id: advertiser.id,
    });
  });

  it("takes the legacy client's misspelled key `cmp` as the CPM", async () => {
    const response = await post({ name: "Legacy form", budget: 500, cmp: 1.75 });
    expect(response).toMatchObject({ status: 201, body: { cpm: 1.75, target_countries: [] } });
  });

  it("refuses a campaign with no CPM under either key, and stores nothing", async () => {
    const before = (await t.rest("GET", "/advertiser/campaigns", { token: advertiser.token })).body.length;
    expect(await post({ name: "No price", budget: 900 })).toEqual({ status: 422, body: { detail: "CPM is required" } });
    expect((await t.rest("GET", "/advertiser/campaigns", { token: advertiser.token })).body).toHaveLength(before);
  });

  it.each([
    [{ name: "" }, "Name is required"],
    [{ budget: undefined }, "Budget is required"],
    [{ budget: "lots" }, "Budget must be a number"],
    [{ budget: 499.99 }, "Budget must be at least $500"],
    [{ budget: 600.001 }, "Budget must be in whole cents, such as 12.50"],
    [{ cpm: 0 }, "CPM must be more than $0"],
    [{ cpm: -2 }, "CPM must be more than $0"],
    [{ cpm: 1000.01 }, "CPM can be at most $1,000"],
    [{ cpm: 0.0000004 }, "CPM must be at least $0.01"],
    [{ cpm: 0.001 }, "CPM must be in whole cents, such as 12.50"],
    [{ cpm: 0.01 }, null],
    [{ target_countries: ["Narnia"] }, "Unknown country: Narnia. Pick from the list"],
    [{ target_countries: "US" }, null],
    [{ start_date: "2030-02-30" }, "Start date must be a date such as 2030-01-31"],
    [{ start_date: daysFromToday(10), end_date: daysFromToday(5) }, "The end date can't be before the start date"],
    [{ start_date: "2020-01-01", end_date: "2020-01-31" }, "The end date has already passed: pick today or a later day"],
  ])("checks %p: %p", async (change, detail) => {
    const response = await post({ name: "Checked", budget: 1000, cpm: 2, ...change });
    if (detail === null) expect(response.status).toBe(201);
    else expect(response).toEqual({ status: 422, body: { detail } });
  });

  it("accepts a one-day flight and takes dates with a time part as their day", async () => {
    const response = await post({ name: "One day", budget: 500, cpm: 1, start_date: `${daysFromToday(1)}T00:00:00.000Z`, end_date: daysFromToday(1) });
    expect(response.body).toMatchObject({ start_date: daysFromToday(1), end_date: daysFromToday(1) });
  });

  it("creates over GraphQL with the field named in errors", async () => {
    const ok = await t.gql(`mutation { createCampaign(input: {name: "GQL", budget: 500, cpm: 4, targetCountries: ["Canada"]}) { status cpm targetCountries } }`, {}, advertiser.token);
    expect(ok.data).toEqual({ createCampaign: { status: "PENDING", cpm: 4, targetCountries: ["CA"] } });
    const bad = await t.gql(`mutation { createCampaign(input: {name: "GQL", budget: 100, cpm: 4}) { id } }`, {}, advertiser.token);
    expect(bad.errors?.[0]).toMatchObject({ message: "Budget must be at least $500", extensions: { code: "BAD_USER_INPUT", field: "budget" } });
  });

  it("refuses over GraphQL a CPM that rounds to nothing, naming the field", async () => {
    const bad = await t.gql(`mutation { createCampaign(input: {name: "Free ride", budget: 500, cpm: 0.0000001}) { id } }`, {}, advertiser.token);
    expect(bad.errors?.[0]).toMatchObject({ message: "CPM must be at least $0.01", extensions: { code: "BAD_USER_INPUT", field: "cpm" } });
    expect(bad.data).toBeNull();
  });

  it("honours a configured minimum budget", async () => {
    const lenient = await startTestApp({ MIN_CAMPAIGN_BUDGET: "50" });
    try {
      const buyer = await signUp(lenient, "advertiser");
      const response = await lenient.rest("POST", "/advertiser/campaigns", { token: buyer.token, body: { name: "Small", budget: 60, cpm: 1 } });
      expect(response.status).toBe(201);
    } finally {
      await lenient.close();
    }
  });
});

describe("approval, rejection, pause and resume", () => {
  it("takes a pending campaign to active on approval, over REST", async () => {
    const campaign = await createCampaign(t, advertiser);
    const approved = await t.rest("PUT", `/admin/campaigns/${campaign.id}/approve`, { token: admin.token });
    expect(approved).toMatchObject({ status: 200, body: { id: campaign.id, status: "active" } });
    expect((await listed(advertiser, campaign.id)).status).toBe("active");
    expect((await t.rest("PUT", `/admin/campaigns/${campaign.id}/approve`, { token: admin.token })).status).toBe(409);
  });

  it("rejects with a reason the advertiser sees", async () => {
    const campaign = await createCampaign(t, advertiser);
    await t.gql(`mutation { rejectCampaign(id: ${campaign.id}, reason: "Landing page is broken") { id } }`, {}, admin.token);
    expect(await listed(advertiser, campaign.id)).toMatchObject({ status: "rejected", rejection_reason: "Landing page is broken" });
  });

  it("lets the advertiser pause and resume an active campaign", async () => {
    const campaign = await createCampaign(t, advertiser);
    await t.rest("PUT", `/admin/campaigns/${campaign.id}/approve`, { token: admin.token });
    const paused = await t.gql(`mutation { pauseCampaign(id: ${campaign.id}) { status } }`, {}, advertiser.token);
    expect(paused.data).toEqual({ pauseCampaign: { status: "PAUSED" } });
    const resumed = await t.gql(`mutation { resumeCampaign(id: ${campaign.id}) { status } }`, {}, advertiser.token);
    expect(resumed.data).toEqual({ resumeCampaign: { status: "ACTIVE" } });
  });

  it("lets an admin pause and resume any campaign", async () => {
    const campaign = await createCampaign(t, advertiser);
    await t.rest("PUT", `/admin/campaigns/${campaign.id}/approve`, { token: admin.token });
    expect((await t.gql(`mutation { pauseCampaign(id: ${campaign.id}) { status } }`, {}, admin.token)).data).toEqual({ pauseCampaign: { status: "PAUSED" } });
    expect((await t.gql(`mutation { resumeCampaign(id: ${campaign.id}) { status } }`, {}, admin.token)).data).toEqual({ resumeCampaign: { status: "ACTIVE" } });
  });

  it("does not bring back a campaign the delivery writer completed after the pause read it", async () => {
    const campaign = await createCampaign(t, advertiser);
    await t.rest("PUT", `/admin/campaigns/${campaign.id}/approve`, { token: admin.token });
    const service = t.app.services.campaigns;
    const findOwned = service.findOwned.bind(service);
    jest.spyOn(service, "findOwned").mockImplementationOnce(async (...args) => {
      const read = await findOwned(...args);
      await t.app.dataSource.getRepository(Campaign).update(read.id, { status: CampaignStatus.COMPLETED });
      return read;
    });
    const pause = await t.gql(`mutation { pauseCampaign(id: ${campaign.id}) { status } }`, {}, advertiser.token);
    expect(pause.errors?.[0]).toMatchObject({ message: "A completed campaign cannot be paused", extensions: { code: "CONFLICT" } });
    expect(await listed(advertiser, campaign.id)).toMatchObject({ status: "completed" });
  });

  it("refuses moves the current state does not allow", async () => {
    const campaign = await createCampaign(t, advertiser);
    const pause = await t.gql(`mutation { pauseCampaign(id: ${campaign.id}) { status } }`, {}, advertiser.token);
    expect(pause.errors?.[0]).toMatchObject({ message: "A pending campaign cannot be paused", extensions: { code: "CONFLICT" } });
    const resume = await t.gql(`mutation { resumeCampaign(id: ${campaign.id}) { status } }`, {}, advertiser.token);
    expect(resume.errors?.[0]?.extensions?.code).toBe("CONFLICT");
    expect((await listed(advertiser, campaign.id)).status).toBe("pending");
  });

  it("hides another advertiser's campaign behind NOT_FOUND and leaves it untouched", async () => {
    const campaign = await createCampaign(t, advertiser);
    await t.rest("PUT", `/admin/campaigns/${campaign.id}/approve`, { token: admin.token });
    const attempt = await t.gql(`mutation { pauseCampaign(id: ${campaign.id}) { status } }`, {}, otherAdvertiser.token);
    expect(attempt.errors?.[0]).toMatchObject({ message: "Campaign not found", extensions: { code: "NOT_FOUND" } });
    expect((await listed(advertiser, campaign.id)).status).toBe("active");
    expect((await t.rest("GET", "/advertiser/campaigns", { token: otherAdvertiser.token })).body).toEqual([]);
  });

  it("lists every campaign for the admin, filtered by status over GraphQL", async () => {
    const campaign = await createCampaign(t, advertiser);
    const all = (await t.rest("GET", "/admin/campaigns", { token: admin.token })).body;
    expect(all.map((c: { id: number }) => c.id)).toContain(campaign.id);
    const pending = await t.gql<{ campaigns: { items: { status: string }[] } }>("{ campaigns(input: { status: PENDING }) { items { status } } }", {}, admin.token);
    expect(pending.data!.campaigns.items.length).toBeGreaterThan(0);
    expect(new Set(pending.data!.campaigns.items.map((c) => c.status))).toEqual(new Set(["PENDING"]));
  });
});

describe("why a campaign does not deliver", () => {
  type Listed = { id: number; deliveryIssue: string | null }[];
  const issueIn = (campaigns: Listed, id: number) => campaigns.find((campaign) => campaign.id === id)?.deliveryIssue;
  const advertiserSees = async (id: number) =>
    issueIn((await t.gql<{ myCampaigns: Listed }>("{ myCampaigns { id deliveryIssue } }", {}, advertiser.token)).data!.myCampaigns, id);
  const adminSees = async (id: number) =>
    issueIn((await t.gql<{ campaigns: { items: Listed } }>("{ campaigns(input: { limit: 100 }) { items { id deliveryIssue } } }", {}, admin.token)).data!.campaigns.items, id);

  it("names a missing approved creative to the advertiser and the admins, until one is approved", async () => {
    const campaign = await createCampaign(t, advertiser);
    expect(await advertiserSees(campaign.id)).toBeNull();
    await t.rest("PUT", `/admin/campaigns/${campaign.id}/approve`, { token: admin.token });

    expect(await advertiserSees(campaign.id)).toBe("Not delivering: no approved creative");
    expect(await adminSees(campaign.id)).toBe("Not delivering: no approved creative");
    expect((await listed(advertiser, campaign.id)).delivery_issue).toBe("Not delivering: no approved creative");

    const creative = await t.rest("POST", "/advertiser/creatives", {
      token: advertiser.token,
      body: { campaign_id: campaign.id, name: "Banner", content_url: "https://cdn.example.com/ad.png" },
    });
    expect(await advertiserSees(campaign.id)).toBe("Not delivering: no approved creative");
    await t.gql(`mutation { approveCreative(id: ${creative.body.id}) { status } }`, {}, admin.token);
    expect(await advertiserSees(campaign.id)).toBeNull();
    expect(await adminSees(campaign.id)).toBeNull();
  });

  it("names a flight that has not started", async () => {
    const campaign = await createCampaign(t, advertiser, { start_date: daysFromToday(3), end_date: daysFromToday(10) });
    await t.rest("PUT", `/admin/campaigns/${campaign.id}/approve`, { token: admin.token });
    const creative = await t.rest("POST", "/advertiser/creatives", {
      token: advertiser.token,
      body: { campaign_id: campaign.id, name: "Banner", content_url: "https://cdn.example.com/ad.png" },
    });
    await t.gql(`mutation { approveCreative(id: ${creative.body.id}) { status } }`, {}, admin.token);
    expect(await advertiserSees(campaign.id)).toBe(`Not delivering: the flight starts on ${daysFromToday(3)}`);
  });
});
