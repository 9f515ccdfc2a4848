import { adAnswerJson } from "./ad-answer";
import type { ServedAd } from "./served-ad";

const token = "AbCdEfGhIjKlMnOp.12.34.56.US.cpm.2500000.1790000000000.vvvvvvvvvvv.news.example.com.ABCDEFGHIJKLMNOPQRSTUV";
const banner: ServedAd = {
  zoneId: 12,
  campaignId: 34,
  width: 300,
  height: 250,
  creative: { id: 56, type: "image", url: "https://cdn.example.com/a.png", width: 300, height: 250, clickable: true },
  impressionUrl: `https://ads.example.net/t/i?d=${token}`,
  clickUrl: `https://ads.example.net/t/c?d=${token}`,
  eventUrl: `https://ads.example.net/t/e?d=${token}`,
};

/** What the tag reads must be what JSON.stringify would have written, member for member. */
const expectSameAsStringify = (ad: ServedAd) => {
  const text = adAnswerJson(ad);
  expect(JSON.parse(text)).toEqual({ fill: true, ...ad });
  expect(text).toBe(JSON.stringify({ fill: true, ...ad }));
};

it("writes a banner's answer exactly as JSON.stringify does", () => {
  expectSameAsStringify(banner);
  expectSameAsStringify({ ...banner, creative: { ...banner.creative, clickable: false } });
});

it("escapes what a creative's address or any text may carry: quotes, backslashes, controls, non-ASCII and lone surrogates", () => {
  for (const url of ['https://cdn.example.com/a".png', "https://cdn.example.com/a\\b.png", "https://cdn.example.com/\u0001\n.png", "https://cdn.example.com/é😀.png", "https://cdn.example.com/\ud800.png"]) {
    expectSameAsStringify({ ...banner, creative: { ...banner.creative, url } });
  }
  expectSameAsStringify({ ...banner, impressionUrl: `${banner.impressionUrl}"}` });
});

it("keeps what a format adds to the answer: native fields, a template, a presentation", () => {
  expectSameAsStringify({
    ...banner,
    native: { headline: 'Say "hi"', body: "Body", sponsor: "Brand", advertiser: "Brand Inc", cta: "Go", logo: null, price: "$19.99", rating: 4.5, image: "https://cdn.example.com/n.png", imageWidth: 1200, imageHeight: 628 },
    template: "<div>{{headline}}</div>",
  });
  expectSameAsStringify({ ...banner, presentation: "sticky" });
});

it("keeps a member added to the creative later", () => {
  const ad = { ...banner, creative: { ...banner.creative, durationMs: 15_000 } } as ServedAd;
  expectSameAsStringify(ad);
});
