import { liveAd, requestAd, type LiveAd, UNTHROTTLED_APP } from "../../../test/ad-fixtures";
import { atOnce, burstRoutes, graphqlOutcomes, restOutcomes } from "../../../test/at-once";
import { Account, createCampaign, signUp } from "../../../test/factories";
import { AppPair, type GraphQLResult, type RestResult, startAppPair, TestApp } from "../../../test/test-app";
import { AuditAction } from "../audit/audit-actions";
import { AuditEntry } from "../audit/audit-entry.entity";
import { Creative } from "./creative.entity";

let pair: AppPair;
let t: TestApp;
let ad: LiveAd;
let stranger: Account;

beforeAll(async () => {
  pair = await startAppPair(UNTHROTTLED_APP);
  t = pair.first;
  ad = await liveAd(t);
  stranger = await signUp(t, "advertiser");
});
afterAll(() => pair.close());

const { app, byGraphql } = burstRoutes(() => pair);

const archive = (index: number, id: number, account: Account = ad.advertiser): Promise<GraphQLResult | RestResult> =>
  byGraphql(index)
    ? app(index).gql(`mutation { archiveCreative(id: ${id}) { id } }`, {}, account.token)
    : app(index).rest("PUT", `/advertiser/creatives/${id}/archive`, { token: account.token });

const create = async (campaignId: number, name: string): Promise<number> => {
  const body = { campaign_id: campaignId, name, content_url: "https://cdn.example.com/ad.png", width: 300, height: 250 };
  const created = await t.rest("POST", "/advertiser/creatives", { token: ad.advertiser.token, body });
  expect(created.status).toBe(201);
  return created.body.id;
};

const review = (verb: "approve" | "reject", id: number) =>
  t.gql(verb === "approve" ? `mutation { approveCreative(id: ${id}) { status } }` : `mutation { rejectCreative(id: ${id}, reason: "Blurry") { status } }`, {}, ad.admin.token);

const myCreativeIds = async () => (await t.gql<{ myCreatives: { id: number }[] }>("{ myCreatives { id } }", {}, ad.advertiser.token)).data!.myCreatives.map(({ id }) => id);
const queueIds = async () =>
  (await t.gql<{ creatives: { items: { id: number }[] } }>("{ creatives(input: { status: PENDING, limit: 100 }) { items { id } } }", {}, ad.admin.token)).data!.creatives.items.map(({ id }) => id);
const reviewBadge = async () => (await t.gql<{ adminStats: { pendingCreatives: number } }>("{ adminStats { pendingCreatives } }", {}, ad.admin.token)).data!.adminStats.pendingCreatives;

describe("archiving a creative", () => {
  it("happens once under identical calls at once on two processes and both doors, and takes the creative out of every list and out of delivery", async () => {
    const page = { page: ad.page };
    expect((await requestAd(t, ad.zoneId, page)).body).toMatchObject({ fill: true, creative: { id: ad.creativeId } });

    const results = await atOnce(8, (index) => archive(index, ad.creativeId));

    const graphql = graphqlOutcomes(results.filter((_, index) => byGraphql(index)) as GraphQLResult[]);
    const rest = restOutcomes(results.filter((_, index) => !byGraphql(index)) as RestResult[]);
    expect([...graphql.others, ...rest.others]).toEqual([]);
    expect(graphql.succeeded + rest.succeeded).toBe(1);
    expect(graphql.conflicts + rest.conflicts).toBe(7);
    const audited = await t.app.dataSource.getRepository(AuditEntry).countBy({ action: AuditAction.CREATIVE_ARCHIVED, targetType: "creative", targetId: ad.creativeId });
    expect(audited).toBe(1);
    expect(await archive(0, ad.creativeId)).toMatchObject({ errors: [{ message: "This creative is archived already", extensions: { code: "CONFLICT" } }] });

    expect(await myCreativeIds()).not.toContain(ad.creativeId);
    await t.app.services.delivery.inventory.reload();
    expect((await requestAd(t, ad.zoneId, page)).body).toEqual({ fill: false });
    // The row stays, so reports keep naming what it earned.
    expect(await t.app.dataSource.getRepository(Creative).findOneByOrFail({ id: ad.creativeId })).toMatchObject({ archivedAt: expect.any(Date) });
  });

  it("leaves the review queue and the Review badge, and can no longer be edited or reviewed", async () => {
    const id = await create(ad.campaignId, "Waiting");
    const [queued, badge] = [await queueIds(), await reviewBadge()];
    expect(queued).toContain(id);

    expect(((await archive(2, id)) as RestResult).status).toBe(200);

    expect(await queueIds()).not.toContain(id);
    expect(await reviewBadge()).toBe(badge - 1);
    const edit = await t.gql(`mutation { updateCreative(id: ${id}, input: { name: "Back", contentUrl: "https://cdn.example.com/b.png" }) { id } }`, {}, ad.advertiser.token);
    expect(edit.errors?.[0]).toMatchObject({ message: "An archived creative cannot be edited", extensions: { code: "CONFLICT" } });
    expect((await review("approve", id)).errors?.[0]).toMatchObject({ message: "Its advertiser archived this creative: it needs no review", extensions: { code: "CONFLICT" } });
  });

  it("is refused for another advertiser's creative on both doors, which stays as it was", async () => {
    const id = await create(ad.campaignId, "Not theirs");
    expect(await archive(1, id, stranger)).toMatchObject({ errors: [{ message: "Creative not found", extensions: { code: "NOT_FOUND" } }] });
    expect(await archive(2, id, stranger)).toEqual({ status: 404, body: { detail: "Creative not found" } });
    expect(await myCreativeIds()).toContain(id);
  });

  it("offers Archive to its advertiser and the review moves to the admins", async () => {
    const id = await create(ad.campaignId, "Offered");
    const mine = await t.gql<{ myCreatives: { id: number; nextActions: string[] }[] }>("{ myCreatives { id nextActions } }", {}, ad.advertiser.token);
    expect(mine.data!.myCreatives.find((creative) => creative.id === id)?.nextActions).toEqual(["ARCHIVE"]);
    const queue = await t.gql<{ creatives: { items: { id: number; nextActions: string[] }[] } }>("{ creatives(input: { status: PENDING, limit: 100 }) { items { id nextActions } } }", {}, ad.admin.token);
    expect(queue.data!.creatives.items.find((creative) => creative.id === id)?.nextActions).toEqual(["APPROVE", "REJECT"]);
  });
});

describe("an archived campaign's creatives", () => {
  it("leave the advertiser's list, the admins' review queue and the Review badge at once, and come back with the campaign", async () => {
    const campaign = await createCampaign(t, ad.advertiser);
    const ids = [await create(campaign.id, "One"), await create(campaign.id, "Two")];
    const badge = await reviewBadge();

    expect((await t.rest("PUT", `/advertiser/campaigns/${campaign.id}/archive`, { token: ad.advertiser.token })).status).toBe(200);

    expect(await myCreativeIds()).toEqual(expect.not.arrayContaining(ids));
    expect(await queueIds()).toEqual(expect.not.arrayContaining(ids));
    expect(await reviewBadge()).toBe(badge - 2);

    await t.rest("PUT", `/advertiser/campaigns/${campaign.id}/unarchive`, { token: ad.advertiser.token });
    expect(await queueIds()).toEqual(expect.arrayContaining(ids));
    expect(await reviewBadge()).toBe(badge);
  });
});

describe("a duplicated campaign", () => {
  it("copies only the approved and pending creatives, never a rejected or an archived one, as its preview says beforehand", async () => {
    const campaign = await createCampaign(t, ad.advertiser);
    await review("approve", await create(campaign.id, "Approved"));
    await create(campaign.id, "Pending");
    await review("reject", await create(campaign.id, "Rejected"));
    await archive(0, await create(campaign.id, "Archived"));
    const preview = await t.gql(`{ duplicatePreview(campaignId: ${campaign.id}) { copied { name status } leftOut { name status } } }`, {}, ad.advertiser.token);
    expect(preview.data!.duplicatePreview).toEqual({
      copied: [
        { name: "Approved", status: "APPROVED" },
        { name: "Pending", status: "PENDING" },
      ],
      leftOut: [{ name: "Rejected", status: "REJECTED" }],
    });
    expect((await t.gql(`{ duplicatePreview(campaignId: ${campaign.id}) { copied { id } } }`, {}, stranger.token)).errors?.[0].extensions?.code).toBe("NOT_FOUND");

    const copy = await t.rest("POST", `/advertiser/campaigns/${campaign.id}/duplicate`, { token: ad.advertiser.token });

    expect(copy.status).toBe(201);
    const copies = await t.app.dataSource.getRepository(Creative).find({ where: { campaignId: copy.body.id }, order: { id: "ASC" } });
    expect(copies.map(({ name, status }) => ({ name, status }))).toEqual([
      { name: "Approved", status: "pending" },
      { name: "Pending", status: "pending" },
    ]);
  });
});
