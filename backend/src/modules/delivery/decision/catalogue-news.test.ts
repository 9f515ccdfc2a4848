import { liveAd, requestAd } from "../../../../test/ad-fixtures";
import { PrivateRedis, startPrivateRedis } from "../../../../test/fault-harness";
import { startAppPair, TestApp } from "../../../../test/test-app";
import { until } from "../../../../test/until";
import { type CataloguePart, RedisCatalogueNews } from "./catalogue-news";

/** The zone's answer from one process, asked again every 50 ms until it fills or the time is up. */
async function fillWithin(app: TestApp, zoneId: number, page: string, ms: number): Promise<Record<string, unknown>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const { body } = await requestAd(app, zoneId, { page });
    if (body.fill || Date.now() > deadline) return body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it("serves a campaign approved through one process from the other at once, through Redis", async () => {
  // Periodic checks five minutes apart: only the announcement can explain a fill within seconds.
  const pair = await startAppPair({ DELIVERY_REFRESH_MS: "300000" });
  try {
    const ad = await liveAd(pair.first);
    expect(await fillWithin(pair.second, ad.zoneId, ad.page, 3000)).toMatchObject({ fill: true, creative: { id: ad.creativeId } });

    // Taken out of delivery through the second process: the first stops serving it too.
    const rejected = await pair.second.gql(
      `mutation ($id: Int!) { rejectCampaign(id: $id, reason: "Off-brand") { status } }`,
      { id: ad.campaignId },
      ad.admin.token,
    );
    expect(rejected.errors).toBeUndefined();
    const deadline = Date.now() + 3000;
    let body = (await requestAd(pair.first, ad.zoneId, { page: ad.page })).body;
    while (body.fill && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      body = (await requestAd(pair.first, ad.zoneId, { page: ad.page })).body;
    }
    expect(body).toEqual({ fill: false });
  } finally {
    await pair.close();
  }
});

describe("announcements on a private Redis", () => {
  let server: PrivateRedis;
  beforeEach(async () => {
    server = await startPrivateRedis();
  });
  afterEach(() => server.close());

  /** Each announcement another process hears, in order. */
  function listener(): { heard: (readonly CataloguePart[])[]; news: RedisCatalogueNews } {
    const heard: (readonly CataloguePart[])[] = [];
    const news = new RedisCatalogueNews(server.client(), "test:");
    news.listen((parts) => heard.push(parts));
    return { heard, news };
  }

  it("name the parts of the catalogue that changed, and every part when a message names none", async () => {
    const other = listener();
    const own = listener();
    await until(async () => (await server.client().pubsub("NUMSUB", "test:catalogue"))[1] === 2, "both processes listening", 3000, 20);

    own.news.announce(["campaigns"]);
    own.news.announce(["zones", "campaigns"]);
    // A process from before the parts sends its id only.
    await server.client().publish("test:catalogue", "0123456789abcdef");
    await until(() => other.heard.length === 3, "three announcements heard", 3000, 20);

    expect(other.heard).toEqual([["campaigns"], ["zones", "campaigns"], ["zones", "campaigns"]]);
    // A process does not reload for its own announcements.
    expect(own.heard).toEqual([["zones", "campaigns"]]);
    await Promise.all([other.news.close(), own.news.close()]);
  });
});
