import { Account, approvedSite, createSite, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await startTestApp({ SELLERS_CONTACT_EMAIL: "sellers@adnet.test", SELLERS_CONTACT_ADDRESS: "1 Network Road, London", ADS_TXT_DOMAIN: "ads.adnet.test" });
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

async function sellersJson() {
  const response = await fetch(`${t.url}/sellers.json`, { headers: { origin: "https://buyer.example" } });
  return { response, body: (await response.json()) as { sellers: Record<string, unknown>[] } & Record<string, unknown> };
}

it("lists each active publisher with an approved site under their ads.txt seller id, by name or as confidential", async () => {
  const named = await signUp(t, "publisher", { full_name: "Daily Planet Media" });
  const namedSite = await approvedSite(t, named, admin);
  await approvedSite(t, named, admin);
  const shy = await signUp(t, "publisher");
  await approvedSite(t, shy, admin);
  const waiting = await signUp(t, "publisher");
  await createSite(t, waiting);

  // The publisher asks to be confidential in their Settings, over GraphQL or REST.
  const listing = await t.gql(`mutation { setSellerConfidential(confidential: true) { sellerId adsTxtLine confidential } }`, {}, shy.token);
  expect(listing.data).toEqual({ setSellerConfidential: { sellerId: String(shy.id), adsTxtLine: `ads.adnet.test, ${shy.id}, DIRECT`, confidential: true } });
  expect(await t.rest("GET", "/publisher/seller-listing", { token: shy.token })).toEqual({ status: 200, body: { seller_id: String(shy.id), ads_txt_line: `ads.adnet.test, ${shy.id}, DIRECT`, confidential: true } });

  const { response, body } = await sellersJson();
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  expect(body).toEqual({
    contact_email: "sellers@adnet.test",
    contact_address: "1 Network Road, London",
    version: "1.0",
    sellers: [
      { seller_id: String(named.id), seller_type: "PUBLISHER", name: "Daily Planet Media", domain: namedSite.domain.split(".").slice(-2).join(".") },
      { seller_id: String(shy.id), seller_type: "PUBLISHER", is_confidential: 1 },
    ],
  });

  // Named again at once: the setting clears the cached document.
  expect((await t.rest("PUT", "/publisher/seller-listing", { token: shy.token, body: { confidential: false } })).body.confidential).toBe(false);
  expect((await sellersJson()).body.sellers[1]).toEqual({ seller_id: String(shy.id), seller_type: "PUBLISHER", name: "Test publisher", domain: expect.any(String) });
});

it("keeps the setting to publishers, and refuses a value that is not true or false", async () => {
  const advertiser = await signUp(t, "advertiser");
  expect((await t.rest("PUT", "/publisher/seller-listing", { token: advertiser.token, body: { confidential: true } })).status).toBe(403);
  expect((await t.rest("GET", "/publisher/seller-listing", {})).status).toBe(401);
  const publisher = await signUp(t, "publisher");
  expect(await t.rest("PUT", "/publisher/seller-listing", { token: publisher.token, body: { confidential: "yes" } })).toEqual({ status: 422, body: { detail: "Confidential must be true or false" } });
  expect((await t.rest("GET", "/publisher/seller-listing", { token: publisher.token })).body.confidential).toBe(false);
});
