import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Account, createSite, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { Site, SiteStatus } from "../sites/site.entity";
import { AdsTxtCrawler } from "./ads-txt-crawler";
import { AdsTxtStatus } from "../sites/ads-txt-status";
import { isPublicAddress } from "../../outbound/public-address";

/** The local web server every test site lives on, answering by the Host it is asked for. */
type Handler = (request: IncomingMessage, response: ServerResponse) => void;
const sites = new Map<string, Handler>();
const asked: string[] = [];
const headersOf = new Map<string, IncomingMessage["headers"]>();
let server: Server;
let port: number;
let closedPort: number;

const text = (body: string, type = "text/plain; charset=utf-8"): Handler => (_request, response) => response.writeHead(200, { "content-type": type }).end(body);
const redirect = (location: () => string): Handler => (_request, response) => response.writeHead(301, { location: location() }).end();

let t: TestApp;
let admin: Account;
let publisher: Account;
let line: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const host = (request.headers.host ?? "").replace(/:\d+$/, "");
    asked.push(`${host}${request.url}`);
    headersOf.set(host, request.headers);
    const handler = request.url === "/ads.txt" ? sites.get(host) : undefined;
    if (handler) handler(request, response);
    else response.writeHead(404, { "content-type": "text/plain" }).end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  // A port nothing listens on, so the HTTPS attempt is refused and the crawler falls back to HTTP.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));

  t = await startTestApp({ ADS_TXT_DOMAIN: "ads.adnet.test", ADS_TXT_CERTIFICATION_ID: "f08c47fec0942fa0", ADS_TXT_HTTP_PORT: String(port), ADS_TXT_HTTPS_PORT: String(closedPort), ADS_TXT_MAX_KB: "2" });
  admin = await signInAdmin(t);
  publisher = await signUp(t, "publisher");
  line = `ads.adnet.test, ${publisher.id}, DIRECT, f08c47fec0942fa0`;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

let named = 0;
const uniqueHost = (stem: string) => `${stem}${++named}-${process.pid}.localhost`;

/** A site of the publisher on this domain, approved, with its first check done. */
async function approvedAndChecked(domain: string, owner = publisher) {
  const site = await createSite(t, owner, { domain });
  expect((await t.rest("PUT", `/admin/sites/${site.id}/approve`, { token: admin.token })).status).toBe(200);
  await t.app.services.adsTxt.settled();
  return site as { id: number };
}

const SITE_FIELDS = "id adsTxtLine adsTxtStatus adsTxtReason adsTxtAdvice adsTxtCheckedAt";
async function mySite(id: number, owner = publisher) {
  const result = await t.gql(`{ mySites { ${SITE_FIELDS} } }`, {}, owner.token);
  expect(result.errors).toBeUndefined();
  return (result.data!.mySites as { id: number; adsTxtStatus: string; adsTxtReason: string; adsTxtAdvice: string | null; adsTxtLine: string; adsTxtCheckedAt: string | null }[]).find((site) => site.id === id)!;
}

describe("a site's ads.txt check", () => {
  it("finds the publisher's line on approval and shows it, with the line to copy, through both doors", async () => {
    const host = uniqueHost("found");
    sites.set(host, text(`\uFEFF# ads.txt of ${host}\r\nother.example, 99, RESELLER\r\nADS.ADNET.TEST, ${publisher.id}, direct # us\r\ncontact=ops@${host}\r\n`));
    const site = await approvedAndChecked(host);

    const shown = await mySite(site.id);
    expect(shown).toMatchObject({ adsTxtLine: line, adsTxtStatus: "FOUND", adsTxtReason: `listed in http://${host}/ads.txt` });
    expect(Date.now() - Date.parse(shown.adsTxtCheckedAt!)).toBeLessThan(60_000);
    const rest = (await t.rest("GET", "/publisher/sites", { token: publisher.token })).body as Record<string, unknown>[];
    expect(rest.find((each) => each.id === site.id)).toMatchObject({ ads_txt_line: line, ads_txt_status: "found" });
    // HTTPS first (refused here), then HTTP; the crawler says who it is and sends no cookie.
    expect(asked).toContain(`${host}/ads.txt`);
    expect(headersOf.get(host)).toMatchObject({ "user-agent": expect.stringMatching(/^AdNet-ads\.txt-crawler\/1\.0 /) });
    expect(headersOf.get(host)).not.toHaveProperty("cookie");
    expect(headersOf.get(host)).not.toHaveProperty("authorization");
  });

  it("tells the publisher when the file lacks the line, or has it as RESELLER", async () => {
    const host = uniqueHost("missing");
    sites.set(host, text(`ads.adnet.test, ${publisher.id}, RESELLER\n`));
    const site = await approvedAndChecked(host);
    expect(await mySite(site.id)).toMatchObject({ adsTxtStatus: "LINE_MISSING", adsTxtReason: `http://${host}/ads.txt: line 1 says RESELLER where it should say DIRECT` });
  });

  it("says there is no file on a 404, or when the answer is a web page rather than text/plain", async () => {
    const none = await approvedAndChecked(uniqueHost("nofile"));
    expect(await mySite(none.id)).toMatchObject({ adsTxtStatus: "NO_FILE", adsTxtReason: expect.stringContaining("HTTP 404") });

    const pageHost = uniqueHost("html");
    sites.set(pageHost, text("<html>ads.adnet.test, 1, DIRECT</html>", "text/html"));
    const page = await approvedAndChecked(pageHost);
    expect(await mySite(page.id)).toMatchObject({ adsTxtStatus: "NO_FILE", adsTxtReason: `http://${pageHost}/ads.txt: served as text/html, not text/plain` });
  });

  it("tells the publisher what to do: where the file goes and the line to add, when it cannot be fetched, is missing or lacks the line", async () => {
    const failing = uniqueHost("failing");
    sites.set(failing, (_request, response) => response.writeHead(503).end());
    expect(await mySite((await approvedAndChecked(failing)).id)).toMatchObject({
      adsTxtStatus: "FETCH_FAILED",
      adsTxtAdvice: `We could not fetch https://${failing}/ads.txt: add this line to it: ${line}`,
    });
    const none = uniqueHost("absent");
    expect((await mySite((await approvedAndChecked(none)).id)).adsTxtAdvice).toBe(`There is no ads.txt at https://${none}/ads.txt: create it as a plain-text file with this line: ${line}`);
    const lacking = uniqueHost("lacking");
    sites.set(lacking, text("other.example, 1, DIRECT\n"));
    expect((await mySite((await approvedAndChecked(lacking)).id)).adsTxtAdvice).toBe(`https://${lacking}/ads.txt does not list this network yet: add this line to it: ${line}`);
    const listing = uniqueHost("listing");
    sites.set(listing, text(`ads.adnet.test, ${publisher.id}, DIRECT`));
    expect((await mySite((await approvedAndChecked(listing)).id)).adsTxtAdvice).toBeNull();
  });

  it("follows redirects within the root domain and one hop outside it, but no redirect from outside", async () => {
    const root = uniqueHost("redirect");
    sites.set(root, redirect(() => `http://www.${root}:${port}/ads.txt`));
    sites.set(`www.${root}`, text(`ads.adnet.test, ${publisher.id}, DIRECT`));
    expect(await mySite((await approvedAndChecked(root)).id)).toMatchObject({ adsTxtStatus: "FOUND", adsTxtReason: `listed in http://www.${root}:${port}/ads.txt` });

    const delegating = uniqueHost("delegating");
    const thirdParty = uniqueHost("thirdparty");
    sites.set(delegating, redirect(() => `http://${thirdParty}:${port}/ads.txt`));
    sites.set(thirdParty, text(`ads.adnet.test, ${publisher.id}, DIRECT`));
    expect(await mySite((await approvedAndChecked(delegating)).id)).toMatchObject({ adsTxtStatus: "FOUND" });

    const bouncing = uniqueHost("bouncing");
    const elsewhere = uniqueHost("elsewhere");
    sites.set(bouncing, redirect(() => `http://${elsewhere}:${port}/ads.txt`));
    sites.set(elsewhere, redirect(() => `http://www.${elsewhere}:${port}/ads.txt`));
    const refused = await mySite((await approvedAndChecked(bouncing)).id);
    expect(refused).toMatchObject({ adsTxtStatus: "FETCH_FAILED", adsTxtReason: expect.stringContaining(`a redirect from outside ${bouncing} is not followed`) });
    expect(asked).not.toContain(`www.${elsewhere}/ads.txt`);
  });

  it("reads a subdomain's own file when the root domain's file names it with subdomain=", async () => {
    const root = uniqueHost("parent");
    sites.set(root, text(`subdomain=news.${root}\nother.example, 1, DIRECT\n`));
    sites.set(`news.${root}`, text(`ads.adnet.test, ${publisher.id}, DIRECT`));
    expect(await mySite((await approvedAndChecked(`news.${root}`)).id)).toMatchObject({ adsTxtStatus: "FOUND", adsTxtReason: `listed in http://news.${root}/ads.txt` });
    // A subdomain the root file does not name is judged by the root file.
    sites.set(`blog.${root}`, text(`ads.adnet.test, ${publisher.id}, DIRECT`));
    expect(await mySite((await approvedAndChecked(`blog.${root}`)).id)).toMatchObject({ adsTxtStatus: "LINE_MISSING", adsTxtReason: expect.stringContaining(`http://${root}/ads.txt`) });
  });

  it("gives up on a file over the size limit", async () => {
    const host = uniqueHost("huge");
    sites.set(host, text(`ads.adnet.test, ${publisher.id}, DIRECT\n${"# padding\n".repeat(300)}`));
    expect(await mySite((await approvedAndChecked(host)).id)).toMatchObject({ adsTxtStatus: "FETCH_FAILED", adsTxtReason: `http://${host}/ads.txt: the file is larger than 2 KiB` });
  });

  it("re-checks on demand, at most once a minute, only the publisher's own approved site or any for an admin", async () => {
    const host = uniqueHost("recheck");
    const site = await approvedAndChecked(host);
    expect((await mySite(site.id)).adsTxtStatus).toBe("NO_FILE");
    sites.set(host, text(`ads.adnet.test, ${publisher.id}, DIRECT`));

    const tooSoon = await t.gql(`mutation { recheckAdsTxt(siteId: ${site.id}) { adsTxtStatus } }`, {}, publisher.token);
    expect(tooSoon.errors?.[0]).toMatchObject({ extensions: { code: "RATE_LIMITED" }, message: expect.stringMatching(/checked moments ago/) });
    await t.app.dataSource.getRepository(Site).update({ id: site.id }, { adsTxtCheckedAt: new Date(Date.now() - 61_000) });
    const rechecked = await t.gql(`mutation { recheckAdsTxt(siteId: ${site.id}) { adsTxtStatus } }`, {}, publisher.token);
    expect(rechecked.data).toEqual({ recheckAdsTxt: { adsTxtStatus: "FOUND" } });

    const stranger = await signUp(t, "publisher");
    expect(await t.rest("POST", `/publisher/sites/${site.id}/ads-txt-check`, { token: stranger.token })).toEqual({ status: 404, body: { detail: "Site not found" } });
    const advertiser = await signUp(t, "advertiser");
    expect((await t.rest("POST", `/publisher/sites/${site.id}/ads-txt-check`, { token: advertiser.token })).status).toBe(403);
    const pending = await createSite(t, publisher, { domain: uniqueHost("pending") });
    expect(await t.rest("POST", `/publisher/sites/${pending.id}/ads-txt-check`, { token: publisher.token })).toMatchObject({ status: 409, body: { detail: "Only an approved site's ads.txt is checked" } });

    await t.app.dataSource.getRepository(Site).update({ id: site.id }, { adsTxtCheckedAt: new Date(Date.now() - 61_000) });
    expect(await t.rest("POST", `/admin/sites/${site.id}/ads-txt-check`, { token: admin.token })).toMatchObject({ status: 200, body: { ads_txt_status: "found" } });
  });

  it("forgets the old domain's check when the publisher changes the domain, until the new one is approved and checked", async () => {
    const before = uniqueHost("before");
    sites.set(before, text(`ads.adnet.test, ${publisher.id}, DIRECT`));
    const site = await approvedAndChecked(before);
    expect((await mySite(site.id)).adsTxtStatus).toBe("FOUND");
    const moved = await t.rest("PUT", `/publisher/sites/${site.id}`, { token: publisher.token, body: { domain: uniqueHost("after") } });
    expect(moved.body).toMatchObject({ status: "pending", ads_txt_status: null, ads_txt_checked_at: null, ads_txt_reason: null });
  });

  it("shows admins each site's status in their list", async () => {
    const host = uniqueHost("admin");
    const site = await approvedAndChecked(host);
    const result = await t.gql(`query { sites(input: { search: "${host}" }) { items { id adsTxtStatus adsTxtReason } } }`, {}, admin.token);
    expect(result.data!.sites.items).toEqual([{ id: site.id, adsTxtStatus: "NO_FILE", adsTxtReason: `http://${host}/ads.txt: HTTP 404` }]);
  });

  it("checks daily from the scheduler: sites never checked or checked over a day ago", async () => {
    const host = uniqueHost("daily");
    const site = await approvedAndChecked(host);
    const repository = t.app.dataSource.getRepository(Site);
    sites.set(host, text(`ads.adnet.test, ${publisher.id}, DIRECT`));
    const job = t.app.services.adsTxt.job();
    await job.run({ nowMs: Date.now(), stillHeld: () => true });
    expect((await repository.findOneByOrFail({ id: site.id })).adsTxtStatus).toBe(AdsTxtStatus.NO_FILE);
    await job.run({ nowMs: Date.now() + 25 * 60 * 60_000, stillHeld: () => true });
    expect((await repository.findOneByOrFail({ id: site.id })).adsTxtStatus).toBe(AdsTxtStatus.FOUND);
  });

  it("leaves the last check of a reserved name (such as the demo's .example sites) as it stands: fetching it again could only fail", async () => {
    const site = await createSite(t, publisher, { domain: `reserved${process.pid}.example` });
    const repository = t.app.dataSource.getRepository(Site);
    // Whole seconds: the column keeps no fraction on MySQL.
    const checkedAt = new Date(Math.floor((Date.now() - 3 * 24 * 60 * 60_000) / 1000) * 1000);
    await repository.update(site.id, { status: SiteStatus.APPROVED, adsTxtStatus: AdsTxtStatus.FOUND, adsTxtReason: "listed", adsTxtCheckedAt: checkedAt });
    await t.app.services.adsTxt.job().run({ nowMs: Date.now(), stillHeld: () => true });
    expect(await repository.findOneByOrFail({ id: site.id })).toMatchObject({ adsTxtStatus: AdsTxtStatus.FOUND, adsTxtCheckedAt: checkedAt });
  });
});

describe("the fetcher in production", () => {
  it("refuses loopback, private, link-local, multicast and reserved addresses before connecting", async () => {
    const host = uniqueHost("prod");
    sites.set(host, text(`ads.adnet.test, 1, DIRECT`));
    const crawler = new AdsTxtCrawler({ production: true, userAgent: "test", maxBytes: 1024, timeoutMs: 2000, ports: { http: port, https: closedPort } });
    const before = asked.length;
    expect(await crawler.check(host, { domain: "ads.adnet.test", accountId: "1" })).toEqual({ status: AdsTxtStatus.FETCH_FAILED, reason: `http://${host}/ads.txt: ${host} is not a public host` });
    expect(asked.length).toBe(before);
    for (const address of ["127.0.0.1", "10.1.2.3", "172.20.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "240.0.0.1", "::1", "fe80::1", "fd00::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1"]) {
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
    }
    for (const address of ["93.184.215.14", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) expect([address, isPublicAddress(address)]).toEqual([address, true]);
  });
});
