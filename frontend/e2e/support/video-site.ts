import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { graphql, newAccount, registeredToken, uniqueTag } from "./api";
import { fundAdvertiser } from "./ad-setup";

/** A real video of `seconds` (VP8 WebM, what Debian's Chromium plays), made with ffmpeg for the run. */
function makeVideo(seconds: number): Buffer {
  const folder = mkdtempSync(join(tmpdir(), "adnet-video-"));
  try {
    const file = join(folder, "spot.webm");
    execFileSync("ffmpeg", ["-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=640x360:rate=25", "-t", String(seconds), "-c:v", "libvpx", "-b:v", "300k", file]);
    return readFileSync(file);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export interface VideoSite {
  /** Origin on any host name: the server answers on loopback, and Chromium maps *.localhost there. */
  originFor(host: string): string;
  /** The publisher's page holding their player, on every host. */
  setPage(html: string): void;
  close(): Promise<void>;
}

/**
 * The other side of a VAST request: the publisher's player page, the real vast-client's browser build
 * (from npm) it loads, and the advertiser's video files: a three-second spot, an eight-second feature and one that is not a video.
 */
export async function startVideoSite(): Promise<VideoSite> {
  const spot = makeVideo(3);
  // Long enough that, paused out of view and scrolled back, two continuous seconds in view still remain.
  const feature = makeVideo(8);
  const vastClient = readFileSync(require.resolve("vast-client/dist/vast-client-browser.min.js"));
  let page = "<!doctype html><title>Empty</title>";
  const server: Server = createServer((request, response) => {
    const send = (type: string, body: Buffer | string) => {
      response.writeHead(200, { "content-type": type, "content-length": Buffer.byteLength(body) });
      response.end(body);
    };
    if (request.url === "/spot.webm") return send("video/webm", spot);
    if (request.url === "/feature.webm") return send("video/webm", feature);
    if (request.url === "/broken.webm") return send("video/webm", "this is not a video");
    if (request.url === "/vast-client.js") return send("application/javascript", vastClient);
    send("text/html", page);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    originFor: (host) => `http://${host}:${port}`,
    setPage: (html) => (page = html),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Every spec's video zone and creative of a shape of its own, so ads of other specs never fill it. */
export interface VideoSize {
  width: number;
  height: number;
}

/** A publisher's approved site on `domain` with a video zone (or another `format`) of `size`, and its VAST URL as the card shows it. */
export async function publisherWithVideoZone(admin: string, domain: string, size: VideoSize, format = "video") {
  const token = await registeredToken(newAccount("PUBLISHER", "Video Publisher"));
  const { createSite } = await graphql<{ createSite: { id: number } }>(
    "mutation ($input: CreateSiteInput!) { createSite(input: $input) { id } }",
    { input: { domain, name: `Videos ${domain}`, category: "news", description: "Local news in video." } },
    token,
  );
  await graphql(`mutation { approveSite(id: ${createSite.id}) { status } }`, {}, admin);
  const { createAdZone } = await graphql<{ createAdZone: { id: number; vastUrl: string; adTag: string } }>(
    "mutation ($input: CreateAdZoneInput!) { createAdZone(input: $input) { id vastUrl adTag } }",
    { input: { siteId: createSite.id, name: "Pre-roll", ...size, format, position: "content" } },
    token,
  );
  return { token, zoneId: createAdZone.id, vastUrl: createAdZone.vastUrl, adTag: createAdZone.adTag };
}

/** An advertiser's approved, paid campaign (of `category`, general unless given) with one approved video of `size` and `durationSeconds` at `videoUrl`. */
export async function advertiserWithVideo(
  admin: string,
  { videoUrl, durationSeconds, size, category }: { videoUrl: string; durationSeconds: number; size: VideoSize; category?: string },
) {
  const token = await registeredToken(newAccount("ADVERTISER", "Video Advertiser"));
  await fundAdvertiser(admin, token, 1000);
  const { createCampaign } = await graphql<{ createCampaign: { id: number } }>(
    "mutation ($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }",
    { input: { name: `Spot ${uniqueTag()}`, budget: 500, cpm: 10, category } },
    token,
  );
  await graphql(`mutation { approveCampaign(id: ${createCampaign.id}) { status } }`, {}, admin);
  const { createCreative } = await graphql<{ createCreative: { id: number } }>(
    "mutation ($input: CreateCreativeInput!) { createCreative(input: $input) { id } }",
    { input: { campaignId: createCampaign.id, name: "Spot", type: "video", contentUrl: videoUrl, ...size, durationSeconds } },
    token,
  );
  await graphql(`mutation { approveCreative(id: ${createCreative.id}) { status } }`, {}, admin);
  return { token, campaignId: createCampaign.id };
}

/**
 * A publisher's page playing its zone's VAST ad with vast-client, as a player does: the impression
 * when the video starts playing, progress (start and quartiles) as it plays, complete at the end, the
 * Error URL with code 405 (VAST: the file could not be played) when the video fails. The page's
 * `data-state` tells where it got to.
 */
export function playerPage(vastUrl: string): string {
  return `<!doctype html><html lang="en"><title>Video news</title>
<h1>Today's video</h1>
<video width="640" height="360" muted playsinline></video>
<script src="/vast-client.js"></script>
<script>
  const video = document.querySelector("video");
  const say = (state) => (document.body.dataset.state = state);
  const client = new VAST.VASTClient();
  client.get(${JSON.stringify(vastUrl)}, { withCredentials: true }).then((response) => {
    const ad = response.ads[0];
    if (!ad) return say("no-ad");
    const creative = ad.creatives.find((c) => c.type === "linear");
    const tracker = new VAST.VASTTracker(client, ad, creative);
    video.addEventListener("playing", () => tracker.trackImpression(), { once: true });
    video.addEventListener("timeupdate", () => tracker.setProgress(video.currentTime));
    video.addEventListener("ended", () => { tracker.complete(); say("ended"); });
    video.addEventListener("error", () => { tracker.errorWithCode(405); say("error"); });
    video.src = creative.mediaFiles[0].fileURL;
    video.play().catch(() => undefined);
    say("playing");
  }, (error) => say("failed: " + error.message));
</script></html>`;
}

/** Yesterday to tomorrow: today in any reporting time zone. */
export const aroundToday = () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: day(-1), to: day(1) };
};

/** Polls until `holds` says yes, for as long as the ad server takes to count (it writes about once a second). */
export async function until(holds: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 20_000;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`Still not so after 20 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
