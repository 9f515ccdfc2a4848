import Database from "better-sqlite3";
import { engine, startTestApp, TestApp } from "../../test/test-app";
import { afterCommit, inTransaction } from "./transaction";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.dataSource.query("CREATE TABLE race_probe (id INT PRIMARY KEY, n INT NOT NULL)");
  await t.app.dataSource.query("INSERT INTO race_probe (id, n) VALUES (1, 0), (2, 0)");
});
afterAll(() => t.close());

const counts = async () => (await t.app.dataSource.query("SELECT n FROM race_probe ORDER BY id")).map((row: { n: number | string }) => Number(row.n));
const onSqlite = engine === "sqlite" ? it : it.skip;
const onMysql = engine === "mysql" ? it : it.skip;

onSqlite("runs again a transaction that read before another connection wrote, and commits it and its hooks once", async () => {
  // The writer thread's connection, writing to the same file.
  const writerThread = new Database(t.app.dataSource.options.database as string);
  const hooksRun: number[] = [];
  let attempts = 0;
  try {
    const result = await inTransaction(t.app.dataSource, async (manager) => {
      attempts += 1;
      await manager.query("SELECT n FROM race_probe WHERE id = 1");
      if (attempts === 1) writerThread.exec("UPDATE race_probe SET n = n + 10 WHERE id = 2");
      await manager.query("UPDATE race_probe SET n = n + 1 WHERE id = 1");
      await afterCommit(manager, async () => void hooksRun.push(attempts));
      return attempts;
    });
    expect(result).toBe(2);
    expect(hooksRun).toEqual([2]);
    expect(await counts()).toEqual([1, 10]);
  } finally {
    writerThread.close();
  }
});

onMysql("runs again the transaction MySQL chose as a deadlock's victim, so both changes and their hooks happen once", async () => {
  let attempts = 0;
  const hooksRun: number[] = [];
  const firstLocks: Promise<void>[] = [];
  const locked: (() => void)[] = [];
  for (let i = 0; i < 2; i++) firstLocks.push(new Promise((resolve) => locked.push(resolve)));
  // Each takes one row, waits until the other holds its own, then asks for the other's: a deadlock.
  const crossing = (first: number, second: number, me: number) =>
    inTransaction(t.app.dataSource, async (manager) => {
      attempts += 1;
      await manager.query("UPDATE race_probe SET n = n + 1 WHERE id = ?", [first]);
      locked[me]();
      await firstLocks[1 - me];
      await manager.query("UPDATE race_probe SET n = n + 1 WHERE id = ?", [second]);
      await afterCommit(manager, async () => void hooksRun.push(me));
    });
  await Promise.all([crossing(1, 2, 0), crossing(2, 1, 1)]);
  expect(attempts).toBe(3);
  expect(hooksRun.sort()).toEqual([0, 1]);
  expect(await counts()).toEqual([2, 2]);
});
