import { createCampaign, createSite, signUp } from "../../test/factories";
import { startTestApp, TestApp } from "../../test/test-app";
import { present } from "./present";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** What GraphQL answers for `field`, with the keys the REST door gives the same view. */
async function graphqlAnswer(token: string, field: string, selection: string): Promise<unknown> {
  const { data, errors } = await t.gql(`{ ${field} { ${selection} } }`, {}, token);
  expect(errors).toBeUndefined();
  return present(data![field]);
}

it("answers a publisher's account and sites the same through both doors", async () => {
  const publisher = await signUp(t, "publisher");
  await createSite(t, publisher);
  const me = await t.rest("GET", "/auth/me", { token: publisher.token });
  expect(me.body).toMatchObject(await graphqlAnswer(publisher.token, "me", "id email fullName identityVerified twoFactorEnabled mustEnrolTwoFactor createdAt") as object);
  const sites = await t.rest("GET", "/publisher/sites", { token: publisher.token });
  expect(sites.body).toHaveLength(1);
  expect(sites.body).toMatchObject(await graphqlAnswer(publisher.token, "mySites", "id publisherId name domain category description monthlyImpressions createdAt") as object);
});

it("answers an advertiser's campaigns and funds the same through both doors", async () => {
  const advertiser = await signUp(t, "advertiser");
  await createCampaign(t, advertiser);
  const campaigns = await t.rest("GET", "/advertiser/campaigns", { token: advertiser.token });
  expect(campaigns.body).toHaveLength(1);
  expect(campaigns.body).toMatchObject(
    await graphqlAnswer(advertiser.token, "myCampaigns", "id advertiserId name budget cpm spend targetCountries startDate endDate createdAt") as object,
  );
  const funds = await t.rest("GET", "/advertiser/funds", { token: advertiser.token });
  expect(funds.body).toMatchObject(await graphqlAnswer(advertiser.token, "myFunds", "balance available deposits credits spent creditLimit lowBalance minDeposit") as object);
});
