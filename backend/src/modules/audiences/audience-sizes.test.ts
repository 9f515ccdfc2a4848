import { randomBytes } from "node:crypto";
import Redis from "ioredis";
import { TEST_REDIS_URL } from "../../../test/test-app";
import { type AudienceSizes, MemoryAudienceSizes, RedisAudienceSizes } from "./audience-sizes";

let redis: Redis;
const prefix = `audience-sizes-${randomBytes(4).toString("hex")}:`;

beforeAll(() => {
  redis = new Redis(TEST_REDIS_URL);
});
afterAll(async () => {
  // Only this test's own keys: the shared Redis is never flushed.
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

const DAY = 20_000;

describe.each([
  ["Redis HyperLogLogs", () => new RedisAudienceSizes(redis, prefix)],
  ["memory", () => new MemoryAudienceSizes()],
])("audience sizes in %s", (_name, make: () => AudienceSizes) => {
  it("counts distinct members per day and over a window, a member seen on several days once", async () => {
    const sizes = make();
    await sizes.add([1, 2], "member-a", DAY - 2);
    await sizes.add([1], "member-a", DAY);
    await sizes.add([1], "member-b", DAY);
    await sizes.add([1], "member-b", DAY);
    expect(await sizes.count(1, DAY, 1)).toBe(2);
    expect(await sizes.count(1, DAY, 7)).toBe(2);
    expect(await sizes.count(2, DAY, 7)).toBe(1);
    expect(await sizes.count(2, DAY, 2)).toBe(0);
  });

  it("stays within 2% for a thousand members", async () => {
    const sizes = make();
    await Promise.all(Array.from({ length: 1000 }, (_, n) => sizes.add([9], `member-${n}`, DAY)));
    expect(Math.abs((await sizes.count(9, DAY, 1)) - 1000)).toBeLessThanOrEqual(20);
  });
});
