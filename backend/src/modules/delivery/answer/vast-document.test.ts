import { texts, VAST_SCHEMA_REVISION, vastSchemaErrors, xpath } from "../../../../test/vast-schema";
import { cdata, type VastAd, vastDocument, vastTime, xmlEscape } from "./vast-document";

const AD: VastAd = {
  servingId: "offer-1",
  title: `Winter <sale> & "friends"`,
  creativeId: 7,
  impressionUrl: "https://ads.example.com/t/i?d=abc",
  clickUrl: "https://ads.example.com/t/c?d=abc",
  eventUrl: "https://ads.example.com/t/e?d=abc",
  durationMs: 15_500,
  skipAfterSeconds: 5,
  mediaFiles: [
    { url: "https://cdn.example.com/a.mp4?x=1&y=2", mimeType: "video/mp4", width: 1280, height: 720, bitrateKbps: 2400 },
    { url: "https://cdn.example.com/a-360.mp4", mimeType: "video/mp4", width: 640, height: 360, bitrateKbps: 700 },
  ],
};

const parsed = (xml: string) => ({ texts: (name: string) => texts(xml, name) });

describe("the VAST document", () => {
  it(`is valid VAST 4.2 by IAB's schema (vast_4.2.xsd revision ${VAST_SCHEMA_REVISION}), with and without an ad`, () => {
    expect(vastSchemaErrors(vastDocument(AD))).toBe("");
    expect(vastSchemaErrors(vastDocument({ ...AD, clickUrl: null, skipAfterSeconds: null }))).toBe("");
    expect(vastSchemaErrors(vastDocument(null))).toBe("");
    expect(vastDocument(null)).toContain('<VAST xmlns="http://www.iab.com/VAST" version="4.2"/>');
  });

  it(`is refused by the schema (revision ${VAST_SCHEMA_REVISION}) when it breaks it, so the check can fail`, () => {
    expect(vastSchemaErrors(vastDocument(AD).replace(/<Duration>.*?<\/Duration>/, ""))).toMatch(/Duration|MediaFiles/);
  });

  it("tells the player every file, the duration, the skip offset and where each event goes", () => {
    const xml = vastDocument(AD);
    const doc = parsed(xml);
    expect(doc.texts("Duration")).toEqual(["00:00:15.500"]);
    expect(xml).toContain('<Linear skipoffset="00:00:05">');
    expect(doc.texts("MediaFile")).toEqual(["https://cdn.example.com/a.mp4?x=1&y=2", "https://cdn.example.com/a-360.mp4"]);
    expect(xml).toContain('<MediaFile delivery="progressive" type="video/mp4" width="1280" height="720" bitrate="2400">');
    expect(doc.texts("Impression")).toEqual([AD.impressionUrl]);
    expect(doc.texts("Error")).toEqual([`${AD.eventUrl}&e=error&code=[ERRORCODE]`]);
    expect(doc.texts("ClickThrough")).toEqual([AD.clickUrl]);
    expect(doc.texts("Tracking")).toEqual(
      ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "pause", "resume", "mute", "unmute", "skip"].map((event) => `${AD.eventUrl}&e=${event}`),
    );
    expect(doc.texts("AdServingId")).toEqual(["offer-1"]);
  });

  it("says nothing of skipping or clicking when the campaign allows neither", () => {
    const xml = vastDocument({ ...AD, clickUrl: null, skipAfterSeconds: null });
    expect(xml).not.toContain("skipoffset");
    expect(xml).not.toContain("ClickThrough");
  });

  it("escapes text and cannot be broken out of by a URL or a title", () => {
    const hostile = { ...AD, title: "</AdTitle><Wrapper>", mediaFiles: [{ ...AD.mediaFiles[0], url: "https://cdn.example.com/x]]><Evil/>.mp4", mimeType: 'video/mp4" evil="1' }] };
    const xml = vastDocument(hostile);
    // Read by a real XML parser: one title, no element smuggled in by the title or the URL.
    expect(xpath(xml, "count(//*[local-name()='AdTitle'])")).toBe("1");
    expect(xpath(xml, "count(//*[local-name()='Wrapper' or local-name()='Evil'])")).toBe("0");
    expect(xpath(xml, "string(//*[local-name()='MediaFile']/@type)")).toBe('video/mp4" evil="1');
    expect(parsed(xml).texts("AdTitle")).toEqual(["</AdTitle><Wrapper>"]);
    expect(parsed(xml).texts("MediaFile")).toEqual(["https://cdn.example.com/x]]><Evil/>.mp4"]);
    expect(xmlEscape(`<a href="x">&'`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;");
    expect(cdata("a]]>b")).toBe("<![CDATA[a]]]]><![CDATA[>b]]>");
  });

  it("writes times as VAST's HH:MM:SS.mmm", () => {
    expect(vastTime(0)).toBe("00:00:00.000");
    expect(vastTime(61_005)).toBe("00:01:01.005");
    expect(vastTime(3_600_000 + 59_999)).toBe("01:00:59.999");
  });
});
