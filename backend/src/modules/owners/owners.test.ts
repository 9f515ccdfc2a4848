import { getNamedType, GraphQLField, GraphQLObjectType, isNonNullType, isObjectType } from "graphql";
import { Account, createCampaign, createSite, creditEarnings, payoutMethodOnFile, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { appSchema } from "../../graphql/schema";

let t: TestApp;
let admin: Account;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());
afterEach(() => jest.restoreAllMocks());

const person = (fullName: string) => ({ full_name: fullName });
const ownerOf = (account: Account, fullName: string) => ({ id: account.id, fullName, email: account.email });

async function createCreative(advertiser: Account, campaignId: number): Promise<number> {
  const response = await t.rest("POST", "/advertiser/creatives", {
    token: advertiser.token,
    body: { campaign_id: campaignId, name: "Banner", content_url: "https://cdn.example.com/banner.png" },
  });
  return response.body.id;
}

async function requestedPayout(publisher: Account): Promise<number> {
  await creditEarnings(t, publisher.id, 123_450_000);
  await payoutMethodOnFile(t, publisher);
  return (await t.gql<{ requestPayout: { id: number } }>("mutation { requestPayout { id } }", {}, publisher.token)).data!.requestPayout.id;
}

/** The roles a field's @requireAuth admits, or null when anyone may read it. */
function rolesOf(field: GraphQLField<unknown, unknown>): string[] | null {
  const value = field.astNode?.directives?.find((d) => d.name.value === "requireAuth")?.arguments?.[0]?.value;
  return value?.kind === "ListValue" ? value.values.map((v) => (v.kind === "StringValue" ? v.value : "")) : null;
}

describe("through GraphQL", () => {
  it("shows admins the owner of every site, campaign, creative and payout", async () => {
    const jane = await signUp(t, "publisher", person("Jane Doe"));
    const john = await signUp(t, "publisher", person("John Roe"));
    const ada = await signUp(t, "advertiser", person("Ada Ads"));
    const janeSite = await createSite(t, jane);
    const johnSite = await createSite(t, john);
    const campaign = await createCampaign(t, ada);
    const creative = await createCreative(ada, campaign.id);
    const payout = await requestedPayout(jane);

    const { data, errors } = await t.gql(
      `{ sites(input: { limit: 100 }) { items { id owner { id fullName email } } } campaigns(input: { limit: 100 }) { items { id owner { id fullName email } } }
         creatives(input: { limit: 100 }) { items { id owner { id fullName email } } } payouts(input: { limit: 100 }) { items { id owner { id fullName email } } } }`,
      {},
      admin.token,
    );

    expect(errors).toBeUndefined();
    const find = (list: { items: { id: number }[] }, id: number) => list.items.find((item) => item.id === id);
    expect(find(data!.sites, janeSite.id)).toEqual({ id: janeSite.id, owner: ownerOf(jane, "Jane Doe") });
    expect(find(data!.sites, johnSite.id)).toEqual({ id: johnSite.id, owner: ownerOf(john, "John Roe") });
    expect(find(data!.campaigns, campaign.id)).toEqual({ id: campaign.id, owner: ownerOf(ada, "Ada Ads") });
    expect(find(data!.creatives, creative)).toEqual({ id: creative, owner: ownerOf(ada, "Ada Ads") });
    expect(find(data!.payouts, payout)).toEqual({ id: payout, owner: ownerOf(jane, "Jane Doe") });
  });

  it("loads the owners of a list in one query however long the list", async () => {
    const advertisers = await Promise.all([signUp(t, "advertiser"), signUp(t, "advertiser"), signUp(t, "advertiser")]);
    for (const advertiser of advertisers) await createCreative(advertiser, (await createCampaign(t, advertiser)).id);
    const byIds = jest.spyOn(t.app.services.users, "byIds");
    const advertiserIdsOf = jest.spyOn(t.app.services.campaigns, "advertiserIdsOf");

    const { data } = await t.gql<{ creatives: { items: { owner: { id: number } }[] } }>("{ creatives { items { owner { id } } } }", {}, admin.token);

    expect(data!.creatives.items.map((creative) => creative.owner.id)).toEqual(expect.arrayContaining(advertisers.map((a) => a.id)));
    expect(advertiserIdsOf).toHaveBeenCalledTimes(1);
    expect(byIds).toHaveBeenCalledTimes(1);
    expect(byIds.mock.calls[0][0]).toEqual(expect.arrayContaining(advertisers.map((a) => a.id)));
  });

  it("names the owner on what an admin's review returns", async () => {
    const jane = await signUp(t, "publisher", person("Jane Doe"));
    const site = await createSite(t, jane);

    const approved = await t.gql(`mutation { approveSite(id: ${site.id}) { status owner { fullName email } } }`, {}, admin.token);

    expect(approved.data).toEqual({ approveSite: { status: "APPROVED", owner: { fullName: "Jane Doe", email: jane.email } } });
  });

  it("gives a publisher who selects the owner on requestPayout the payout they created, with the owner null", async () => {
    const publisher = await signUp(t, "publisher");
    await creditEarnings(t, publisher.id, 123_450_000);
    await payoutMethodOnFile(t, publisher);

    const result = await t.gql("mutation { requestPayout { amount status owner { email } } }", {}, publisher.token);
    const listed = await t.gql("{ myPayouts { amount status } }", {}, publisher.token);

    expect(result.data).toEqual({ requestPayout: { amount: 123.45, status: "REQUESTED", owner: null } });
    expect(result.errors?.map((error) => error.extensions?.code)).toEqual(["FORBIDDEN"]);
    expect(listed.data).toEqual({ myPayouts: [{ amount: 123.45, status: "REQUESTED" }] });
  });

  it("never lets a publisher or an advertiser read an owner, even their own, and leaks nothing but the rows they own", async () => {
    const publisher = await signUp(t, "publisher");
    const advertiser = await signUp(t, "advertiser");
    await createSite(t, publisher);
    await requestedPayout(publisher);
    const campaign = await createCampaign(t, advertiser);
    await createCreative(advertiser, campaign.id);

    const reads: [Account, string][] = [
      [publisher, "{ mySites { owner { email } } }"],
      [publisher, "{ myPayouts { owner { email } } }"],
      [advertiser, "{ myCampaigns { owner { email } } }"],
      [advertiser, "{ myCreatives { owner { email } } }"],
    ];
    for (const [caller, query] of reads) {
      const result = await t.gql(query, {}, caller.token);
      expect({ query, data: result.data, codes: result.errors?.map((error) => error.extensions?.code) }).toEqual({
        query,
        data: { [query.split(" ")[1]]: [{ owner: null }] },
        codes: ["FORBIDDEN"],
      });
    }
  });

  it("declares every field that names an account's owner for admins only", async () => {
    const schema = await appSchema();
    const ownerFields = Object.values(schema.getTypeMap())
      .filter(isObjectType)
      .flatMap((type) => Object.values(type.getFields()).map((field) => ({ type, field })))
      .filter(({ field }) => getNamedType(field.type).name === "AccountSummary");

    expect(ownerFields.map(({ type, field }) => [`${type.name}.${field.name}`, rolesOf(field)]).sort()).toEqual([
      ["Campaign.owner", ["ADMIN"]],
      ["Creative.owner", ["ADMIN"]],
      ["Payout.owner", ["ADMIN"]],
      ["Site.owner", ["ADMIN"]],
    ]);
  });

  it("makes every field a publisher or an advertiser reaches but may not read nullable, so a refusal never hides the rest of an answer", async () => {
    const schema = await appSchema();
    const refusedNonNull = new Set<string>();
    const restrictedSeen = new Set<string>();
    for (const role of ["PUBLISHER", "ADVERTISER"]) {
      const visited = new Set<string>();
      const walk = (type: GraphQLObjectType) => {
        if (visited.has(type.name)) return;
        visited.add(type.name);
        for (const field of Object.values(type.getFields())) {
          const roles = rolesOf(field);
          const isOperation = type === schema.getQueryType() || type === schema.getMutationType();
          if (roles && !roles.includes(role)) {
            if (isOperation) continue;
            restrictedSeen.add(`${type.name}.${field.name}`);
            if (isNonNullType(field.type)) refusedNonNull.add(`${type.name}.${field.name}`);
            continue;
          }
          const target = getNamedType(field.type);
          if (isObjectType(target)) walk(target);
        }
      };
      walk(schema.getQueryType()!);
      walk(schema.getMutationType()!);
    }

    expect([...restrictedSeen].sort()).toEqual(["Campaign.owner", "Creative.owner", "Payout.owner", "Site.owner"]);
    expect([...refusedNonNull]).toEqual([]);
  });

  it("leaves publishers and advertisers no field that reaches anyone else's e-mail", async () => {
    const schema = await appSchema();
    for (const role of ["PUBLISHER", "ADVERTISER"]) {
      const visited = new Set<string>();
      const fieldsToEmails = new Set<string>();
      const walk = (type: GraphQLObjectType) => {
        if (visited.has(type.name)) return;
        visited.add(type.name);
        for (const field of Object.values(type.getFields())) {
          const roles = rolesOf(field);
          const target = getNamedType(field.type);
          if ((roles && !roles.includes(role)) || !isObjectType(target)) continue;
          const email = target.getFields().email;
          // An address is text; FormOptions.maxLength.email is the length an address may have.
          if (email && getNamedType(email.type).name === "String") fieldsToEmails.add(`${type.name}.${field.name}`);
          walk(target);
        }
      };
      walk(schema.getQueryType()!);
      walk(schema.getMutationType()!);

      // Each of these answers with the caller's own account, or the message they just sent; verifyEmail
      // answers with the address the link was mailed to, to whoever holds the link from that inbox.
      expect({ role, fields: [...fieldsToEmails].sort() }).toEqual({
        role,
        fields: [
          "AuthPayload.user",
          "Mutation.requestEmailChange",
          "Mutation.sendContactMessage",
          "Mutation.updateProfile",
          "Mutation.verifyEmail",
          "Query.me",
          "Query.myEmailStatus",
        ],
      });
    }
  });
});

describe("through REST", () => {
  it("adds the owner to the admins' site and campaign lists, keeping every other key", async () => {
    const jane = await signUp(t, "publisher", person("Jane Doe"));
    const ada = await signUp(t, "advertiser", person("Ada Ads"));
    const site = await createSite(t, jane);
    const campaign = await createCampaign(t, ada);

    const sites = await t.rest("GET", "/admin/sites", { token: admin.token });
    const campaigns = await t.rest("GET", "/admin/campaigns", { token: admin.token });

    expect(sites.status).toBe(200);
    expect(sites.body.find((s: { id: number }) => s.id === site.id)).toEqual({ ...site, owner: { id: jane.id, full_name: "Jane Doe", email: jane.email } });
    expect(campaigns.status).toBe(200);
    expect(campaigns.body.find((c: { id: number }) => c.id === campaign.id)).toEqual({
      ...campaign,
      owner: { id: ada.id, full_name: "Ada Ads", email: ada.email },
    });
  });

  it("keeps owners out of the publisher's and the advertiser's own lists", async () => {
    const publisher = await signUp(t, "publisher");
    const advertiser = await signUp(t, "advertiser");
    await createSite(t, publisher);
    await createCampaign(t, advertiser);

    const sites = await t.rest("GET", "/publisher/sites", { token: publisher.token });
    const campaigns = await t.rest("GET", "/advertiser/campaigns", { token: advertiser.token });

    expect(sites.body[0]).not.toHaveProperty("owner");
    expect(campaigns.body[0]).not.toHaveProperty("owner");
    expect(JSON.stringify([sites.body, campaigns.body])).not.toMatch(/@example\.com/);
  });
});
