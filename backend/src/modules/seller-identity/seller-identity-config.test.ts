import { loadConfig } from "../../config";

const base = { JWT_SECRET: "s".repeat(40) };
const production = { ...base, NODE_ENV: "production", PUBLIC_URL: "https://ads.example.com" };

it("takes the ads.txt domain from PUBLIC_URL's host unless ADS_TXT_DOMAIN names it, with no certification id unless set", () => {
  expect(loadConfig(production).sellerIdentity).toMatchObject({ networkDomain: "ads.example.com", certificationAuthorityId: null, fetchTimeoutMs: 10_000, fetchMaxBytes: 512 * 1024 });
  expect(loadConfig({ ...production, ADS_TXT_DOMAIN: "AdNet.Example", ADS_TXT_CERTIFICATION_ID: "f08c47fec0942fa0" }).sellerIdentity).toMatchObject({
    networkDomain: "adnet.example",
    certificationAuthorityId: "f08c47fec0942fa0",
  });
  expect(loadConfig(base).delivery.requireAdsTxt).toBe(false);
  expect(loadConfig({ ...base, REQUIRE_ADS_TXT: "1" }).delivery.requireAdsTxt).toBe(true);
});

it.each([
  [{ ADS_TXT_DOMAIN: "https://ads.example.com/" }, "ADS_TXT_DOMAIN must be a host name"],
  [{ ADS_TXT_CERTIFICATION_ID: "f08c, DIRECT" }, "ADS_TXT_CERTIFICATION_ID must be letters and digits"],
  [{ SELLERS_CONTACT_EMAIL: "not an address" }, "SELLERS_CONTACT_EMAIL must be an e-mail address"],
  [{ ADS_TXT_HTTP_PORT: "8080" }, "ADS_TXT_HTTP_PORT and ADS_TXT_HTTPS_PORT are for local test sites, not production"],
  [{ ADS_TXT_MAX_KB: "0" }, "ADS_TXT_MAX_KB must be an integer from 1 to 10240"],
])("refuses %p", (env, message) => {
  expect(() => loadConfig({ ...production, ...env })).toThrow(message);
});
