import { atOnce } from "../../../test/at-once";
import { Account, createCampaign, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { Campaign, DeliveryTier } from "./campaign.entity";

let t: TestApp;
let advertiser: Account;
let admin: Account;
beforeAll(async () => {
  t = await startTestApp({ MIN_CAMPAIGN_BUDGET: "1" });
  advertiser = await signUp(t, "advertiser");
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const TIER_FIELDS = "deliveryTier goalType goalAmount sharePercent";
const update = (token: string, id: number, input: Record<string, unknown>) =>
  t.gql<{ updateCampaign: Record<string, unknown> }>(`mutation($id: Int!, $input: UpdateCampaignInput!) { updateCampaign(id: $id, input: $input) { ${TIER_FIELDS} } }`, { id, input }, token);
const put = (token: string, id: number, body: Record<string, unknown>) => t.rest("PUT", `/advertiser/campaigns/${id}`, { token, body });
const stored = (id: number) => t.app.dataSource.getRepository(Campaign).findOneByOrFail({ id });
const refusal = (result: { errors?: { message: string; extensions?: { code?: string } }[] }) => result.errors?.[0] && { code: result.errors[0].extensions?.code, message: result.errors[0].message };

describe("who books a tier", () => {
  it("refuses an advertiser sending a tier, a goal or a share through either door, and stores nothing", async () => {
    const created = await t.gql(`mutation { createCampaign(input: { name: "Mine", budget: 100, bid: 2, deliveryTier: GUARANTEED }) { id } }`, {}, advertiser.token);
    expect(refusal(created)).toEqual({ code: "FORBIDDEN", message: "Only an admin may set deliveryTier" });
    expect(await t.rest("POST", "/advertiser/campaigns", { token: advertiser.token, body: { name: "Mine", budget: 100, cpm: 2, share_percent: 30 } })).toEqual({
      status: 403,
      body: { detail: "Only an admin may set sharePercent" },
    });
    const { id } = await createCampaign(t, advertiser, { budget: 100 });
    expect(refusal(await update(advertiser.token, id, { goalAmount: 1000 }))).toEqual({ code: "FORBIDDEN", message: "Only an admin may set goalAmount" });
    expect(await put(advertiser.token, id, { delivery_tier: "auction" })).toEqual({ status: 403, body: { detail: "Only an admin may set deliveryTier" } });
    expect(await stored(id)).toMatchObject({ deliveryTier: DeliveryTier.AUCTION, goalAmount: null, sharePercent: null });
  });

  it("lets an admin book a guaranteed goal by GraphQL and a sponsorship by REST, and a self-serve campaign is in the auction", async () => {
    const { id } = await createCampaign(t, advertiser, { budget: 100 });
    expect((await t.gql<{ formOptions: { campaignFields: { name: string; setBy: string[]; choices: { value: string }[] }[] } }>(`{ formOptions { campaignFields { name setBy choices { value } } } }`)).data!.formOptions.campaignFields.find((field) => field.name === "deliveryTier")).toEqual({
      name: "deliveryTier",
      setBy: ["ADMIN"],
      choices: ["SPONSORSHIP", "GUARANTEED", "AUCTION", "HOUSE"].map((value) => ({ value })),
    });
    expect((await update(admin.token, id, {})).data?.updateCampaign).toEqual({ deliveryTier: "AUCTION", goalType: "IMPRESSIONS", goalAmount: null, sharePercent: null });
    expect((await update(admin.token, id, { deliveryTier: "GUARANTEED", goalAmount: 200_000 })).data?.updateCampaign).toEqual({ deliveryTier: "GUARANTEED", goalType: "IMPRESSIONS", goalAmount: 200_000, sharePercent: null });
    const other = await createCampaign(t, advertiser, { budget: 100, targeting: { sites: { mode: "INCLUDE", values: ["booked.example.com"] } } });
    const booked = await put(admin.token, other.id, { delivery_tier: "sponsorship", share_percent: 30 });
    expect(booked).toMatchObject({ status: 200, body: { delivery_tier: "sponsorship", share_percent: 30, goal_amount: null } });
  });

  it("copies a booked campaign into the auction: the advertiser's copy books nothing", async () => {
    const { id } = await createCampaign(t, advertiser, { budget: 100 });
    await update(admin.token, id, { deliveryTier: "GUARANTEED", goalAmount: 50_000 });
    const copy = await t.gql<{ duplicateCampaign: Record<string, unknown> }>(`mutation { duplicateCampaign(id: ${id}) { ${TIER_FIELDS} } }`, {}, advertiser.token);
    expect(copy.data?.duplicateCampaign).toEqual({ deliveryTier: "AUCTION", goalType: "IMPRESSIONS", goalAmount: null, sharePercent: null });
  });
});

describe("the rules between a tier's fields", () => {
  it.each([
    [{ goalAmount: 1000 }, "Only a guaranteed campaign has a goal: send goalAmount null, or book it as GUARANTEED"],
    [{ sharePercent: 20 }, "Only a sponsorship takes a share of requests: send sharePercent null, or book it as SPONSORSHIP"],
    [{ deliveryTier: "GUARANTEED" }, "A guaranteed campaign needs its goal"],
    [{ deliveryTier: "SPONSORSHIP" }, "A sponsorship needs its share of requests"],
    [{ deliveryTier: "GUARANTEED", goalAmount: 1000, goalType: "CLICKS" }, "An impression goal sells per thousand impressions (CPM) and a click goal per click (CPC): what is billed is what the goal counts"],
    [{ deliveryTier: "SPONSORSHIP", sharePercent: 101 }, "Share percent must be from 1 to 100"],
  ])("refuses %j, changing nothing", async (input, message) => {
    const { id } = await createCampaign(t, advertiser, { budget: 100 });
    expect(refusal(await update(admin.token, id, input))).toMatchObject({ message: expect.stringContaining(message) });
    expect(await stored(id)).toMatchObject({ deliveryTier: DeliveryTier.AUCTION, goalAmount: null, sharePercent: null });
  });

  it("refuses sponsorships on the same inventory over 100% in all, through both doors, and takes one on other sites", async () => {
    // A flight of its own: the sponsorships booked above are elsewhere in time.
    const sites = (domain: string) => ({ start_date: "2031-05-01", end_date: "2031-05-31", targeting: { sites: { mode: "INCLUDE", values: [domain] } } });
    const first = await createCampaign(t, advertiser, { budget: 100, ...sites("sport.example.com") });
    const second = await createCampaign(t, advertiser, { budget: 100, start_date: "2031-05-10", end_date: "2031-06-10" });
    const elsewhere = await createCampaign(t, advertiser, { budget: 100, ...sites("cooking.example.com") });
    expect(refusal(await update(admin.token, first.id, { deliveryTier: "SPONSORSHIP", sharePercent: 60 }))).toBeUndefined();
    const over = "Sponsorships on the same inventory would take 110% of its requests, more than all of it";
    expect(refusal(await update(admin.token, second.id, { deliveryTier: "SPONSORSHIP", sharePercent: 50 }))).toMatchObject({ code: "CONFLICT", message: expect.stringContaining(over) });
    expect(await put(admin.token, second.id, { delivery_tier: "sponsorship", share_percent: 50 })).toMatchObject({ status: 409, body: { detail: expect.stringContaining(over) } });
    expect(refusal(await update(admin.token, second.id, { deliveryTier: "SPONSORSHIP", sharePercent: 40 }))).toBeUndefined();
    expect(refusal(await update(admin.token, elsewhere.id, { deliveryTier: "SPONSORSHIP", sharePercent: 50 }))).toBeUndefined();
    expect((await stored(second.id)).sharePercent).toBe(40);
  });

  it("of two sponsorships booked at once on the same inventory that would take over 100% together, books one", async () => {
    const flight = { start_date: "2030-03-01", end_date: "2030-03-31" };
    const campaigns = await Promise.all([createCampaign(t, advertiser, { budget: 100, ...flight }), createCampaign(t, advertiser, { budget: 100, ...flight })]);
    const results = await atOnce(2, (index) => update(admin.token, campaigns[index].id, { deliveryTier: "SPONSORSHIP", sharePercent: 60 }));
    expect(results.map((result) => refusal(result)?.code ?? "booked").sort()).toEqual(["CONFLICT", "booked"]);
    const shares = await Promise.all(campaigns.map(({ id }) => stored(id)));
    expect(shares.map((campaign) => campaign.sharePercent).sort()).toEqual([60, null]);
  });
});
