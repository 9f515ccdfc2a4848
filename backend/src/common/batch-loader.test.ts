import { BatchLoader } from "./batch-loader";

const squares = (calls: number[][]) =>
  new BatchLoader<number, number>(
    async (keys) => {
      calls.push(keys);
      return new Map(keys.filter((key) => key > 0).map((key) => [key, key * key]));
    },
    (key) => new Error(`no ${key}`),
  );

it("answers the keys asked for together with one fetch, each key once", async () => {
  const calls: number[][] = [];
  const loader = squares(calls);

  expect(await Promise.all([loader.load(2), loader.load(3), loader.load(2)])).toEqual([4, 9, 4]);
  expect(await loader.load(3)).toBe(9);
  expect(calls).toEqual([[2, 3]]);
});

it("rejects only the keys the fetch did not find, and every key of a failed fetch", async () => {
  const loader = squares([]);
  const failing = new BatchLoader<number, number>(() => Promise.reject(new Error("database away")), () => new Error("missing"));

  const [found, missing] = await Promise.allSettled([loader.load(2), loader.load(-1)]);

  expect(found).toEqual({ status: "fulfilled", value: 4 });
  expect(missing).toEqual({ status: "rejected", reason: new Error("no -1") });
  await expect(Promise.all([failing.load(1), failing.load(2)])).rejects.toThrow("database away");
});
