import { signInAdmin, signUp, type Account } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const FIELDS = "id name credentialPrefix allowedNetworks userSyncUrl revokedAt";

it("shows a new partner's credential once: never in the list, the REST twin or the audit log", async () => {
  const created = await t.gql(
    `mutation ($input: CreateExchangePartnerInput!) { createExchangePartner(input: $input) { credential partner { ${FIELDS} } } }`,
    { input: { name: "Prebid Server", allowedNetworks: ["203.0.113.0/24", " 2001:db8::/32 "], userSyncUrl: "https://pbs.example/setuid?bidder=adnet&uid=$UID" } },
    admin.token,
  );
  const { credential, partner } = created.data!.createExchangePartner;
  expect(credential).toMatch(/^adx_[\w-]{32}$/);
  expect(partner).toMatchObject({ name: "Prebid Server", credentialPrefix: credential.slice(0, 8), allowedNetworks: ["203.0.113.0/24", "2001:db8::/32"], revokedAt: null });

  const listed = await t.gql(`{ exchangePartners { ${FIELDS} } }`, {}, admin.token);
  expect(listed.data!.exchangePartners).toContainEqual(partner);
  const rest = await t.rest("GET", "/admin/exchange-partners", { token: admin.token });
  expect(rest.status).toBe(200);
  const audit = await t.gql(`{ auditLog(input: { targetType: "exchange_partner" }) { items { action targetName changes { field from to } } } }`, {}, admin.token);
  for (const text of [JSON.stringify(listed.data), JSON.stringify(rest.body), JSON.stringify(audit.data)]) expect(text).not.toContain(credential.slice(8));
  expect(audit.data!.auditLog.items).toContainEqual(expect.objectContaining({ action: "EXCHANGE_PARTNER_CREATED", targetName: "Prebid Server" }));
});

it("refuses bad input with the reason, through both doors, and saves nothing", async () => {
  const before = (await t.gql(`{ exchangePartners { id } }`, {}, admin.token)).data!.exchangePartners.length;
  const bad = await t.gql(`mutation { createExchangePartner(input: { name: "SSP", allowedNetworks: ["not-a-network"] }) { credential } }`, {}, admin.token);
  expect(bad.errors?.[0]).toMatchObject({ message: "allowedNetworks: not-a-network is not an address or a network such as 203.0.113.0/24", extensions: { code: "BAD_USER_INPUT" } });
  const noMacro = await t.rest("POST", "/admin/exchange-partners", { token: admin.token, body: { name: "SSP", user_sync_url: "https://ssp.example/sync" } });
  expect(noMacro).toMatchObject({ status: 422, body: { detail: "userSyncUrl must mark where AdNet's id goes with $UID" } });
  expect((await t.rest("POST", "/admin/exchange-partners", { token: admin.token, body: { name: " " } })).status).toBe(422);
  expect((await t.gql(`{ exchangePartners { id } }`, {}, admin.token)).data!.exchangePartners).toHaveLength(before);
});

it("is the admins' alone", async () => {
  const advertiser = await signUp(t, "advertiser");
  expect((await t.gql(`{ exchangePartners { id } }`, {}, advertiser.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
  expect((await t.rest("POST", "/admin/exchange-partners", { token: advertiser.token, body: { name: "Mine" } })).status).toBe(403);
});

it("changes what was sent, and revokes once however many revocations arrive at once", async () => {
  const { partner } = (await t.gql(`mutation { createExchangePartner(input: { name: "Old SSP" }) { partner { id } } }`, {}, admin.token)).data!.createExchangePartner;
  const renamed = await t.rest("PUT", `/admin/exchange-partners/${partner.id}`, { token: admin.token, body: { name: "New SSP", allowed_networks: ["198.51.100.7"] } });
  expect(renamed.body).toMatchObject({ name: "New SSP", allowed_networks: ["198.51.100.7"], user_sync_url: null });
  const answers = await Promise.all(Array.from({ length: 5 }, () => t.gql(`mutation { revokeExchangePartner(id: ${partner.id}) { revokedAt } }`, {}, admin.token)));
  const revokedAt = new Set(answers.map((answer) => answer.data?.revokeExchangePartner.revokedAt));
  expect(revokedAt.size).toBe(1);
  expect([...revokedAt][0]).toEqual(expect.any(String));
  const audit = await t.gql(`{ auditLog(input: { action: EXCHANGE_PARTNER_REVOKED, targetType: "exchange_partner", targetId: ${partner.id} }) { items { id } } }`, {}, admin.token);
  expect(audit.data!.auditLog.items).toHaveLength(1);
  expect((await t.rest("PUT", "/admin/exchange-partners/999999/revoke", { token: admin.token })).status).toBe(404);
});
