import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { signInFromLanding } from "./pages/auth-dialog";
import { card, openTab, toast } from "./pages/common";
import { DESKTOP_CHROME, eventually, fundAdvertiser, publisherWithZone, serveAd } from "./support/ad-setup";
import { graphql, newAccount, registeredToken, signIn, uniqueName, uniqueTag } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount, baseUrl } from "./support/shared-server";
import { startThirdPartySite, type ThirdPartySite } from "./support/third-party-site";

const visitors = useVisitors();
const RECTANGLE = { width: 300, height: 250 };
const PLAYER = { width: 640, height: 360 };

let thirdParty: ThirdPartySite;
let files: string;
beforeAll(async () => {
  thirdParty = await startThirdPartySite();
  files = mkdtempSync(join(tmpdir(), "adnet-e2e-uploads-"));
  // Real files, made here: a PNG by sharp, a 2-second H.264/AAC test card by ffmpeg, and a page that calls itself a PNG.
  await sharp({ create: { ...RECTANGLE, channels: 3, background: "#b45309" } }).png().toFile(join(files, "autumn.png"));
  execFileSync("ffmpeg", ["-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc=duration=2:size=640x360:rate=25", "-f", "lavfi", "-i", "sine=duration=2"]
    .concat(["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", join(files, "spot.mp4")]));
  writeFileSync(join(files, "fake.png"), "<html><script>alert(1)</script></html>");
});
afterAll(async () => {
  await thirdParty.close();
  rmSync(files, { recursive: true, force: true });
});

/** Fills the Add Creative dialog with a file instead of a URL, and waits for what the server found in it. */
async function uploadFile(page: Page, { campaign, name, file, found }: { campaign: string; name: string; file: string; found: string }) {
  const dialog = page.getByRole("dialog", { name: "Add Creative" });
  if (!(await dialog.isVisible())) await page.getByRole("button", { name: "Add Creative" }).click();
  const form = dialog.getByRole("form", { name: "Add creative" });
  await form.getByLabel("Campaign").selectOption({ label: campaign });
  await form.getByLabel("Creative name").fill(name);
  await form.getByLabel("Upload a file").setInputFiles(join(files, file));
  await expect(form.getByRole("status")).toBeVisible();
  expect(await form.getByRole("status").textContent()).toBe(`Uploaded: ${found}`);
  expect(await form.getByLabel("Content URL").count()).toBe(0);
  await form.getByLabel("Click URL").fill("https://shop.example.com/autumn");
  await form.getByRole("button", { name: "Add Creative" }).click();
  // The first upload's notice may still be up when the second one's comes.
  await expect(toast(page, "Creative added and sent for review").last()).toBeVisible();
  await dialog.waitFor({ state: "hidden" });
}

async function zoneOfFormat(publisherToken: string, domain: string, format: string) {
  const { mySites } = await graphql<{ mySites: { id: number; domain: string }[] }>("{ mySites { id domain } }", {}, publisherToken);
  const site = mySites.find((candidate) => candidate.domain === domain)!;
  const { createAdZone } = await graphql<{ createAdZone: { id: number; adTag: string } }>(
    "mutation ($input: CreateAdZoneInput!) { createAdZone(input: $input) { id adTag } }",
    { input: { siteId: site.id, name: "Video box", ...PLAYER, format, position: "content" } },
    publisherToken,
  );
  return createAdZone;
}

test("an advertiser uploads a PNG and an MP4 in the creative dialog, and readers' pages show the files the network hosts", async () => {
  const admin = await signIn(adminAccount());
  const tag = uniqueTag();
  const newsHost = `news-${tag}.localhost`;
  const publisher = await publisherWithZone(admin, { domain: newsHost, size: RECTANGLE });
  const videoZone = await zoneOfFormat(publisher.token, newsHost, "video");

  const account = newAccount("ADVERTISER", "Hosted Advertiser");
  const token = await registeredToken(account);
  await fundAdvertiser(admin, token, 1000);
  // Its own site only, at a bid no other test's campaign comes near: the suite's other campaigns of these
  // sizes neither take this site's zones nor lose theirs to it.
  const campaignName = uniqueName("Autumn");
  const { createCampaign } = await graphql<{ createCampaign: { id: number } }>("mutation ($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }", { input: { name: campaignName, budget: 500, cpm: 50, targeting: { sites: { mode: "INCLUDE", values: [newsHost] } } } }, token);
  await graphql(`mutation { approveCampaign(id: ${createCampaign.id}) { status } }`, {}, admin);

  const advertiser = await visitors.open();
  await signInFromLanding(advertiser, account);
  await expect(advertiser).toHavePath("/advertiser");
  await openTab(advertiser, "Creatives");

  // A file that lies about its type is refused, with the reason; the same dialog then takes a real one.
  await advertiser.getByRole("button", { name: "Add Creative" }).click();
  const dialog = advertiser.getByRole("dialog", { name: "Add Creative" });
  await dialog.getByLabel("Upload a file").setInputFiles(join(files, "fake.png"));
  await expect(dialog.getByText(/^The file is SVG or other markup, which can carry script/)).toBeVisible();
  await screenshot(advertiser, "advertiser - upload refused");

  await uploadFile(advertiser, { campaign: campaignName, name: "Autumn rectangle", file: "autumn.png", found: "PNG image, 300×250 pixels" });
  await uploadFile(advertiser, { campaign: campaignName, name: "Autumn spot", file: "spot.mp4", found: "MP4 video, 640×360 pixels, 2.0 s" });
  await expect(card(advertiser, "Autumn rectangle").getByText("300x250", { exact: true })).toBeVisible();
  await expect(card(advertiser, "Autumn spot").getByText("640x360", { exact: true })).toBeVisible();
  await screenshot(advertiser, "advertiser - hosted creatives pending");

  const { myCreatives } = await graphql<{ myCreatives: { id: number; name: string; contentUrl: string; mediaId: number | null }[] }>("{ myCreatives { id name contentUrl mediaId } }", {}, token);
  for (const creative of myCreatives) await graphql(`mutation { approveCreative(id: ${creative.id}) { status } }`, {}, admin);
  const hosted = (name: string) => myCreatives.find((creative) => creative.name === name)!;
  expect(hosted("Autumn rectangle").contentUrl).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
  expect(hosted("Autumn spot").contentUrl).toMatch(/^\/media\/[0-9a-f]{64}\.mp4$/);

  thirdParty.setArticle(`<!doctype html><html lang="en"><title>Local news</title>
    <h1>Autumn fair opens</h1>${publisher.adTag}<p>Between the ads.</p>${videoZone.adTag}</html>`);
  await eventually(() => serveAd(publisher.zoneId, `${thirdParty.originFor(newsHost)}/`), { fill: true });
  await eventually(() => serveAd(videoZone.id, `${thirdParty.originFor(newsHost)}/`), { fill: true });

  const reader = await visitors.open({ userAgent: DESKTOP_CHROME });
  await reader.goto(`${thirdParty.originFor(newsHost)}/`);
  const image = reader.frameLocator(`ins.adnet-zone[data-zone-id="${publisher.zoneId}"] iframe`).locator("img");
  await expect(image).toBeVisible();
  expect(await image.getAttribute("src")).toBe(`${baseUrl()}${hosted("Autumn rectangle").contentUrl}`);
  await eventually(() => image.evaluate((img: HTMLImageElement) => ({ complete: img.complete, width: img.naturalWidth, height: img.naturalHeight })), { complete: true, width: 300, height: 250 });
  // A video plays in the page itself, through the tag's player (see video-ads.e2e for its events).
  const video = reader.locator(`ins.adnet-zone[data-zone-id="${videoZone.id}"] video`);
  await expect(video).toBeVisible();
  expect(await video.getAttribute("src")).toBe(`${baseUrl()}${hosted("Autumn spot").contentUrl}`);
  // The hosted file must load whole and decodable in Chromium.
  await eventually(
    () => video.evaluate((element: HTMLVideoElement) => ({ error: element.error?.code ?? null, enoughData: element.readyState === 4, width: element.videoWidth, height: element.videoHeight, seconds: Math.round(element.duration) })),
    { error: null, enoughData: true, width: 640, height: 360, seconds: 2 },
  );
  await screenshot(reader, "reader - hosted image and video ads");
});
