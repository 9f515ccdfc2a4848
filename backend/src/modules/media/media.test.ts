import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { approvedCampaign, createZone, requestAd } from "../../../test/ad-fixtures";
import { Account, approvedSite, createCampaign, signInAdmin, signUp } from "../../../test/factories";
import { pngOf, postFile, videoOf } from "../../../test/media-fixtures";
import { startTestApp, TestApp } from "../../../test/test-app";

let t: TestApp;
let mediaDir: string;
let advertiser: Account;
let otherAdvertiser: Account;
let mp4: Buffer;

beforeAll(async () => {
  mediaDir = mkdtempSync(join(tmpdir(), "adnet-media-"));
  t = await startTestApp({ MEDIA_DIR: mediaDir });
  advertiser = await signUp(t, "advertiser");
  otherAdvertiser = await signUp(t, "advertiser");
  mp4 = await videoOf({ seconds: 2, size: "320x240" });
});
afterAll(async () => {
  await t.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

const upload = (bytes: Buffer, name: string, type: string, account = advertiser) => postFile(`${t.url}/api/advertiser/media`, account.token, bytes, name, type);
const storedFiles = () => readdirSync(mediaDir).filter((name) => !name.startsWith("."));
const myMediaCount = async (account = advertiser) => (await t.gql<{ myMedia: unknown[] }>("{ myMedia { id } }", {}, account.token)).data!.myMedia.length;

it("stores a PNG named .jpg as the PNG it is, and serves it for a year with its type, ETag and a policy that runs nothing", async () => {
  const png = await pngOf(300, 250);
  const { status, body } = await upload(png, "banner.jpg", "image/jpeg");
  expect(status).toBe(201);
  expect(body).toMatchObject({ kind: "image", mime_type: "image/png", width: 300, height: 250, bytes: png.length, duration_ms: null });
  expect(body.url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
  expect(storedFiles()).toEqual([body.url.slice("/media/".length)]);

  const served = await fetch(`${t.url}${body.url}`);
  expect(served.status).toBe(200);
  expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  expect(served.headers.get("content-type")).toBe("image/png");
  expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(served.headers.get("x-content-type-options")).toBe("nosniff");
  expect(served.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
  expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox; frame-ancestors 'none'");
  const etag = served.headers.get("etag")!;
  expect(etag).toBe(`"${body.url.slice(7, 71)}"`);
  expect((await fetch(`${t.url}${body.url}`, { headers: { "if-none-match": etag } })).status).toBe(304);

  // The same bytes again are the same file, not a second one.
  expect((await upload(png, "again.png", "image/png")).body.id).toBe(body.id);
  expect(storedFiles()).toHaveLength(1);
});

it("takes a file larger than a JSON body may be, and refuses an image over 5 MB by name", async () => {
  const noise = (side: number) => sharp({ create: { width: side, height: side, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } } }).png().toBuffer();
  const large = await noise(1000);
  expect(large.length).toBeGreaterThan(2 * 1024 * 1024);
  expect((await upload(large, "large.png", "image/png")).body).toMatchObject({ width: 1000, height: 1000, bytes: large.length });
  const files = storedFiles();
  const tooLarge = await noise(1600);
  expect(tooLarge.length).toBeGreaterThan(5 * 1024 * 1024);
  expect(await upload(tooLarge, "huge.png", "image/png")).toEqual({ status: 422, body: { detail: "The file is an image larger than 5 MB" } });
  expect(storedFiles()).toEqual(files);
}, 30_000);

describe("refused uploads", () => {
  const truncate = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length * 0.6));
  const cases: [string, () => Promise<Buffer>, string, string, RegExp][] = [
    ["a page that says it is a PNG", async () => Buffer.from("<html><script>alert(document.cookie)</script></html>"), "ad.png", "image/png", /^The file is SVG or other markup/],
    ["plain text that says it is a JPEG", async () => Buffer.from("just some words, no picture at all ".repeat(20)), "ad.jpg", "image/jpeg", /^The file is not a PNG, JPEG, GIF or WebP image/],
    [
      "an SVG with script",
      async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="250"><script>alert(1)</script><rect width="300" height="250"/></svg>'),
      "ad.svg",
      "image/svg+xml",
      /^The file is SVG or other markup, which can carry script/,
    ],
    ["a decompression bomb (8000×8000 pixels in a few KB)", () => pngOf(8000, 8000), "small.png", "image/png", /^The file is an image of 8000×8000 pixels; at most 2000×2000$/],
    ["a truncated PNG", async () => truncate(await pngOf(600, 500)), "cut.png", "image/png", /^The file is a PNG image that cannot be decoded/],
    ["a truncated MP4", async () => truncate(mp4), "cut.mp4", "video/mp4", /^The file is a video that cannot be read/],
    ["an MP4 whose video is MPEG-4 Part 2, not H.264", () => videoOf({ seconds: 1, size: "160x120", mp4Video: "mpeg4" }), "old.mp4", "video/mp4", /^The file is an MP4 video, which must have one H264 video stream, not MPEG4$/],
    ["a 61-second video", () => videoOf({ seconds: 61, size: "64x48", rate: 5 }), "long.mp4", "video/mp4", /^The file is a video of 61\.0 s; at most 60 s$/],
  ];

  it.each(cases)("refuses %s, naming the field, and keeps nothing", async (_name, make, fileName, type, detail) => {
    const [filesBefore, rowsBefore] = [storedFiles(), await myMediaCount()];
    const { status, body } = await upload(await make(), fileName, type);
    expect(status).toBe(422);
    expect(body.detail).toMatch(detail);
    expect(storedFiles()).toEqual(filesBefore);
    expect(await myMediaCount()).toBe(rowsBefore);
  }, 30_000);

  it("refuses a file behind a signed URL the same way", async () => {
    const url = (await t.gql<{ createMediaUploadUrl: { url: string } }>("mutation { createMediaUploadUrl { url } }", {}, advertiser.token)).data!.createMediaUploadUrl.url;
    const response = await fetch(url, { method: "PUT", body: "<svg onload=alert(1)>", headers: { "content-type": "image/png" } });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { detail: string }).detail).toMatch(/^The file is SVG/);
  });
});

it("takes a video through the signed URL GraphQL hands out, and serves byte ranges to players", async () => {
  const issued = await t.gql<{ createMediaUploadUrl: { url: string; expiresAt: string } }>("mutation { createMediaUploadUrl { url expiresAt } }", {}, advertiser.token);
  const { url, expiresAt } = issued.data!.createMediaUploadUrl;
  expect(url.startsWith(`${t.url}/media/uploads/`)).toBe(true);
  expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);

  const put = await fetch(url, { method: "PUT", body: new Uint8Array(mp4), headers: { "content-type": "application/octet-stream" } });
  expect(put.status).toBe(201);
  const file = (await put.json()) as Record<string, any>;
  expect(file).toMatchObject({ kind: "video", mimeType: "video/mp4", width: 320, height: 240, renditionStatus: "none" });
  expect(file.durationMs).toBeGreaterThanOrEqual(1900);
  expect(file.durationMs).toBeLessThanOrEqual(2100);
  expect(file.bitrateKbps).toBeGreaterThan(0);
  const mine = await t.gql<{ myMedia: { id: number; url: string }[] }>("{ myMedia { id url } }", {}, advertiser.token);
  expect(mine.data!.myMedia).toContainEqual({ id: file.id, url: file.url });

  const ranged = await fetch(`${t.url}${file.url}`, { headers: { range: "bytes=100-199" } });
  expect(ranged.status).toBe(206);
  expect(ranged.headers.get("content-range")).toBe(`bytes 100-199/${mp4.length}`);
  expect(ranged.headers.get("content-type")).toBe("video/mp4");
  expect(Buffer.from(await ranged.arrayBuffer()).equals(mp4.subarray(100, 200))).toBe(true);
  const tail = await fetch(`${t.url}${file.url}`, { headers: { range: "bytes=-50" } });
  expect(tail.status).toBe(206);
  expect(Buffer.from(await tail.arrayBuffer()).equals(mp4.subarray(mp4.length - 50))).toBe(true);
  const beyond = await fetch(`${t.url}${file.url}`, { headers: { range: `bytes=${mp4.length}-` } });
  expect(beyond.status).toBe(416);
  expect(beyond.headers.get("content-range")).toBe(`bytes */${mp4.length}`);
});

it("takes an animated GIF banner of 60 frames at its frame's size", async () => {
  const frames = await Promise.all(Array.from({ length: 60 }, (_, n) => sharp({ create: { width: 300, height: 250, channels: 3, background: n % 2 ? "#ff0000" : "#0000ff" } }).png().toBuffer()));
  const gif = await sharp(frames, { join: { animated: true } }).gif().toBuffer();
  expect((await upload(gif, "banner.gif", "image/gif")).body).toMatchObject({ kind: "image", mime_type: "image/gif", width: 300, height: 250 });
});

it("takes a WebM (VP8, Opus) as video/webm", async () => {
  const { status, body } = await upload(await videoOf({ seconds: 1, size: "320x180", format: "webm" }), "clip.bin", "application/octet-stream");
  expect(status).toBe(201);
  expect(body).toMatchObject({ kind: "video", mime_type: "video/webm", width: 320, height: 180 });
  expect(body.url).toMatch(/\.webm$/);
});

it("refuses a forged or tampered upload URL, and an upload URL to anyone but an advertiser", async () => {
  const url = (await t.gql<{ createMediaUploadUrl: { url: string } }>("mutation { createMediaUploadUrl { url } }", {}, advertiser.token)).data!.createMediaUploadUrl.url;
  const tampered = url.replace(/\/uploads\/(\d+)\./, (_match, id) => `/uploads/${Number(id) + 1}.`);
  const response = await fetch(tampered, { method: "PUT", body: new Uint8Array(await pngOf(10, 10)) });
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual({ detail: "This upload URL is not valid or has expired: ask for a new one" });
  const publisher = await signUp(t, "publisher");
  expect((await t.gql("mutation { createMediaUploadUrl { url } }", {}, publisher.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
  expect((await upload(await pngOf(10, 10), "a.png", "image/png", publisher)).status).toBe(403);
});

it("takes multipart only on the upload path, and only from a caller with credentials", async () => {
  const png = await pngOf(10, 10);
  expect(await postFile(`${t.url}/api/advertiser/campaigns`, advertiser.token, png, "a.png", "image/png")).toEqual({ status: 415, body: { detail: "Only POST /api/advertiser/media takes multipart/form-data" } });
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "a.png");
  const anonymous = await fetch(`${t.url}/api/advertiser/media`, { method: "POST", body: form });
  expect([anonymous.status, await anonymous.json()]).toEqual([401, { detail: "Not authenticated" }]);
});

describe("creatives from uploaded files", () => {
  let campaign: { id: number };
  let image: Record<string, any>;

  beforeAll(async () => {
    campaign = await createCampaign(t, advertiser);
    image = (await upload(await pngOf(728, 90), "leaderboard.png", "image/png")).body;
  });

  const post = (body: Record<string, unknown>, account = advertiser) => t.rest("POST", "/advertiser/creatives", { token: account.token, body });

  it("takes its type and real size from the file, through REST", async () => {
    const { status, body } = await post({ campaign_id: campaign.id, name: "Hosted", media_id: image.id, click_url: "https://shop.example.com/" });
    expect(status).toBe(201);
    expect(body).toMatchObject({ type: "image", width: 728, height: 90, media_id: image.id, content_url: image.url, status: "pending" });
  });

  it("takes a media id through GraphQL too", async () => {
    const created = await t.gql(
      `mutation($input: CreateCreativeInput!) { createCreative(input: $input) { type width height mediaId contentUrl } }`,
      { input: { campaignId: campaign.id, name: "Hosted", mediaId: image.id, width: 728, height: 90 } },
      advertiser.token,
    );
    expect(created.data).toEqual({ createCreative: { type: "image", width: 728, height: 90, mediaId: image.id, contentUrl: image.url } });
  });

  it.each([
    [{ width: 300, height: 250 }, 422, "Width and height must be the uploaded file's real size, 728×90, not 300×250"],
    [{ type: "video" }, 422, "Type must be image or native: the uploaded file is an image"],
    [{ content_url: "https://cdn.example.com/ad.png" }, 422, "Give either a content URL or an uploaded file (mediaId), not both"],
  ])("refuses %p", async (change, status, detail) => {
    expect(await post({ campaign_id: campaign.id, name: "Hosted", media_id: image.id, ...change })).toEqual({ status, body: { detail } });
  });

  it("names the field in GraphQL's error", async () => {
    const created = await t.gql(
      `mutation($input: CreateCreativeInput!) { createCreative(input: $input) { id } }`,
      { input: { campaignId: campaign.id, name: "Hosted", mediaId: image.id, width: 728, height: 91 } },
      advertiser.token,
    );
    expect(created.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "height" });
  });

  it("lets no advertiser use another's file", async () => {
    const theirs = await createCampaign(t, otherAdvertiser);
    expect(await post({ campaign_id: theirs.id, name: "Borrowed", media_id: image.id }, otherAdvertiser)).toEqual({ status: 404, body: { detail: "Media file not found" } });
  });

  it("keeps the file when its campaign is duplicated", async () => {
    const original = await createCampaign(t, advertiser);
    await post({ campaign_id: original.id, name: "Hosted", media_id: image.id });
    const copy = (await t.rest("POST", `/advertiser/campaigns/${original.id}/duplicate`, { token: advertiser.token })).body;
    const mine = await t.gql<{ myCreatives: { campaignId: number }[] }>("{ myCreatives { campaignId mediaId contentUrl width height status } }", {}, advertiser.token);
    expect(mine.data!.myCreatives.filter((creative) => creative.campaignId === copy.id)).toEqual([{ campaignId: copy.id, mediaId: image.id, contentUrl: image.url, width: 728, height: 90, status: "PENDING" }]);
  });

  it("keeps URL creatives working", async () => {
    const { status, body } = await post({ campaign_id: campaign.id, name: "Linked", content_url: "https://cdn.example.com/ad.png" });
    expect(status).toBe(201);
    expect(body).toMatchObject({ media_id: null, content_url: "https://cdn.example.com/ad.png" });
  });
});

it("serves a hosted creative at an absolute URL of the answer's origin, and the catalogue carries the file's facts", async () => {
  const admin = await signInAdmin(t);
  const publisher = await signUp(t, "publisher");
  const site = await approvedSite(t, publisher, admin);
  const zoneId = await createZone(t, publisher, site.id, [320, 240], "video");
  const { campaignId } = await approvedCampaign(t, advertiser, admin, { zoneSize: [320, 240], creativeSize: [1, 1] });
  const video = (await upload(mp4, "spot.mp4", "video/mp4")).body;
  const created = await t.rest("POST", "/advertiser/creatives", { token: advertiser.token, body: { campaign_id: campaignId, name: "Hosted video", media_id: video.id, click_url: "https://shop.example.com/" } });
  await t.gql(`mutation { approveCreative(id: ${created.body.id}) { status } }`, {}, admin.token);
  await t.app.services.delivery.inventory.reload();

  const served = await requestAd(t, zoneId, { page: `https://${site.domain}/watch` });
  expect(served.body.creative).toMatchObject({ id: created.body.id, type: "video", url: `${t.url}${video.url}`, width: 320, height: 240 });
  expect(t.app.services.delivery.inventory.creative(created.body.id)!.media).toEqual({
    mimeType: "video/mp4",
    durationMs: video.duration_ms,
    renditions: [{ url: video.url, mimeType: "video/mp4", width: 320, height: 240, bitrateKbps: video.bitrate_kbps }],
  });
});

describe("the 360p rendition", () => {
  type Listed = { id: number; renditionStatus: string; renditions: { url: string; mimeType: string; width: number; height: number; bitrateKbps: number }[] };
  const fileOf = async (id: number) => (await t.gql<{ myMedia: Listed[] }>("{ myMedia { id renditionStatus renditions { url mimeType width height bitrateKbps } } }", {}, advertiser.token)).data!.myMedia.find((file) => file.id === id)!;
  async function settled(id: number): Promise<Listed> {
    for (let waited = 0; waited < 60_000; waited += 200) {
      const file = await fileOf(id);
      if (file.renditionStatus !== "pending") return file;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error("the rendition never came");
  }

  it("is made in the background for a video taller than 360p, even across a restart, and reaches the catalogue", async () => {
    const tall = await videoOf({ seconds: 2, size: "640x480" });
    const uploaded = (await upload(tall, "tall.mp4", "video/mp4")).body;
    expect(uploaded.rendition_status).toBe("pending");
    const campaign = await createCampaign(t, advertiser);
    const admin = await signInAdmin(t);
    const creative = (await t.rest("POST", "/advertiser/creatives", { token: advertiser.token, body: { campaign_id: campaign.id, name: "Tall", media_id: uploaded.id } })).body;
    await t.gql(`mutation { approveCampaign(id: ${campaign.id}) { status } }`, {}, admin.token);
    await t.gql(`mutation { approveCreative(id: ${creative.id}) { status } }`, {}, admin.token);
    // Stopped while encoding (or before), the app finds the pending video again when it starts.
    await t.restart();

    const done = await settled(uploaded.id);
    expect(done.renditionStatus).toBe("done");
    expect(done.renditions).toEqual([{ url: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.mp4$/), mimeType: "video/mp4", width: 480, height: 360, bitrateKbps: expect.any(Number) }]);
    const served = await fetch(`${t.url}${done.renditions[0].url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("video/mp4");

    // The row's change reloads the catalogue by itself.
    const sizesInCatalogue = () => t.app.services.delivery.inventory.creative(creative.id)?.media?.renditions.map(({ width, height }) => [width, height]);
    for (let waited = 0; waited < 10_000 && sizesInCatalogue()?.length !== 2; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sizesInCatalogue()).toEqual([
      [640, 480],
      [480, 360],
    ]);
  }, 90_000);

  it("is not made for a video of 360p or less", async () => {
    expect((await upload(await videoOf({ seconds: 1, size: "640x360" }), "small.mp4", "video/mp4")).body).toMatchObject({ rendition_status: "none", renditions: [] });
  });
});
