// Processes started together on one PostgreSQL database (several app processes behind a load balancer, a rolling
// start) migrate and seed it one after another under an advisory lock: every one starts, and the seed is made once.
import { spawn } from "node:child_process";
import path from "node:path";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";

const root = path.resolve(import.meta.dirname, "../..");

function startProcess(databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/start-database.ts"], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "test",
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: "silent",
        APP_SECRET: "startup-lock-secret-of-at-least-32-characters",
        SUPER_ADMIN_EMAIL: "root@startup-lock.test",
        SUPER_ADMIN_PASSWORD: "Startup#Lock2026",
      },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe("startup on a shared PostgreSQL database", () => {
  it.skipIf(!process.env.TEST_BASE_DATABASE_URL)("three processes started at once all come up, and the seed is made once", async () => {
    const database = await createTestDatabase("startup");
    try {
      const url = database.env.DATABASE_URL!;
      const results = await Promise.all([startProcess(url), startProcess(url), startProcess(url)]);
      for (const result of results) {
        expect(result.output, result.output).toContain("ready");
        expect(result.code).toBe(0);
      }
      const sql = postgres(url, { max: 1, onnotice: () => {} });
      try {
        const admins = await sql`select count(*)::int as count from users where email = 'root@startup-lock.test'`;
        expect(admins[0]!.count).toBe(1);
        const migrations = await sql`select count(*)::int as count from drizzle.__drizzle_migrations`;
        expect(migrations[0]!.count).toBeGreaterThan(10);
      } finally {
        await sql.end();
      }
    } finally {
      await database.drop();
    }
  }, 120_000);
});
