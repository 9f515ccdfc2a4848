import { DecodedCache } from "./decoded-cache";

describe("DecodedCache", () => {
  it("decodes each string once while it is kept, and forgets the least recently used beyond its capacity", () => {
    const decoded: string[] = [];
    const cache = new DecodedCache<number>(2);
    const length = (key: string) => (decoded.push(key), key.length);
    expect([cache.get("a", length), cache.get("bb", length), cache.get("a", length)]).toEqual([1, 2, 1]);
    cache.get("ccc", length); // "bb" was used least recently: it goes
    cache.get("a", length);
    cache.get("bb", length);
    expect(decoded).toEqual(["a", "bb", "ccc", "bb"]);
  });
});
