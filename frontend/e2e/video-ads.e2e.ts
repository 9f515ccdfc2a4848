import { DESKTOP_CHROME, eventually } from "./support/ad-setup";
import { graphql, signIn, uniqueTag } from "./support/api";
import type { Page } from "playwright-core";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";
import { advertiserWithVideo, aroundToday, until, playerPage, publisherWithVideoZone, startVideoSite, type VideoSite } from "./support/video-site";

const visitors = useVisitors();

let site: VideoSite;
beforeAll(async () => {
  site = await startVideoSite();
});
afterAll(() => site.close());

/** Opens the player page until it gets an ad (the ad server takes in a newly approved campaign within moments) and plays it out. */
async function playOut(reader: Page, url: string): Promise<string | undefined> {
  let state: string | undefined;
  await until(async () => {
    await reader.goto(url);
    await reader.waitForFunction(() => document.body.dataset.state && document.body.dataset.state !== "playing");
    state = await reader.evaluate(() => document.body.dataset.state);
    return state !== "no-ad";
  }, "the zone filled");
  return state;
}

const videoFigures = (token: string) =>
  graphql<{ advertiserReport: { totals: { impressions: number; viewable: number; videoStarts: number; completes: number } } }>(
    "query ($input: ReportInput!) { advertiserReport(input: $input) { totals { impressions viewable videoStarts completes } } }",
    { input: aroundToday() },
    token,
  );

const SECONDS_OF = { "spot.webm": 3, "feature.webm": 8, "broken.webm": 3 } as const;

/** A publisher's zone of `size` on a site of its own, and an advertiser's approved video `file` of that size that fills it. */
async function videoAdFor(file: keyof typeof SECONDS_OF, size: { width: number; height: number }, format = "video") {
  const admin = await signIn(adminAccount());
  const tag = uniqueTag();
  const newsHost = `videos-${tag}.localhost`;
  const publisher = await publisherWithVideoZone(admin, newsHost, size, format);
  const { token: advertiser } = await advertiserWithVideo(admin, { videoUrl: `${site.originFor(`cdn-${tag}.localhost`)}/${file}`, durationSeconds: SECONDS_OF[file], size });
  return { admin, advertiser, publisher, pageUrl: `${site.originFor(newsHost)}/` };
}

test("a player page loads the zone's VAST with vast-client, plays the video to the end, and the impression, start and completion are counted", async () => {
  const { advertiser, publisher, pageUrl } = await videoAdFor("spot.webm", { width: 640, height: 360 });
  site.setPage(playerPage(publisher.vastUrl));

  const reader = await visitors.open({ userAgent: DESKTOP_CHROME });
  const beacons: string[] = [];
  reader.on("response", (response) => {
    const url = new URL(response.url());
    if (url.pathname === "/t/i") beacons.push(`impression ${response.status()}`);
    if (url.pathname === "/t/e") beacons.push(`${url.searchParams.get("e")} ${response.status()}`);
  });
  expect(await playOut(reader, pageUrl)).toBe("ended");
  await screenshot(reader, "player page after the ad");

  const sent = ["impression 204", "start 204", "firstQuartile 204", "midpoint 204", "thirdQuartile 204", "complete 204"];
  await until(() => sent.every((beacon) => beacons.includes(beacon)), `every beacon answered: ${beacons.join(", ")}`);
  await eventually(() => videoFigures(advertiser), { advertiserReport: { totals: { impressions: 1, videoStarts: 1, completes: 1 } } });
});

test("a video the browser cannot play makes the tracker call the Error URL with its code, kept as refused traffic and never billed", async () => {
  const { admin, advertiser, publisher, pageUrl } = await videoAdFor("broken.webm", { width: 640, height: 352 });
  site.setPage(playerPage(publisher.vastUrl));
  const refusedErrors = async () =>
    (await graphql<{ trafficQuality: { byReason: { event: string; reason: string; events: number }[] } }>("{ trafficQuality { byReason { event reason events } } }", {}, admin)).trafficQuality.byReason
      .filter((row) => row.event === "error" && row.reason === "vast_error")
      .reduce((sum, row) => sum + row.events, 0);
  const errorsBefore = await refusedErrors();

  const reader = await visitors.open({ userAgent: DESKTOP_CHROME });
  const errorCalls: string[] = [];
  reader.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/t/e" && url.searchParams.get("e") === "error") errorCalls.push(url.searchParams.get("code") ?? "");
  });
  expect(await playOut(reader, pageUrl)).toBe("error");

  await until(() => errorCalls.length > 0, "the Error URL was called");
  expect(errorCalls).toEqual(["405"]);
  await until(async () => (await refusedErrors()) === errorsBefore + 1, "the error was kept as refused traffic");
  expect((await videoFigures(advertiser)).advertiserReport.totals).toMatchObject({ impressions: 0, videoStarts: 0, completes: 0 });
});

test("outstream: the tag plays a video ad in a banner zone muted only while half of it is in view, and counts its start, completion and viewability", async () => {
  const { advertiser, publisher, pageUrl } = await videoAdFor("feature.webm", { width: 480, height: 270 }, "banner");
  site.setPage(`<!doctype html><html lang="en"><title>Local news</title><h1>Council approves the new bridge</h1>
    <p style="height:1600px">Work starts in spring.</p>${publisher.adTag}<p style="height:1600px">More below.</p></html>`);

  const reader = await visitors.open({ userAgent: DESKTOP_CHROME });
  const beacons: string[] = [];
  const scripts: string[] = [];
  reader.on("response", (response) => {
    const url = new URL(response.url());
    if (url.pathname === "/t/i") beacons.push("impression");
    if (url.pathname === "/t/e") beacons.push(url.searchParams.get("e")!);
    if (url.pathname.startsWith("/ads")) scripts.push(url.pathname);
  });
  const video = reader.locator("ins.adnet-zone video");
  // The ad server takes in a newly approved campaign within moments: the page is read again until the zone fills.
  await until(async () => {
    await reader.goto(pageUrl);
    await reader.locator("ins.adnet-zone").scrollIntoViewIfNeeded();
    await reader.waitForSelector('ins.adnet-zone[data-adnet-state="filled"], ins.adnet-zone[data-adnet-state="unfilled"]');
    const state = await reader.locator("ins.adnet-zone").getAttribute("data-adnet-state");
    return state === "filled";
  }, "the zone filled");
  expect(scripts).toEqual(["/ads.js", "/ads/video.js"]);
  await until(() => video.evaluate((element: HTMLVideoElement) => !element.paused && element.muted && element.currentTime > 0.3), "playing muted in view");
  await screenshot(reader, "outstream video playing in the article");

  // Out of view, it waits where it was.
  await reader.evaluate(() => window.scrollTo(0, 0));
  await until(() => video.evaluate((element: HTMLVideoElement) => element.paused), "paused out of view");
  const at = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await reader.waitForTimeout(500);
  expect(await video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBe(at);

  await reader.locator("ins.adnet-zone").scrollIntoViewIfNeeded();
  await until(() => video.evaluate((element: HTMLVideoElement) => element.ended), "played to the end");
  await until(() => ["impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "pause", "resume", "viewable", "complete"].every((event) => beacons.includes(event)), `every event sent: ${beacons.join(", ")}`);
  expect(beacons.filter((event) => event === "start")).toHaveLength(1);
  await eventually(() => videoFigures(advertiser), { advertiserReport: { totals: { impressions: 1, viewable: 1, videoStarts: 1, completes: 1 } } });
});
