import { VAST_SCHEMA_REVISION, vastSchemaErrors } from "../../../../test/vast-schema";
import type { CreativeEntry } from "../model";
import type { ServedAd } from "./served-ad";
import { vastDocument } from "./vast-document";
import { vastAdOf, videoFiles } from "./video-ad";

const URL_VIDEO: CreativeEntry = { id: 1, type: "video", contentUrl: "https://cdn.example.com/spot.MOV?v=2", clickUrl: null, landingHosts: [], width: 640, height: 360, durationMs: 12_000 };

const HOSTED_VIDEO: CreativeEntry = {
  ...URL_VIDEO,
  durationMs: null,
  media: {
    mimeType: "video/mp4",
    durationMs: 9_500,
    renditions: [
      { url: "/media/abc.mp4", mimeType: "video/mp4", width: 1280, height: 720, bitrateKbps: 2000 },
      { url: "https://cdn.example.com/abc-360.mp4", mimeType: "video/mp4", width: 640, height: 360, bitrateKbps: 600 },
    ],
  },
};

describe("a video's files", () => {
  it("are an uploaded video's renditions, paths on the ad server made absolute", () => {
    const hosted = HOSTED_VIDEO;
    expect(videoFiles(hosted, "https://ads.example.com")).toEqual({
      durationMs: 9_500,
      files: [
        { url: "https://ads.example.com/media/abc.mp4", mimeType: "video/mp4", width: 1280, height: 720, bitrateKbps: 2000 },
        { url: "https://cdn.example.com/abc-360.mp4", mimeType: "video/mp4", width: 640, height: 360, bitrateKbps: 600 },
      ],
    });
  });

  it("are a URL video's one file, typed by its name, at its declared size and length", () => {
    expect(videoFiles(URL_VIDEO, "https://ads.example.com")).toEqual({
      durationMs: 12_000,
      files: [{ url: URL_VIDEO.contentUrl, mimeType: "video/quicktime", width: 640, height: 360 }],
    });
  });

  it("are none when nobody knows how long the video plays", () => {
    expect(videoFiles({ ...URL_VIDEO, durationMs: null }, "https://ads.example.com")).toBeNull();
  });
});

describe("a video's VAST", () => {
  const origin = "https://ads.example.com";
  const served = (clickable: boolean) =>
    ({ impressionUrl: `${origin}/t/i?d=abc`, clickUrl: `${origin}/t/c?d=abc`, eventUrl: `${origin}/t/e?d=abc`, creative: { clickable } }) as ServedAd;

  it(`is valid by IAB's schema (vast_4.2.xsd revision ${VAST_SCHEMA_REVISION}) for an uploaded video and a URL video, clickable and skippable or not`, () => {
    for (const creative of [HOSTED_VIDEO, URL_VIDEO]) {
      for (const [clickable, skip] of [[true, 5], [false, null]] as const) {
        const ad = vastAdOf(served(clickable), { ...creative, skipAfterSeconds: skip }, origin);
        expect({ creative: creative.media ? "uploaded" : "url", clickable, errors: vastSchemaErrors(vastDocument(ad)) }).toEqual({ creative: creative.media ? "uploaded" : "url", clickable, errors: "" });
      }
    }
  });

  it("is skippable after its creative's skip offset, and not skippable without one", () => {
    expect(vastDocument(vastAdOf(served(true), { ...URL_VIDEO, skipAfterSeconds: 5 }, origin))).toContain('<Linear skipoffset="00:00:05">');
    expect(vastDocument(vastAdOf(served(true), URL_VIDEO, origin))).not.toContain("skipoffset");
  });
});
