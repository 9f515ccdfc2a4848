import { liveAd } from "../../../../test/ad-fixtures";
import { startTestApp } from "../../../../test/test-app";
import { BEHIND_PROXY, from, refusals, serveTo } from "../../../../test/visitor-fixtures";

describe("ad requests from one address", () => {
  it("get no ad beyond IP_REQUESTS_PER_MINUTE, counted as invalid requests", async () => {
    const strict = await startTestApp({ ...BEHIND_PROXY, IP_REQUESTS_PER_MINUTE: "3" });
    try {
      const ad = await liveAd(strict);
      const fills = [];
      for (let i = 0; i < 5; i++) fills.push((await serveTo(strict, ad, from("192.0.2.1"))).fill);
      expect(fills).toEqual([true, true, true, false, false]);
      // Another address, and another IPv6 /64, have rates of their own.
      expect((await serveTo(strict, ad, from("192.0.2.2"))).fill).toBe(true);
      for (let i = 0; i < 3; i++) await serveTo(strict, ad, from(`2001:db8:1:1::${i + 1}`));
      expect((await serveTo(strict, ad, from("2001:db8:1:1::99"))).fill).toBe(false);
      expect((await serveTo(strict, ad, from("2001:db8:1:2::1"))).fill).toBe(true);
      expect((await refusals(strict))["request:ip_rate"]).toBe(3);
    } finally {
      await strict.close();
    }
  });
});
