import { atOnce, burstRoutes } from "../../../test/at-once";
import { Account, createCampaign, signUp } from "../../../test/factories";
import { AppPair, type GraphQLResult, type RestResult, startAppPair, TestApp } from "../../../test/test-app";
import { dollarsText } from "../../common/money";
import { AuditAction } from "../audit/audit-actions";
import { AuditEntry } from "../audit/audit-entry.entity";
import { LedgerKind } from "../ledger/ledger-entry.entity";
import { Campaign } from "./campaign.entity";

let pair: AppPair;
let t: TestApp;
let advertiser: Account;
beforeAll(async () => {
  pair = await startAppPair({ MIN_CAMPAIGN_BUDGET: "1" });
  t = pair.first;
  advertiser = await signUp(t, "advertiser");
});
afterAll(() => pair.close());

const { app, byGraphql } = burstRoutes(() => pair);

/** Edit `index` goes to the first or second process, and through GraphQL or REST, as two sessions' would. */
const edit = (index: number, id: number, budget: number): Promise<GraphQLResult | RestResult> =>
  byGraphql(index)
    ? app(index).gql(`mutation($id: Int!, $input: UpdateCampaignInput!) { updateCampaign(id: $id, input: $input) { id } }`, { id, input: { budget } }, advertiser.token)
    : app(index).rest("PUT", `/advertiser/campaigns/${id}`, { token: advertiser.token, body: { budget } });

const refusal = (result: GraphQLResult | RestResult) => ("status" in result ? (result.status === 200 ? null : `${result.status}: ${result.body?.detail}`) : (result.errors?.[0]?.message ?? null));

/** The budget rows of the campaign's history, oldest first. */
async function budgetHistory(id: number): Promise<{ from: string; to: string }[]> {
  const result = await t.gql<{ campaignHistory: { field: string | null; from: string; to: string }[] }>(`{ campaignHistory(id: ${id}) { field from to } }`, {}, advertiser.token);
  expect(result.errors).toBeUndefined();
  return result.data!.campaignHistory.filter((row) => row.field === "Budget").reverse().map(({ from, to }) => ({ from, to }));
}

const storedBudget = async (id: number) => Number((await t.app.dataSource.getRepository(Campaign).findOneByOrFail({ id })).budgetMicros);

it("records concurrent budget edits from two processes as a chain that ends at the stored budget, refusing one below the spend whatever its turn", async () => {
  const { id } = await createCampaign(t, advertiser, { budget: 1000 });
  await t.app.services.ledger.append([{ userId: advertiser.id, campaignId: id, kind: LedgerKind.SPEND, amountMicros: 300_000_000, memo: "spend so far" }]);
  const budgets = [1200, 1300, 200, 1400, 1500, 1600, 1700, 1800];

  const results = await atOnce(budgets.length, (index) => edit(index, id, budgets[index]));

  const spent = "Budget can't be less than the $300 this campaign has already spent";
  expect(results.map(refusal)).toEqual(budgets.map((budget, index) => (budget >= 300 ? null : index % 4 < 2 ? spent : `422: ${spent}`)));
  const history = await budgetHistory(id);
  expect(history).toHaveLength(budgets.length - 1);
  expect(history[0].from).toBe(dollarsText(1000_000_000));
  history.slice(1).forEach((row, index) => expect(row.from).toBe(history[index].to));
  expect(history[history.length - 1].to).toBe(dollarsText(await storedBudget(id)));
});

it("writes one history row and one audit entry for a change sent six times at once, and none for a repeat of it", async () => {
  const { id } = await createCampaign(t, advertiser, { budget: 1000 });
  const audited = () => t.app.dataSource.getRepository(AuditEntry).countBy({ action: AuditAction.CAMPAIGN_UPDATED, targetType: "campaign", targetId: id });

  const results = await atOnce(6, (index) => edit(index, id, 2500));

  expect(results.map(refusal)).toEqual(Array(6).fill(null));
  expect(await budgetHistory(id)).toEqual([{ from: dollarsText(1000_000_000), to: dollarsText(2500_000_000) }]);
  expect(await audited()).toBe(1);
  expect(refusal(await edit(3, id, 2500))).toBeNull();
  expect(await audited()).toBe(1);
  expect(await storedBudget(id)).toBe(2500_000_000);
});
