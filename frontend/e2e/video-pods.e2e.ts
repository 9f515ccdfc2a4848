import { DESKTOP_CHROME } from "./support/ad-setup";
import { graphql, signIn, uniqueTag } from "./support/api";
import type { Page } from "playwright-core";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";
import { advertiserWithVideo, aroundToday, until, publisherWithVideoZone, startVideoSite, type VideoSite } from "./support/video-site";

const visitors = useVisitors();

let site: VideoSite;
beforeAll(async () => {
  site = await startVideoSite();
});
afterAll(() => site.close());

type VideoTotals = { impressions: number; videoStarts: number; completes: number };
const videoTotals = async (token: string): Promise<VideoTotals> =>
  (
    await graphql<{ advertiserReport: { totals: VideoTotals } }>(
      "query ($input: ReportInput!) { advertiserReport(input: $input) { totals { impressions videoStarts completes } } }",
      { input: aroundToday() },
      token,
    )
  ).advertiserReport.totals;

/**
 * A publisher's programme page: its player reads the zone's VMAP (the programme's length put in for
 * DURATION), plays the content, and at the mid-roll's offset loads that break's ad tag with the real
 * vast-client and plays the pod's ads one after another in the same `<video>`, each with its own
 * VASTTracker (impression when it plays, progress, complete), then the rest of the content.
 * `data-state` tells where it got to, `data-played` which ads played in order.
 */
function programmePage(vmapUrl: string, contentSeconds: number): string {
  return `<!doctype html><html lang="en"><title>Match highlights</title>
<h1>Match highlights</h1>
<video width="640" height="344" muted playsinline></video>
<script src="/vast-client.js"></script>
<script>
  const video = document.querySelector("video");
  const say = (state) => (document.body.dataset.state = state);
  const client = new VAST.VASTClient();
  const VMAP = "http://www.iab.net/videosuite/vmap";
  const played = [];

  function playAd(ad) {
    return new Promise((resolve) => {
      const creative = ad.creatives.find((c) => c.type === "linear");
      const tracker = new VAST.VASTTracker(client, ad, creative);
      const playing = () => tracker.trackImpression();
      const progress = () => tracker.setProgress(video.currentTime);
      const ended = () => {
        tracker.complete();
        video.removeEventListener("playing", playing);
        video.removeEventListener("timeupdate", progress);
        video.removeEventListener("ended", ended);
        played.push(ad.sequence + ":" + ad.id);
        document.body.dataset.played = played.join(" ");
        resolve();
      };
      video.addEventListener("playing", playing, { once: true });
      video.addEventListener("timeupdate", progress);
      video.addEventListener("ended", ended);
      video.src = creative.mediaFiles[0].fileURL;
      video.play().catch(() => undefined);
    });
  }

  async function programme() {
    const vmap = new DOMParser().parseFromString(await (await fetch(${JSON.stringify(vmapUrl)}.replace("DURATION", "${contentSeconds}"), { credentials: "include" })).text(), "application/xml");
    const breaks = [...vmap.getElementsByTagNameNS(VMAP, "AdBreak")].map((adBreak) => ({
      offset: adBreak.getAttribute("timeOffset"),
      tag: adBreak.getElementsByTagNameNS(VMAP, "AdTagURI")[0].textContent.trim(),
    }));
    document.body.dataset.breaks = breaks.map((adBreak) => adBreak.offset).join(" ");
    const midroll = breaks.find((adBreak) => /^\\d\\d:\\d\\d:\\d\\d/.test(adBreak.offset));
    const [h, m, s] = midroll.offset.split(":").map(Number);
    const at = h * 3600 + m * 60 + s;

    video.src = "/feature.webm";
    await video.play();
    say("content");
    await new Promise((resolve) => video.addEventListener("timeupdate", function reached() {
      if (video.currentTime < at) return;
      video.removeEventListener("timeupdate", reached);
      resolve();
    }));
    video.pause();
    const pod = await client.get(midroll.tag, { withCredentials: true });
    if (pod.ads.length < 2) return say("short-pod");
    say("mid-roll");
    for (const ad of pod.ads) await playAd(ad);
    video.src = "/feature.webm";
    video.addEventListener("loadedmetadata", () => { video.currentTime = at; video.play(); say("content-again"); }, { once: true });
  }
  programme().catch((error) => say("failed: " + error.message));
</script></html>`;
}

/** Opens the page until its mid-roll pod holds both advertisers' ads (the ad server takes in newly approved campaigns within moments), then lets the pod play out. */
async function playMidroll(reader: Page, url: string) {
  await until(async () => {
    await reader.goto(url);
    await reader.waitForFunction(() => ["mid-roll", "short-pod"].includes(document.body.dataset.state ?? "") || document.body.dataset.state?.startsWith("failed"), undefined, { timeout: 15_000 });
    const state = await reader.evaluate(() => document.body.dataset.state);
    if (state?.startsWith("failed")) throw new Error(state);
    return state === "mid-roll";
  }, "the mid-roll pod filled with two ads");
  await reader.waitForFunction(() => document.body.dataset.state === "content-again", undefined, { timeout: 20_000 });
}

test("a player reads the zone's VMAP, plays its mid-roll pod of two advertisers' ads with vast-client, and each ad is counted once", async () => {
  const admin = await signIn(adminAccount());
  const tag = uniqueTag();
  const size = { width: 640, height: 344 };
  const host = `sport-${tag}.localhost`;
  const publisher = await publisherWithVideoZone(admin, host, size);
  const { updateAdZone } = await graphql<{ updateAdZone: { vmapUrl: string } }>(
    `mutation { updateAdZone(id: ${publisher.zoneId}, input: { midrollOffsets: [2], podSize: 2, breakSeconds: 10 }) { vmapUrl } }`,
    {},
    publisher.token,
  );
  // Two advertisers of two categories: competitive separation lets both into one break.
  const videoUrl = `${site.originFor(`cdn-${tag}.localhost`)}/spot.webm`;
  const cars = await advertiserWithVideo(admin, { videoUrl, durationSeconds: 3, size, category: "automotive" });
  const travel = await advertiserWithVideo(admin, { videoUrl, durationSeconds: 3, size, category: "travel" });
  site.setPage(programmePage(updateAdZone.vmapUrl, 8));

  const reader = await visitors.open({ userAgent: DESKTOP_CHROME });
  const impressions: string[] = [];
  reader.on("response", (response) => {
    const url = new URL(response.url());
    if (url.pathname === "/t/i") impressions.push(`${url.searchParams.get("d")} ${response.status()}`);
  });
  await playMidroll(reader, `${site.originFor(host)}/`);
  await screenshot(reader, "programme after its mid-roll pod");

  expect(await reader.evaluate(() => document.body.dataset.breaks)).toBe("start 00:00:02.000 end");
  expect((await reader.evaluate(() => document.body.dataset.played))?.split(" ").map((ad) => ad.split(":")[0])).toEqual(["1", "2"]);
  // Two ads, two offers: each impression link fired once and answered.
  await until(() => new Set(impressions.filter((beacon) => beacon.endsWith(" 204")).map((beacon) => beacon.split(" ")[0])).size === 2, `both impressions answered: ${impressions.join(", ")}`);
  await until(async () => {
    const totals = await Promise.all([cars.token, travel.token].map(videoTotals));
    return totals.every((each) => each.impressions === 1 && each.videoStarts === 1 && each.completes === 1);
  }, "each advertiser counted one impression, start and completion");
});

test("video banner: a 728x90 banner zone plays its in-banner video muted only once half of it is in view, and counts it", async () => {
  const admin = await signIn(adminAccount());
  const tag = uniqueTag();
  const size = { width: 728, height: 90 };
  const host = `leaderboard-${tag}.localhost`;
  const publisher = await publisherWithVideoZone(admin, host, size, "banner");
  const advertiser = await advertiserWithVideo(admin, { videoUrl: `${site.originFor(`cdn-${tag}.localhost`)}/spot.webm`, durationSeconds: 3, size });
  site.setPage(`<!doctype html><html lang="en"><title>Scores</title><h1>Today's scores</h1>
    <p style="height:1600px">Results below.</p>${publisher.adTag}<p style="height:1600px">More below.</p></html>`);

  const reader = await visitors.open({ userAgent: DESKTOP_CHROME });
  const zone = reader.locator("ins.adnet-zone");
  const video = zone.locator("video");
  await until(async () => {
    await reader.goto(`${site.originFor(host)}/`);
    await zone.scrollIntoViewIfNeeded();
    await reader.waitForSelector('ins.adnet-zone[data-adnet-state="filled"], ins.adnet-zone[data-adnet-state="unfilled"]');
    return (await zone.getAttribute("data-adnet-state")) === "filled";
  }, "the banner zone filled with the video");
  await reader.evaluate(() => window.scrollTo(0, 0));
  await until(() => video.evaluate((element: HTMLVideoElement) => element.paused), "paused out of view");

  // In the zone's 728x90 frame, muted, playing once in view, to the end.
  expect(await video.boundingBox()).toMatchObject({ width: 728, height: 90 });
  await zone.scrollIntoViewIfNeeded();
  await until(() => video.evaluate((element: HTMLVideoElement) => !element.paused && element.muted && element.currentTime > 0.3), "playing muted in view");
  await screenshot(reader, "video banner playing in the leaderboard");
  await until(() => video.evaluate((element: HTMLVideoElement) => element.ended), "played to the end");
  await until(async () => {
    const totals = await videoTotals(advertiser.token);
    return totals.impressions === 1 && totals.videoStarts === 1 && totals.completes === 1;
  }, "the video banner's impression, start and completion counted");
});
