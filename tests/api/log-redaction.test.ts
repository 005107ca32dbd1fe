// Error logs never carry a failed statement's parameters (issue 7, V3): real database errors, provoked through
// real queries that carry an e-mail, an argon2 hash and a password, are logged through the app's logger and the
// output is searched for those values. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { ensureDatabaseReady } from "@/db/startup";
import { tenants, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { createLogger } from "@/lib/log";

const EMAIL = "victim.person@secret-domain.test";
const PASSWORD = "correct-horse-battery-staple-42";
let hash = "";
let tenantId = "";

beforeAll(async () => {
  await ensureDatabaseReady();
  const db = await getDb();
  hash = await hashPassword(PASSWORD);
  const [tenant] = await db.insert(tenants).values({ name: "Log Redaction Org", domain: "log-redaction", isActive: true }).returning();
  tenantId = tenant!.id;
  await db.insert(users).values({ tenantId, email: EMAIL, passwordHash: hash, fullName: "Victim Person" });
});

/** The app's logger writing into a string, and what it wrote. */
function capturingLogger() {
  const lines: string[] = [];
  const logger = createLogger({ level: "info", destination: { write: (line: string) => void lines.push(line) } });
  return { logger, output: () => lines.join("") };
}

async function failure(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("the query was expected to fail");
}

function expectNoSecrets(output: string) {
  expect(output).not.toContain(EMAIL);
  expect(output).not.toContain(hash);
  expect(output).not.toContain(hash.slice(-20));
  expect(output).not.toContain(PASSWORD);
}

describe("error logs of failed queries", () => {
  it("keep a unique violation's kind and stack but none of its parameters or detail", async () => {
    const db = await getDb();
    const error = await failure(() =>
      db.insert(users).values({ tenantId, email: EMAIL, passwordHash: hash, fullName: PASSWORD, phone: PASSWORD }),
    );
    // The raw error does carry the values: this is what must not reach the log.
    expect(JSON.stringify({ message: (error as Error).message, cause: String((error as Error).cause) }) + (error as Error).stack).toContain(EMAIL);

    const { logger, output } = capturingLogger();
    logger.error({ err: error, requestId: "r1" }, "request failed");
    const line = output();
    expectNoSecrets(line);
    const logged = JSON.parse(line) as { err: { type: string; message: string; stack: string; code?: string; cause?: { code?: string } } };
    expect(logged.err.message).toMatch(/^Failed query: insert into "users"/);
    expect(logged.err.stack).toMatch(/\n\s+at /);
    expect(logged.err.code ?? logged.err.cause?.code).toBe("23505");
  });

  it("keep none of a NUL byte's statement parameters", async () => {
    const db = await getDb();
    const error = await failure(() => db.update(users).set({ fullName: `Nul\u0000${PASSWORD}`, phone: hash }).where(eq(users.email, EMAIL)));
    const { logger, output } = capturingLogger();
    logger.error({ err: error }, "request failed");
    logger.error(error as Error);
    expectNoSecrets(output());
  });

  it("keep no input value that PostgreSQL echoes in its message", async () => {
    const db = await getDb();
    const error = await failure(() => db.execute(sql`select ${PASSWORD}::uuid as id, ${EMAIL}::text as email`));
    const { logger, output } = capturingLogger();
    logger.error({ err: error }, "request failed");
    logger.error({ err: error });
    expectNoSecrets(output());
    expect(output()).toContain('invalid input syntax for type uuid: \\"[redacted]\\"');
  });

  it("keep none of a cause's copies when the database error is wrapped again", async () => {
    const db = await getDb();
    const inner = await failure(() => db.insert(users).values({ tenantId, email: EMAIL, passwordHash: hash, fullName: PASSWORD }));
    const outer = new Error("registration failed", { cause: inner });
    const { logger, output } = capturingLogger();
    logger.error({ err: outer }, "request failed");
    expectNoSecrets(output());
    expect(output()).toContain("registration failed");
  });
});
