// The job queue runs on the test database (PGlite or PostgreSQL): its schema is created, a job round-trips; a
// database last used by pg-boss 10 gets the new schema, with the jobs the old one held waiting sent again.
import { afterAll, describe, expect, it } from "vitest";
import { database } from "@/db/client";
import { ensureDatabaseReady } from "@/db/startup";
import { jobQueue, stopJobQueue } from "@/lib/jobs/queue";
import { ABANDONED_FILES_JOB } from "@/lib/services/presentation-files";

afterAll(async () => {
  await stopJobQueue();
});

describe("job queue", () => {
  it("replaces the queue schema of pg-boss 10 and sends its waiting jobs again", async () => {
    await ensureDatabaseReady();
    const handle = await database();
    // What pg-boss 10 left: its schema at version 24 (pg-boss 12 migrates from 25 on), a waiting and a done job.
    await handle.execScript(`
      create schema pgboss;
      create table pgboss.version (version int primary key, maintained_on timestamptz, cron_on timestamptz);
      insert into pgboss.version (version) values (24);
      create table pgboss.job (id uuid primary key default gen_random_uuid(), name text not null, data jsonb, state text not null);
      insert into pgboss.job (name, data, state) values
        ('${ABANDONED_FILES_JOB}', '{"from": "pg-boss 10"}', 'created'),
        ('${ABANDONED_FILES_JOB}', '{"from": "pg-boss 10, done"}', 'completed');
    `);

    await jobQueue();
    const [version] = await handle.query<{ version: number }>("select max(version)::int as version from pgboss.version");
    expect(version?.version).toBeGreaterThanOrEqual(25);
    const old = await handle.query("select 1 from pg_namespace where nspname = 'pgboss_v10'");
    expect(old).toEqual([]);
    const carried = await handle.query<{ data: unknown }>("select data from pgboss.job where name = $1", [ABANDONED_FILES_JOB]);
    expect(carried.map((row) => row.data)).toEqual([{ from: "pg-boss 10" }]);
  });

  it("creates its schema and delivers a job to a worker", async () => {
    await ensureDatabaseReady();
    const boss = await jobQueue();
    const handle = await database();
    const tables = await handle.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'pgboss' order by table_name",
    );
    expect(tables.map((row) => row.table_name)).toEqual(expect.arrayContaining(["job", "queue", "version"]));
    // The script runner pg-boss uses on PGlite answers with the rows of every statement (pg-boss 12 reads a claim
    // from the middle of a BEGIN ... COMMIT script).
    expect(await handle.execScript("select 1 as a; select 2 as b")).toEqual([{ a: 1 }, { b: 2 }]);
    if (handle.kind === "pglite") expect(await handle.execScript("begin; select 3 as c; commit")).toEqual([{ c: 3 }]);

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
