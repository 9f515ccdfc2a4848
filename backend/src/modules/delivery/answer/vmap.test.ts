import { BROWSER_UA, liveAd } from "../../../../test/ad-fixtures";
import { startTestApp, TestApp } from "../../../../test/test-app";
import { texts, vastSchemaErrors, xpath } from "../../../../test/vast-schema";
import { vmapStructureErrors } from "../../../../test/vmap-structure";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ MIN_CLICK_DELAY_MS: "0" });
});
afterAll(() => t.close());

/** A publisher's video zone with mid-rolls at five and ten minutes, filled by one 10-second video. */
async function programmeZone(height: number) {
  const ad = await liveAd(t, { zoneSize: [640, height], format: "video", creativeType: "video", video: { url: "https://cdn.example.com/spot.webm", durationSeconds: 10 } });
  const updated = await t.gql(`mutation { updateAdZone(id: ${ad.zoneId}, input: { midrollOffsets: [300, 600], podSize: 3, breakSeconds: 45 }) { vmapUrl } }`, {}, ad.publisher.token);
  await t.app.services.delivery.inventory.reload();
  return { ...ad, vmapUrl: updated.data!.updateAdZone.vmapUrl as string, origin: `https://${ad.site.domain}` };
}

async function loadVmap(query: string, origin: string) {
  const response = await fetch(`${t.url}/vmap?${query}`, { headers: { "user-agent": BROWSER_UA, origin } });
  return { status: response.status, type: response.headers.get("content-type"), cors: response.headers.get("access-control-allow-origin"), text: await response.text() };
}

const offsets = (xml: string) => xpath(xml, "//*[local-name()='AdBreak']/@timeOffset").match(/"[^"]*"/g)!.map((quoted) => quoted.slice(1, -1));

describe("GET /vmap?zone=ID&duration=SECONDS", () => {
  it("answers a VMAP 1.0 playlist: the pre-roll, the zone's mid-rolls within the video, the post-roll, each an ad tag to the zone's pod", async () => {
    const zone = await programmeZone(421);
    expect(zone.vmapUrl).toBe(`${t.url}/vmap?zone=${zone.zoneId}&duration=DURATION`);
    const { status, type, cors, text } = await loadVmap(`zone=${zone.zoneId}&duration=900&gdpr=0&page=${encodeURIComponent(zone.page)}`, zone.origin);
    expect({ status, type, cors }).toEqual({ status: 200, type: "application/xml; charset=utf-8", cors: zone.origin });
    expect(vmapStructureErrors(text)).toEqual([]);
    expect(offsets(text)).toEqual(["start", "00:05:00.000", "00:10:00.000", "end"]);
    expect(xpath(text, "//*[local-name()='AdBreak']/@breakId").match(/"[^"]*"/g)).toEqual(['"preroll"', '"midroll-1"', '"midroll-2"', '"postroll"']);

    // Every break asks for a pod of the zone's size and length, with the consent and page the player sent.
    const tags = texts(text, "AdTagURI");
    const pod = `${t.url}/vast?zone=${zone.zoneId}&gdpr=0&page=${encodeURIComponent(zone.page)}&pod=3&podDuration=45`;
    expect(tags).toEqual([pod, pod, pod, pod]);
    const vast = await (await fetch(tags[1], { headers: { "user-agent": BROWSER_UA, origin: zone.origin } })).text();
    expect(vastSchemaErrors(vast)).toBe("");
    expect(xpath(vast, "string(//*[local-name()='Ad']/@sequence)")).toBe("1");

    // A clip shorter than the zone's mid-rolls has only its pre-roll and post-roll.
    expect(offsets((await loadVmap(`zone=${zone.zoneId}&duration=120`, zone.origin)).text)).toEqual(["start", "end"]);
  });

  it("puts the player's own mid-rolls in place of the zone's, and refuses any past the video's end, saying why", async () => {
    const zone = await programmeZone(422);
    const asked = await loadVmap(`zone=${zone.zoneId}&duration=200.5&midrolls=60,125`, zone.origin);
    expect(vmapStructureErrors(asked.text)).toEqual([]);
    expect(offsets(asked.text)).toEqual(["start", "00:01:00.000", "00:02:05.000", "end"]);

    const banner = await liveAd(t);
    for (const [query, status, detail] of [
      [`zone=${zone.zoneId}&duration=200&midrolls=60,240`, 400, "Mid-roll offset 240 s is past the video's end: it plays 200 s"],
      [`zone=${zone.zoneId}&duration=200&midrolls=200`, 400, "Mid-roll offset 200 s is past the video's end: it plays 200 s"],
      [`zone=${zone.zoneId}&duration=200&midrolls=120,60`, 400, "Mid-roll offsets must rise, each later than the one before"],
      [`zone=${zone.zoneId}&duration=200&midrolls=60,12.5`, 400, "Mid-roll offsets must be whole seconds from 1 to 43200"],
      [`zone=${zone.zoneId}&duration=200&midrolls=soon`, 400, "Mid-roll offsets must be whole seconds from 1 to 43200"],
      [`zone=${zone.zoneId}`, 400, "duration must be the video's length in seconds, above 0 and at most 43200"],
      [`zone=${zone.zoneId}&duration=-5`, 400, "duration must be the video's length in seconds, above 0 and at most 43200"],
      [`zone=abc&duration=60`, 400, "zone must be a positive integer"],
      [`zone=${banner.zoneId}&duration=60`, 404, `Zone ${banner.zoneId} is a banner zone: only video zones have a VAST URL`],
    ] as const) {
      const answer = await loadVmap(query, zone.origin);
      expect({ query, status: answer.status, body: JSON.parse(answer.text) }).toEqual({ query, status, body: { detail } });
    }
  });
});
