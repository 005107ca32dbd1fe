// The job queue runs on the test database (PGlite or PostgreSQL): its schema is created, a job round-trips.
import { afterAll, describe, expect, it } from "vitest";
import { database } from "@/db/client";
import { ensureDatabaseReady } from "@/db/startup";
import { jobQueue, stopJobQueue } from "@/lib/jobs/queue";

afterAll(async () => {
  await stopJobQueue();
});

describe("job queue", () => {
  it("creates its schema and delivers a job to a worker", async () => {
    await ensureDatabaseReady();
    const boss = await jobQueue();
    const handle = await database();
    const tables = await handle.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'pgboss' order by table_name",
    );
    expect(tables.map((row) => row.table_name)).toEqual(expect.arrayContaining(["job", "queue", "version"]));
    // The script runner pg-boss uses on PGlite answers with the rows of the last statement.
    expect(await handle.execScript("select 1 as a; select 2 as b")).toEqual([{ b: 2 }]);

    await boss.createQueue("test-echo");
    const received = new Promise<unknown>((resolve) => {
      void boss.work<{ greeting: string }>("test-echo", { pollingIntervalSeconds: 0.5 }, async ([job]) => {
        resolve(job?.data);
      });
    });
    const id = await boss.send("test-echo", { greeting: "hello" });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect(received).resolves.toEqual({ greeting: "hello" });
  });
});
