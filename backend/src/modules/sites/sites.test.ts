import { Account, approvedSite, createSite, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { AdZone } from "../zones/ad-zone.entity";

let t: TestApp;
let publisher: Account;
let otherPublisher: Account;
let admin: Account;

beforeAll(async () => {
  t = await startTestApp();
  publisher = await signUp(t, "publisher");
  otherPublisher = await signUp(t, "publisher");
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const post = (body: Record<string, unknown>, account = publisher) => t.rest("POST", "/publisher/sites", { token: account.token, body });
const valid = { domain: "Blog.Example.COM", name: "Example Blog", category: "technology", description: "Gadgets and reviews." };

describe("creating a site", () => {
  it("submits it for approval with 201, whatever status or counters the client posts", async () => {
    const response = await post({ ...valid, domain: "posted-status.example.com", status: "approved", monthly_impressions: 999, id: 77, publisher_id: otherPublisher.id });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: "Example Blog",
      domain: "posted-status.example.com",
      category: "technology",
      description: "Gadgets and reviews.",
      status: "pending",
      monthly_impressions: 0,
      publisher_id: publisher.id,
      rejection_reason: null,
    });
    expect(response.body.id).not.toBe(77);
  });

  it("keeps only the host name of a pasted URL, lowercased", async () => {
    expect((await post({ ...valid, domain: "https://News.Example.org/path?q=1" })).body.domain).toBe("news.example.org");
  });

  it.each([
    [{ domain: "" }, "Domain is required"],
    [{ domain: "not a domain" }, "Enter a domain such as example.com"],
    [{ name: " " }, "Name is required"],
    [{ description: undefined }, "Description is required"],
    [{ category: "gambling" }, "Category must be one of technology, lifestyle, business, entertainment, sports, news"],
  ])("refuses %p with 422 %p and stores nothing", async (change, detail) => {
    const before = (await t.rest("GET", "/publisher/sites", { token: publisher.token })).body.length;
    expect(await post({ ...valid, domain: "refused.example.com", ...change })).toEqual({ status: 422, body: { detail } });
    expect((await t.rest("GET", "/publisher/sites", { token: publisher.token })).body).toHaveLength(before);
  });

  it("refuses the same domain twice for one publisher with 409, but another publisher may add it", async () => {
    await post({ ...valid, domain: "twice.example.com" });
    expect(await post({ ...valid, domain: "TWICE.example.com" })).toEqual({ status: 409, body: { detail: "You have already added twice.example.com" } });
    expect((await post({ ...valid, domain: "twice.example.com" }, otherPublisher)).status).toBe(201);
  });

  it("stores an internationalised domain in punycode, shows it in Unicode, and sees both spellings as one", async () => {
    const added = await post({ ...valid, domain: "Bücher.example" });
    expect(added).toMatchObject({ status: 201, body: { domain: "bücher.example" } });
    const [row] = await t.app.dataSource.query("SELECT domain FROM sites WHERE id = ?", [added.body.id]);
    expect(row.domain).toBe("xn--bcher-kva.example");
    expect(await post({ ...valid, domain: "xn--bcher-kva.example" })).toEqual({ status: 409, body: { detail: "You have already added bücher.example" } });
    const gql = await t.gql<{ mySites: { domain: string }[] }>("{ mySites { domain } }", {}, publisher.token);
    expect(gql.data!.mySites.map((site) => site.domain)).toContain("bücher.example");
  });

  it("accepts localhost and its subdomains outside production, for trying the tag locally", async () => {
    expect(await post({ ...valid, domain: "localhost" })).toMatchObject({ status: 201, body: { domain: "localhost" } });
    expect(await post({ ...valid, domain: "http://shop.localhost:5173/" })).toMatchObject({ status: 201, body: { domain: "shop.localhost" } });
  });

  it("answers GraphQL with the field that failed", async () => {
    const result = await t.gql(`mutation { createSite(input: {domain: "x", name: "n", category: "news", description: "d"}) { id } }`, {}, publisher.token);
    expect(result.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "domain" } });
  });
});

describe("ownership", () => {
  it("shows each publisher only their own sites", async () => {
    const mine = await createSite(t, publisher, { domain: "mine-only.example.com" });
    const theirs = (await t.rest("GET", "/publisher/sites", { token: otherPublisher.token })).body;
    expect(theirs.map((site: { id: number }) => site.id)).not.toContain(mine.id);
    const gql = await t.gql<{ mySites: { id: number }[] }>("{ mySites { id } }", {}, otherPublisher.token);
    expect(gql.data!.mySites.map((site) => site.id)).not.toContain(mine.id);
  });
});

describe("review by an admin", () => {
  it("lists every publisher's sites for the admin, and filters by status over GraphQL", async () => {
    const a = await createSite(t, publisher);
    const b = await createSite(t, otherPublisher);
    const all = (await t.rest("GET", "/admin/sites", { token: admin.token })).body.map((site: { id: number }) => site.id);
    expect(all).toEqual(expect.arrayContaining([a.id, b.id]));
    const pending = await t.gql<{ sites: { items: { id: number; status: string }[] } }>("{ sites(input: { status: PENDING }) { items { id status } } }", {}, admin.token);
    expect(pending.data!.sites.items.every((site) => site.status === "PENDING")).toBe(true);
  });

  it("approves a pending site over REST and returns it approved", async () => {
    const site = await createSite(t, publisher);
    const approved = await t.rest("PUT", `/admin/sites/${site.id}/approve`, { token: admin.token });
    expect(approved).toMatchObject({ status: 200, body: { id: site.id, status: "approved" } });
    const again = await t.rest("PUT", `/admin/sites/${site.id}/approve`, { token: admin.token });
    expect(again).toEqual({ status: 409, body: { detail: "Only a pending site can be approved; this one is approved" } });
  });

  it("rejects a site with a reason that its publisher sees", async () => {
    const site = await createSite(t, publisher);
    const result = await t.gql(`mutation { rejectSite(id: ${site.id}, reason: "Content is copied from elsewhere") { status rejectionReason } }`, {}, admin.token);
    expect(result.data).toEqual({ rejectSite: { status: "REJECTED", rejectionReason: "Content is copied from elsewhere" } });
    const seen = (await t.rest("GET", "/publisher/sites", { token: publisher.token })).body.find((s: { id: number }) => s.id === site.id);
    expect(seen).toMatchObject({ status: "rejected", rejection_reason: "Content is copied from elsewhere" });
  });

  it("needs a reason to reject", async () => {
    const site = await createSite(t, publisher);
    const result = await t.gql(`mutation { rejectSite(id: ${site.id}, reason: "  ") { status } }`, {}, admin.token);
    expect(result.errors?.[0]).toMatchObject({ message: "Reason is required", extensions: { field: "reason" } });
  });

  it("answers 404 for a site that does not exist", async () => {
    expect(await t.rest("PUT", "/admin/sites/987654/approve", { token: admin.token })).toEqual({ status: 404, body: { detail: "Site not found" } });
  });
});

describe("in production", () => {
  it("refuses localhost and says why", async () => {
    const production = await startTestApp({ NODE_ENV: "production", PUBLIC_URL: "https://ads.example.com" });
    try {
      const owner = await signUp(production, "publisher");
      const response = await production.rest("POST", "/publisher/sites", { token: owner.token, body: { ...valid, domain: "localhost" } });
      expect(response).toEqual({
        status: 422,
        body: { detail: "localhost only reaches your own computer: enter the domain visitors use, such as example.com" },
      });
      const gql = await production.gql(`mutation { createSite(input: {domain: "app.localhost", name: "n", category: "news", description: "d"}) { id } }`, {}, owner.token);
      expect(gql.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "domain" } });
    } finally {
      await production.close();
    }
  });
});

describe("editing a site", () => {
  const put = (id: number, body: Record<string, unknown>, account = publisher) => t.rest("PUT", `/publisher/sites/${id}`, { token: account.token, body });
  const listed = async (id: number, account = publisher) =>
    (await t.rest("GET", "/publisher/sites", { token: account.token })).body.find((site: { id: number }) => site.id === id);

  it("changes name, description and category over REST, keeps an approved site approved, and ignores posted status", async () => {
    const site = await approvedSite(t, publisher, admin);
    const response = await put(site.id, { name: "Renamed", description: "New words.", category: "sports", status: "rejected", publisher_id: otherPublisher.id });
    expect(response).toMatchObject({ status: 200, body: { id: site.id, name: "Renamed", description: "New words.", category: "sports", domain: site.domain, status: "approved", publisher_id: publisher.id } });
    expect(await listed(site.id)).toMatchObject({ name: "Renamed", category: "sports", status: "approved" });
  });

  it("sends an approved site whose domain changes back to review, over GraphQL, changing only what was sent", async () => {
    const site = await approvedSite(t, publisher, admin);
    const result = await t.gql(`mutation($id: Int!) { updateSite(id: $id, input: { domain: "https://Moved.Example.com/" }) { domain name status } }`, { id: site.id }, publisher.token);
    expect(result.data).toEqual({ updateSite: { domain: "moved.example.com", name: site.name, status: "PENDING" } });
  });

  it("submits a rejected site again when its publisher edits it", async () => {
    const site = await createSite(t, publisher);
    await t.gql(`mutation { rejectSite(id: ${site.id}, reason: "Thin content") { status } }`, {}, admin.token);
    expect(await put(site.id, { description: "Now with original reporting." })).toMatchObject({ status: 200, body: { status: "pending", rejection_reason: null } });
  });

  it.each([
    ["domain", { domain: "not a domain" }, "Enter a domain such as example.com"],
    ["name", { name: " " }, "Name is required"],
    ["category", { category: "gambling" }, "Category must be one of technology, lifestyle, business, entertainment, sports, news"],
    ["description", { description: "x".repeat(2001) }, "Description can be at most 2000 characters long"],
  ])("refuses a bad %s with 422 and changes nothing", async (_field, change, detail) => {
    const site = await approvedSite(t, publisher, admin);
    expect(await put(site.id, { name: "Changed", ...change })).toEqual({ status: 422, body: { detail } });
    expect(await listed(site.id)).toMatchObject({ name: site.name, domain: site.domain, category: site.category, status: "approved" });
  });

  it("refuses a domain another of the publisher's sites has with 409", async () => {
    const first = await createSite(t, publisher, { domain: "taken-by-first.example.com" });
    const second = await createSite(t, publisher);
    expect(await put(second.id, { domain: "TAKEN-by-first.example.com" })).toEqual({ status: 409, body: { detail: "You have already added taken-by-first.example.com" } });
    const result = await t.gql(`mutation { updateSite(id: ${second.id}, input: { domain: "taken-by-first.example.com" }) { id } }`, {}, publisher.token);
    expect(result.errors?.[0]).toMatchObject({ extensions: { code: "CONFLICT", field: "domain" } });
    expect((await listed(first.id)).domain).toBe("taken-by-first.example.com");
  });

  it("answers another publisher as if the site did not exist, through both doors, and refuses advertisers", async () => {
    const site = await createSite(t, publisher);
    expect(await put(site.id, { name: "Hijacked" }, otherPublisher)).toEqual({ status: 404, body: { detail: "Site not found" } });
    const gql = await t.gql(`mutation { updateSite(id: ${site.id}, input: { name: "Hijacked" }) { id } }`, {}, otherPublisher.token);
    expect(gql.errors?.[0]).toMatchObject({ message: "Site not found", extensions: { code: "NOT_FOUND" } });
    const advertiser = await signUp(t, "advertiser");
    expect((await put(site.id, { name: "Hijacked" }, advertiser)).status).toBe(403);
    expect((await t.gql(`mutation { updateSite(id: ${site.id}, input: { name: "Hijacked" }) { id } }`, {}, advertiser.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await listed(site.id)).name).toBe(site.name);
  });
});

describe("removing a site", () => {
  const archive = (id: number, account = publisher) => t.rest("PUT", `/publisher/sites/${id}/archive`, { token: account.token });
  const siteIds = async (account = publisher) => (await t.rest("GET", "/publisher/sites", { token: account.token })).body.map((site: { id: number }) => site.id);

  it("takes the site and its zones out of the publisher's lists, and out of the admins' review", async () => {
    const site = await approvedSite(t, publisher, admin);
    const zone = (await t.rest("POST", "/publisher/ad-zones", { token: publisher.token, body: { site_id: site.id, name: "Goes too" } })).body;
    const response = await archive(site.id);
    expect(response).toMatchObject({ status: 200, body: { id: site.id, archived_at: expect.any(String) } });
    expect(await siteIds()).not.toContain(site.id);
    const zones = (await t.rest("GET", "/publisher/ad-zones", { token: publisher.token })).body.map((z: { id: number }) => z.id);
    expect(zones).not.toContain(zone.id);
    // The zone's own row is archived with the site's, so delivery drops it too.
    expect((await t.app.dataSource.getRepository(AdZone).findOneByOrFail({ id: zone.id })).archivedAt).toBeInstanceOf(Date);
    expect((await t.rest("GET", "/admin/sites", { token: admin.token })).body.map((s: { id: number }) => s.id)).not.toContain(site.id);
    expect(await archive(site.id)).toEqual({ status: 404, body: { detail: "Site not found" } });
    expect((await t.rest("PUT", `/publisher/sites/${site.id}`, { token: publisher.token, body: { name: "Ghost" } })).status).toBe(404);
    expect(await t.rest("POST", "/publisher/ad-zones", { token: publisher.token, body: { site_id: site.id, name: "Late" } })).toEqual({ status: 404, body: { detail: "Site not found" } });
  });

  it("works over GraphQL and refuses another publisher's site, which stays", async () => {
    const site = await createSite(t, publisher);
    const refused = await t.gql(`mutation { archiveSite(id: ${site.id}) { id } }`, {}, otherPublisher.token);
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: "NOT_FOUND" } });
    expect(await siteIds()).toContain(site.id);
    const result = await t.gql<{ archiveSite: { id: number; archivedAt: string } }>(`mutation { archiveSite(id: ${site.id}) { id archivedAt } }`, {}, publisher.token);
    expect(result.data!.archiveSite).toEqual({ id: site.id, archivedAt: expect.any(String) });
    expect(await siteIds()).not.toContain(site.id);
  });

  it("brings a removed domain back under its old id, pending review, when the publisher adds it again", async () => {
    const site = await approvedSite(t, publisher, admin);
    await archive(site.id);
    const again = await post({ ...valid, domain: site.domain, name: "Back again" });
    expect(again).toMatchObject({ status: 201, body: { id: site.id, name: "Back again", status: "pending", archived_at: null } });
    expect(await siteIds()).toContain(site.id);
  });
});
