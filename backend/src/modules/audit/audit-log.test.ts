import { Account, createCampaign, createSite, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await startTestApp({ MIN_CAMPAIGN_BUDGET: "1" });
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

interface Entry {
  action: string;
  targetName: string | null;
  changes: { field: string; from: string | null; to: string | null }[];
}

const entriesOf = async (targetType: string, targetId: number): Promise<Entry[]> => {
  const result = await t.gql<{ auditLog: { items: Entry[] } }>(
    `query($type: String, $id: Int) { auditLog(input: {targetType: $type, targetId: $id}) { items { action targetName changes { field from to } } } }`,
    { type: targetType, id: targetId },
    admin.token,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.auditLog.items;
};

it("answers each change as the form's field and a value a person reads, with the target's name: dollars for money, words for statuses and targeting", async () => {
  const advertiser = await signUp(t, "advertiser");
  const campaign = await createCampaign(t, advertiser, { name: "Winter Boots", budget: 1500 });
  await t.rest("PUT", `/advertiser/campaigns/${campaign.id}`, { token: advertiser.token, body: { budget: 2000 } });
  await t.rest("PUT", `/admin/campaigns/${campaign.id}/approve`, { token: admin.token });

  const [approved, edited, created] = await entriesOf("campaign", campaign.id);
  expect(approved).toEqual({ action: "CAMPAIGN_APPROVED", targetName: "Winter Boots", changes: [{ field: "Status", from: "Pending review", to: "Active" }] });
  expect(edited).toEqual({ action: "CAMPAIGN_UPDATED", targetName: "Winter Boots", changes: [{ field: "Budget", from: "$1,500.00", to: "$2,000.00" }] });
  expect(created.changes).toEqual(expect.arrayContaining([{ field: "Budget", from: null, to: "$1,500.00" }, { field: "Targeting", from: null, to: "Everyone" }]));
  expect(JSON.stringify(created.changes)).not.toMatch(/Micros|\{\\"/);
});

it("names a reviewed site and says its status and the reviewer's reason in words", async () => {
  const publisher = await signUp(t, "publisher");
  const site = await createSite(t, publisher, { name: "Coupon Corner" });
  await t.gql(`mutation($id: Int!) { rejectSite(id: $id, reason: "Copied content") { id } }`, { id: site.id }, admin.token);

  expect(await entriesOf("site", site.id)).toEqual([
    {
      action: "SITE_REJECTED",
      targetName: "Coupon Corner",
      changes: [
        { field: "Status", from: "Pending", to: "Rejected" },
        { field: "Reason", from: null, to: "Copied content" },
      ],
    },
  ]);
});
