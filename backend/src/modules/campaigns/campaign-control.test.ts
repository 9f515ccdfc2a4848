import { Campaign } from "./campaign.entity";
import { advertiserStats, approvedCampaign, liveAd, requestAd, showAd, uniqueSize } from "../../../test/ad-fixtures";
import { Account, createCampaign, signInAdmin, signUp } from "../../../test/factories";
import { startAppPair, startTestApp, TestApp } from "../../../test/test-app";

let t: TestApp;
let advertiser: Account;
let otherAdvertiser: Account;
let publisher: Account;
let admin: Account;

beforeAll(async () => {
  t = await startTestApp({ MIN_CAMPAIGN_BUDGET: "1", IP_IMPRESSIONS_PER_MINUTE: "100000", DELIVERY_FLUSH_MS: "60000" });
  advertiser = await signUp(t, "advertiser");
  otherAdvertiser = await signUp(t, "advertiser");
  publisher = await signUp(t, "publisher");
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const put = (account: Account, id: number, body: Record<string, unknown> = {}, path = "") =>
  t.rest("PUT", `/advertiser/campaigns/${id}${path}`, { token: account.token, body });
const listed = async (account: Account, id: number, query = "") =>
  (await t.rest("GET", `/advertiser/campaigns${query}`, { token: account.token })).body.find((c: { id: number }) => c.id === id);
const history = async (account: Account, id: number) => (await t.rest("GET", `/advertiser/campaigns/${id}/history`, { token: account.token })).body;

async function liveCampaign(fields: Record<string, unknown> = {}) {
  const campaign = await createCampaign(t, advertiser, { name: "Winter Sale", budget: 1000, cpm: 4, target_countries: ["US"], ...fields });
  await t.rest("PUT", `/admin/campaigns/${campaign.id}/approve`, { token: admin.token });
  return campaign.id as number;
}

describe("editing a campaign", () => {
  it("changes every field but the category of a live campaign through REST, and it stays live without a new review", async () => {
    const id = await liveCampaign();
    const response = await put(advertiser, id, {
      name: "Winter Sale, extended",
      budget: 1500.5,
      pricing_model: "cpc",
      bid: 0.45,
      daily_cap: 60,
      pacing: "asap",
      rotation: "optimised",
      target_countries: ["France", "DE"],
      start_date: daysFromToday(2),
      end_date: daysFromToday(40),
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id,
      status: "active",
      name: "Winter Sale, extended",
      budget: 1500.5,
      pricing_model: "cpc",
      bid: 0.45,
      cpm: null,
      daily_cap: 60,
      pacing: "asap",
      rotation: "optimised",
      category: "general",
      target_countries: ["FR", "DE"],
      start_date: daysFromToday(2),
      end_date: daysFromToday(40),
      archived: false,
    });
    expect(await listed(advertiser, id)).toMatchObject({ name: "Winter Sale, extended", status: "active", bid: 0.45 });
  });

  it("changes only the fields sent over GraphQL; a null daily cap removes the cap", async () => {
    const id = await liveCampaign({ daily_cap: 40, category: "finance" });
    const result = await t.gql(
      `mutation ($id: Int!) { updateCampaign(id: $id, input: { bid: 6.5, dailyCap: null, pacing: ASAP }) { status cpm bid pricingModel dailyCap pacing category budget targetCountries nextActions } }`,
      { id },
      advertiser.token,
    );
    expect(result.data?.updateCampaign).toEqual({
      status: "ACTIVE",
      cpm: 6.5,
      bid: 6.5,
      pricingModel: "CPM",
      dailyCap: null,
      pacing: "ASAP",
      category: "finance",
      budget: 1000,
      targetCountries: ["US"],
      nextActions: ["PAUSE", "EDIT", "DUPLICATE"],
    });
  });

  it("sends an approved campaign back to review when its category changes, through either door, and the admins see why", async () => {
    const retail = await liveCampaign({ category: "general" });
    const edited = await put(advertiser, retail, { category: "gambling", name: "Winter Sale, now with bets" });
    expect(edited.body).toMatchObject({ status: "pending", category: "gambling", name: "Winter Sale, now with bets" });
    const rows = (await history(admin, retail)).slice(0, 3).map((row: { field: string; from: string; to: string }) => [row.field, row.from, row.to]);
    expect(rows).toEqual([
      ["Name", "Winter Sale", "Winter Sale, now with bets"],
      ["Category", "General", "Gambling"],
      ["Status", "Active", "Pending review"],
    ]);
    const queue = await t.gql<{ campaigns: { items: { id: number; status: string; nextActions: string[] }[] } }>(
      `{ campaigns(input: { status: PENDING, search: "now with bets" }) { items { id status nextActions } } }`,
      {},
      admin.token,
    );
    expect(queue.data?.campaigns.items).toEqual([{ id: retail, status: "PENDING", nextActions: ["APPROVE", "REJECT", "EDIT"] }]);

    const paused = await liveCampaign();
    await t.gql(`mutation { pauseCampaign(id: ${paused}) { id } }`, {}, advertiser.token);
    const gql = await t.gql<{ updateCampaign: { status: string; category: string } }>(`mutation { updateCampaign(id: ${paused}, input: { category: "dating" }) { status category } }`, {}, advertiser.token);
    expect(gql.data?.updateCampaign).toEqual({ status: "PENDING", category: "dating" });
  });

  it("keeps a campaign live when an edit sends its category unchanged, and a pending one pending whatever its category", async () => {
    const id = await liveCampaign({ category: "travel" });
    expect((await put(advertiser, id, { category: "travel", bid: 5 })).body).toMatchObject({ status: "active", category: "travel", bid: 5 });

    const pending = await createCampaign(t, advertiser, { name: "Not yet seen", budget: 1000, cpm: 4 });
    expect((await put(advertiser, pending.id, { category: "gambling" })).body).toMatchObject({ status: "pending", category: "gambling" });
    expect((await history(advertiser, pending.id))[0]).toMatchObject({ field: "Category", from: "General", to: "Gambling" });
  });

  it("lets an admin edit any campaign, and refuses other advertisers and publishers", async () => {
    const id = await liveCampaign();
    expect((await put(admin, id, { name: "Renamed by support" })).body.name).toBe("Renamed by support");
    expect(await put(otherAdvertiser, id, { name: "Hijacked" })).toEqual({ status: 404, body: { detail: "Campaign not found" } });
    expect((await put(publisher, id, { name: "Hijacked" })).status).toBe(403);
    const gql = await t.gql(`mutation ($id: Int!) { updateCampaign(id: $id, input: { name: "Hijacked" }) { id } }`, { id }, otherAdvertiser.token);
    expect(gql.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect((await listed(advertiser, id)).name).toBe("Renamed by support");
  });

  it.each([
    [{ name: "" }, "Name is required"],
    [{ name: "Half saved?", budget: "lots" }, "Budget must be a number"],
    [{ name: "Half saved?", budget: 0.5 }, "Budget must be at least $1"],
    [{ bid: 0 }, "Bid must be more than $0"],
    [{ bid: 1000.01 }, "The bid per thousand impressions can be at most $1,000"],
    [{ cpm: 0.004 }, "CPM must be in whole cents, such as 12.50"],
    [{ pricing_model: "cpc", bid: 150 }, "The bid per click can be at most $100"],
    [{ pricing_model: "cpc", cpm: 1 }, "CPM is the bid of a CPM campaign: send this campaign's bid as bid"],
    [{ pricing_model: "cpv" }, "Pricing model must be one of cpm, cpc, cpa, vcpm, cpcv"],
    [{ daily_cap: 1000.01 }, "The daily budget cap can't be more than the total budget"],
    [{ daily_cap: -5 }, "Daily budget cap must be more than $0"],
    [{ pacing: "slowly" }, "Pacing must be one of even, asap"],
    [{ rotation: "random" }, "Rotation must be one of even, optimised"],
    [{ target_countries: ["Narnia"] }, "Unknown country: Narnia. Pick from the list"],
    [{ start_date: "2020-01-01" }, "The start date has already passed: pick today or a later day"],
    [{ start_date: daysFromToday(50) }, "The end date can't be before the start date"],
    [{ end_date: "2030-02-30" }, "End date must be a date such as 2030-01-31"],
  ])("refuses %p with %p and changes nothing", async (change, detail) => {
    const id = await liveCampaign();
    const before = await listed(advertiser, id);
    expect(await put(advertiser, id, change)).toEqual({ status: 422, body: { detail } });
    expect(await listed(advertiser, id)).toEqual(before);
  });

  it("refuses an unknown category, naming the field over GraphQL", async () => {
    const id = await liveCampaign();
    const result = await t.gql(`mutation ($id: Int!) { updateCampaign(id: $id, input: { category: "weapons", name: "Not saved" }) { id } }`, { id }, advertiser.token);
    expect(result.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "category" } });
    expect((await listed(advertiser, id)).name).toBe("Winter Sale");
  });

  it("refuses a budget below what the campaign has spent, and a new start date once it has shown ads", async () => {
    const ad = await liveAd(t, { budget: 10, cpm: 1000, endDate: daysFromToday(0), pacing: "asap" });
    for (let i = 0; i < 3; i++) await showAd(t, ad);
    await t.app.services.delivery.flush();
    const edit = (body: Record<string, unknown>) => t.rest("PUT", `/advertiser/campaigns/${ad.campaignId}`, { token: ad.advertiser.token, body });

    expect(await edit({ budget: 2.99 })).toEqual({ status: 422, body: { detail: "Budget can't be less than the $3 this campaign has already spent" } });
    const gql = await t.gql(`mutation ($id: Int!) { updateCampaign(id: $id, input: { budget: 2 }) { id } }`, { id: ad.campaignId }, ad.advertiser.token);
    expect(gql.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "budget" } });
    expect(await edit({ start_date: daysFromToday(1), end_date: daysFromToday(3) })).toEqual({
      status: 409,
      body: { detail: "The start date can't change once the campaign has shown ads" },
    });
    expect((await edit({ budget: 3 })).body).toMatchObject({ budget: 3, spend: 3 });
  });

  it("refuses to edit a campaign in a final status", async () => {
    const id = await liveCampaign();
    await t.gql(`mutation { rejectCampaign(id: ${id}, reason: "Misleading") { id } }`, {}, admin.token);
    expect(await put(advertiser, id, { name: "Second try" })).toEqual({ status: 409, body: { detail: "A rejected campaign cannot be edited" } });
  });

  it("creates with every new setting, and a CPC campaign without a bid is refused naming the bid", async () => {
    const created = await t.rest("POST", "/advertiser/campaigns", {
      token: advertiser.token,
      body: { name: "Clicks", budget: 800, pricing_model: "CPC", bid: 0.3, daily_cap: 25, pacing: "asap", rotation: "optimised", category: "software" },
    });
    expect(created).toMatchObject({ status: 201, body: { pricing_model: "cpc", bid: 0.3, cpm: null, daily_cap: 25, pacing: "asap", rotation: "optimised", category: "software", status: "pending" } });
    const noBid = await t.gql(`mutation { createCampaign(input: { name: "No bid", budget: 800, pricingModel: CPC }) { id } }`, {}, advertiser.token);
    expect(noBid.errors?.[0]).toMatchObject({ message: "Bid is required", extensions: { field: "bid" } });
  });
});

describe("what a campaign's card is told", () => {
  it("names the sites and zones its targeting lists, and counts its creatives by review status", async () => {
    const [width, height] = uniqueSize();
    const ad = await liveAd(t, { zoneSize: [width, height] });
    const targeting = { sites: { mode: "include", values: [ad.site.domain, "gone.example.com"] }, zones: { mode: "exclude", values: [String(ad.zoneId)] } };
    expect((await t.rest("PUT", `/advertiser/campaigns/${ad.campaignId}`, { token: ad.advertiser.token, body: { targeting } })).status).toBe(200);

    const answer = await t.gql<{ campaigns: { items: { targetNames: unknown[]; creativeCounts: unknown }[] } }>(
      `{ campaigns(input: { search: "${(await listed(ad.advertiser, ad.campaignId)).name}" }) { items { targetNames { rule value name } creativeCounts { pending approved rejected } } } }`,
      {},
      ad.admin.token,
    );
    expect(answer.data?.campaigns.items).toEqual([
      {
        targetNames: [
          { rule: "sites", value: "gone.example.com", name: null },
          { rule: "sites", value: ad.site.domain, name: "Example News" },
          { rule: "zones", value: String(ad.zoneId), name: `Sidebar (${width}×${height})` },
        ],
        creativeCounts: { pending: 0, approved: 1, rejected: 0 },
      },
    ]);
    expect((await listed(ad.advertiser, ad.campaignId)).creative_counts).toEqual({ pending: 0, approved: 1, rejected: 0 });
  });
});

describe("duplicating a campaign", () => {
  it("copies every setting and the creatives, as a new pending campaign starting today when the original has started", async () => {
    const ad = await liveAd(t, { cpm: 3, countries: ["GB"] });
    const campaigns = t.app.dataSource.getRepository(Campaign);
    const edited = await t.rest("PUT", `/advertiser/campaigns/${ad.campaignId}`, {
      token: ad.advertiser.token,
      body: { targeting: { devices: { mode: "include", values: ["mobile"] } }, frequency_caps: [{ count: 2, per: "day" }], daily_cap: 30 },
    });
    expect(edited.status).toBe(200);
    // A flight that started days ago, which no edit may set.
    await campaigns.update(ad.campaignId, { startDate: daysFromToday(-5), endDate: daysFromToday(10) });
    const { targeting, frequencyCaps } = await campaigns.findOneByOrFail({ id: ad.campaignId });
    expect(targeting).toContain("mobile");
    expect(frequencyCaps).toContain('"count":2');

    const copy = await t.rest("POST", `/advertiser/campaigns/${ad.campaignId}/duplicate`, { token: ad.advertiser.token });
    expect(copy.status).toBe(201);
    const original = await listed(ad.advertiser, ad.campaignId);
    expect(copy.body).toMatchObject({
      name: `${original.name} (copy)`,
      status: "pending",
      bid: 3,
      daily_cap: 30,
      target_countries: ["GB"],
      start_date: daysFromToday(0),
      end_date: daysFromToday(15),
      impressions: 0,
      spend: 0,
    });
    expect(await campaigns.findOneByOrFail({ id: copy.body.id })).toMatchObject({ targeting, frequencyCaps });

    const creatives = (await t.gql<{ myCreatives: { campaignId: number; status: string; contentUrl: string }[] }>("{ myCreatives { campaignId status contentUrl } }", {}, ad.advertiser.token)).data!.myCreatives;
    expect(creatives.filter((creative) => creative.campaignId === copy.body.id)).toEqual([{ campaignId: copy.body.id, status: "PENDING", contentUrl: "https://cdn.example.com/banner.png" }]);
    expect(creatives.find((creative) => creative.campaignId === ad.campaignId)?.status).toBe("APPROVED");
    expect((await history(ad.advertiser, copy.body.id))[0]).toMatchObject({ action: "Created as a copy", from: original.name, to: `${original.name} (copy)` });
  });

  it("copies only the advertiser's own campaigns", async () => {
    const id = await liveCampaign();
    expect(await t.rest("POST", `/advertiser/campaigns/${id}/duplicate`, { token: otherAdvertiser.token })).toEqual({ status: 404, body: { detail: "Campaign not found" } });
    expect((await t.rest("POST", `/advertiser/campaigns/${id}/duplicate`, { token: admin.token })).status).toBe(403);
  });
});

describe("archiving a campaign", () => {
  it("takes a paused campaign out of the lists, keeps its figures in reports, and brings it back", async () => {
    const ad = await liveAd(t);
    await showAd(t, ad);
    await t.app.services.delivery.flush();
    const archive = () => t.rest("PUT", `/advertiser/campaigns/${ad.campaignId}/archive`, { token: ad.advertiser.token });

    expect(await archive()).toEqual({ status: 409, body: { detail: "An active campaign cannot be archived: pause it first" } });
    await t.gql(`mutation { pauseCampaign(id: ${ad.campaignId}) { status } }`, {}, ad.advertiser.token);
    expect((await archive()).body).toMatchObject({ status: "paused", archived: true });

    expect(await listed(ad.advertiser, ad.campaignId)).toBeUndefined();
    expect(await listed(ad.advertiser, ad.campaignId, "?archived=true")).toMatchObject({ archived: true, impressions: 1 });
    const adminIds = (archived: boolean) =>
      t.gql<{ campaigns: { items: { id: number }[] } }>(`{ campaigns(input: { limit: 100, archived: ${archived} }) { items { id } } }`, {}, admin.token);
    expect((await adminIds(false)).data!.campaigns.items.map((c) => c.id)).not.toContain(ad.campaignId);
    expect((await adminIds(true)).data!.campaigns.items.map((c) => c.id)).toContain(ad.campaignId);
    expect(await advertiserStats(t, ad.advertiser)).toMatchObject({ impressions: 1 });
    const creativeIds = async () => (await t.gql<{ myCreatives: { id: number }[] }>("{ myCreatives { id } }", {}, ad.advertiser.token)).data!.myCreatives.map((c) => c.id);
    expect(await creativeIds()).not.toContain(ad.creativeId);

    const resume = await t.gql(`mutation { resumeCampaign(id: ${ad.campaignId}) { status } }`, {}, ad.advertiser.token);
    expect(resume.errors?.[0]?.message).toBe("An archived campaign cannot be resumed: unarchive it first");
    const served = await t.gql<{ myCampaigns: { id: number; nextActions: string[] }[] }>("{ myCampaigns(archived: true) { id nextActions } }", {}, ad.advertiser.token);
    expect(served.data!.myCampaigns.find((c) => c.id === ad.campaignId)?.nextActions).toEqual(["DUPLICATE", "UNARCHIVE"]);
    const creative = { campaign_id: ad.campaignId, name: "Late banner", type: "image", content_url: "https://cdn.example.com/late.png", width: 300, height: 250 };
    expect(await t.rest("POST", "/advertiser/creatives", { token: ad.advertiser.token, body: creative })).toEqual({
      status: 409,
      body: { detail: "An archived campaign takes no new creatives: unarchive it first" },
    });

    expect((await t.rest("PUT", `/advertiser/campaigns/${ad.campaignId}/unarchive`, { token: ad.advertiser.token })).body).toMatchObject({ status: "paused", archived: false });
    expect(await listed(ad.advertiser, ad.campaignId)).toMatchObject({ archived: false });
    expect(await creativeIds()).toContain(ad.creativeId);
  });

  it("never serves an archived campaign", async () => {
    const ad = await liveAd(t);
    await t.app.dataSource.getRepository(Campaign).update(ad.campaignId, { archivedAt: new Date() });
    await t.app.services.delivery.inventory.reload();
    expect((await requestAd(t, ad.zoneId, { page: ad.page })).body).toEqual({ fill: false });
  });

  it("archives only the advertiser's own campaigns", async () => {
    const id = await liveCampaign();
    await t.gql(`mutation { pauseCampaign(id: ${id}) { status } }`, {}, advertiser.token);
    expect(await put(otherAdvertiser, id, {}, "/archive")).toEqual({ status: 404, body: { detail: "Campaign not found" } });
    expect((await listed(advertiser, id)).archived).toBe(false);
  });
});

describe("a campaign's history", () => {
  it("lists who changed what from what to what, newest first, in dollars and words, to its advertiser and the admins", async () => {
    const id = await liveCampaign({ daily_cap: 50 });
    await put(advertiser, id, { budget: 1200, target_countries: ["US", "JP"], daily_cap: null, pricing_model: "cpa", bid: 12 });
    await t.gql(`mutation { pauseCampaign(id: ${id}) { status } }`, {}, advertiser.token);

    const rows = await history(advertiser, id);
    const row = (action: string, field: string | null) => rows.find((r: { action: string; field: string | null }) => r.action === action && r.field === field);
    expect(rows.map((r: { action: string }) => r.action)).toEqual(["Paused", "Edited", "Edited", "Edited", "Edited", "Edited", "Approved", "Created"]);
    expect(row("Paused", "Status")).toMatchObject({ from: "Active", to: "Paused", by: advertiser.email });
    expect(row("Edited", "Budget")).toMatchObject({ from: "$1,000.00", to: "$1,200.00" });
    expect(row("Edited", "Pricing model")).toMatchObject({ from: "CPM: per thousand impressions", to: "CPA: per conversion" });
    expect(row("Edited", "Bid")).toMatchObject({ from: "$4.00", to: "$12.00" });
    expect(row("Edited", "Daily budget cap")).toMatchObject({ from: "$50.00", to: "No cap" });
    expect(row("Edited", "Target countries")).toMatchObject({ from: "United States", to: "United States, Japan" });
    expect(row("Approved", "Status")).toMatchObject({ from: "Pending review", to: "Active", by: "AdNet" });
    expect(row("Created", null)).toMatchObject({ to: "Winter Sale", by: advertiser.email });
    expect(new Date(rows[0].at).getTime()).toBeGreaterThanOrEqual(new Date(rows[rows.length - 1].at).getTime());

    const adminView = await t.gql<{ campaignHistory: { action: string; by: string }[] }>(`{ campaignHistory(id: ${id}) { action field from to by } }`, {}, admin.token);
    expect(adminView.data!.campaignHistory.find((r) => r.action === "Approved")?.by).toBe("root-admin@adnet.test");
    expect((await t.rest("GET", `/advertiser/campaigns/${id}/history`, { token: otherAdvertiser.token })).status).toBe(404);
  });
});

describe("changes reach every ad server process", () => {
  it("serves by a bid and countries edited through the other process within two seconds", async () => {
    // Periodic checks five minutes apart: only the announcement of the change can explain an answer within seconds.
    const pair = await startAppPair({ DELIVERY_REFRESH_MS: "300000", IP_IMPRESSIONS_PER_MINUTE: "100000", TRUST_PROXY: "127.0.0.1", COUNTRY_HEADER: "cf-ipcountry" });
    try {
      const ad = await liveAd(pair.first, { cpm: 4 });
      const zone = pair.first.app.services.delivery.inventory.zone(ad.zoneId)!;
      const rival = await approvedCampaign(pair.first, await signUp(pair.first, "advertiser"), ad.admin, { cpm: 2, creativeSize: [zone.width, zone.height] });
      const servedBySecond = async (country: string) => (await requestAd(pair.second, ad.zoneId, { page: ad.page, country })).body.creative?.id;
      expect(await within(2000, async () => (await servedBySecond("US")) === ad.creativeId)).toBe(true);

      const edit = async (input: string) => {
        const result = await pair.first.gql(`mutation { updateCampaign(id: ${rival.campaignId}, input: ${input}) { id } }`, {}, ad.admin.token);
        expect(result.errors).toBeUndefined();
      };
      await edit("{ bid: 10 }");
      expect(await within(2000, async () => (await servedBySecond("US")) === rival.creativeId)).toBe(true);

      await edit(`{ targetCountries: ["JP"] }`);
      expect(await within(2000, async () => (await servedBySecond("US")) === ad.creativeId && (await servedBySecond("JP")) === rival.creativeId)).toBe(true);
    } finally {
      await pair.close();
    }
  });
});

/** Whether the condition holds before the time is up, asked again every 50 ms. */
async function within(ms: number, condition: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
