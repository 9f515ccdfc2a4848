import { Account, createCampaign, createSite, creditEarnings, payoutMethodOnFile, signInAdmin, signUp } from "../../test/factories";
import { startTestApp, TestApp } from "../../test/test-app";

let t: TestApp;
let admin: Account;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

interface Served {
  status: string;
  nextActions: string[];
}

const served = "{ status nextActions }";

/** Runs a mutation or query and answers the one object it returns (a list's first), failing loudly on any error. */
async function one(query: string, token: string): Promise<Served> {
  const { data, errors } = await t.gql(query, {}, token);
  expect(errors).toBeUndefined();
  const value = Object.values(data!)[0];
  return Array.isArray(value) ? value[0] : value;
}

/** The row of an admin list with this id, as the admin's screen reads it. */
async function listed(list: string, id: number): Promise<Served> {
  const { data } = await t.gql(`{ ${list}(input: { limit: 100 }) { items { id status nextActions } } }`, {}, admin.token);
  const { id: _, ...row } = data![list].items.find((item: { id: number }) => item.id === id);
  return row;
}

describe("a campaign serves the actions its status and the viewer's role allow", () => {
  it("walks pending, active, paused and rejected as the admin and its advertiser see it", async () => {
    const advertiser = await signUp(t, "advertiser");
    const { id } = await createCampaign(t, advertiser);
    const asAdvertiser = () => one(`{ myCampaigns ${served} }`, advertiser.token);
    const seen: unknown[] = [];
    const record = async (admins: Served) => seen.push({ ...admins, advertiser: (await asAdvertiser()).nextActions });

    await record(await listed("campaigns", id));
    await record(await one(`mutation { approveCampaign(id: ${id}) ${served} }`, admin.token));
    await record(await one(`mutation { pauseCampaign(id: ${id}) ${served} }`, admin.token));
    await record(await one(`mutation { rejectCampaign(id: ${id}, reason: "Misleading") ${served} }`, admin.token));

    expect(seen).toEqual([
      { status: "PENDING", nextActions: ["APPROVE", "REJECT", "EDIT"], advertiser: ["EDIT", "DUPLICATE", "ARCHIVE"] },
      { status: "ACTIVE", nextActions: ["REJECT", "PAUSE", "EDIT"], advertiser: ["PAUSE", "EDIT", "DUPLICATE"] },
      { status: "PAUSED", nextActions: ["REJECT", "RESUME", "EDIT"], advertiser: ["RESUME", "EDIT", "DUPLICATE", "ARCHIVE"] },
      { status: "REJECTED", nextActions: [], advertiser: ["DUPLICATE", "ARCHIVE"] },
    ]);
  });
});

describe("sites and creatives serve the review's actions to admins alone", () => {
  it("offers approval while pending, rejection until rejected, and nothing to the publisher", async () => {
    const publisher = await signUp(t, "publisher");
    const { id } = await createSite(t, publisher);
    const asPublisher = async () => (await one(`{ mySites ${served} }`, publisher.token)).nextActions;

    const pending = { admin: await listed("sites", id), publisher: await asPublisher() };
    const approved = { admin: await one(`mutation { approveSite(id: ${id}) ${served} }`, admin.token), publisher: await asPublisher() };
    const rejected = { admin: await one(`mutation { rejectSite(id: ${id}, reason: "Copied content") ${served} }`, admin.token), publisher: await asPublisher() };

    expect([pending, approved, rejected]).toEqual([
      { admin: { status: "PENDING", nextActions: ["APPROVE", "REJECT"] }, publisher: [] },
      { admin: { status: "APPROVED", nextActions: ["REJECT"] }, publisher: [] },
      { admin: { status: "REJECTED", nextActions: [] }, publisher: [] },
    ]);
  });

  it("does the same for a creative, whose advertiser may edit and archive it", async () => {
    const advertiser = await signUp(t, "advertiser");
    const campaign = await createCampaign(t, advertiser);
    const created = await t.gql<{ createCreative: { id: number; nextActions: string[] } }>(
      `mutation { createCreative(input: { campaignId: ${campaign.id}, name: "Banner", contentUrl: "https://cdn.example.com/b.png" }) { id nextActions } }`,
      {},
      advertiser.token,
    );
    const { id } = created.data!.createCreative;

    const pending = await listed("creatives", id);
    const approved = await one(`mutation { approveCreative(id: ${id}) ${served} }`, admin.token);
    const rejected = await one(`mutation { rejectCreative(id: ${id}, reason: "Blurry") ${served} }`, admin.token);

    expect(created.data!.createCreative.nextActions).toEqual(["ARCHIVE"]);
    expect([pending, approved, rejected]).toEqual([
      { status: "PENDING", nextActions: ["APPROVE", "REJECT"] },
      { status: "APPROVED", nextActions: ["REJECT"] },
      { status: "REJECTED", nextActions: [] },
    ]);
  });
});

describe("a payout serves Mark Paid while requested", () => {
  it("offers it to admins until it is paid, never to the publisher", async () => {
    const publisher = await signUp(t, "publisher");
    await creditEarnings(t, publisher.id, 150_000_000);
    await payoutMethodOnFile(t, publisher);

    const requested = await t.gql<{ requestPayout: { id: number; nextActions: string[] } }>("mutation { requestPayout { id nextActions } }", {}, publisher.token);
    const { id } = requested.data!.requestPayout;
    const requestedForAdmins = await listed("payouts", id);
    const paid = await one(`mutation { markPayoutPaid(id: ${id}, input: { reference: "TX-1" }) ${served} }`, admin.token);

    expect(requested.data!.requestPayout.nextActions).toEqual([]);
    expect(requestedForAdmins).toEqual({ status: "REQUESTED", nextActions: ["MARK_PAID"] });
    expect(paid).toEqual({ status: "PAID", nextActions: [] });
    expect((await one(`{ myPayouts ${served} }`, publisher.token)).nextActions).toEqual([]);
  });
});
