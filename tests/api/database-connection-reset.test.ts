// A statement whose connection the database resets (PostgreSQL restarting drops its connections) is answered 503,
// whatever sent it: a query (which Drizzle wraps) or a transaction's begin (which Drizzle leaves to the driver, whose
// bare socket error was answered 500 once in a restart under write load). The real driver against the file's
// database, through a proxy that resets the client's socket on the next bytes it sends.
import net from "node:net";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_UNAVAILABLE, mapError } from "@/lib/http/errors";

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)("a connection reset under a statement", () => {
  let resetting = false;
  let proxy: net.Server;
  let proxyPort = 0;

  beforeAll(async () => {
    const target = new URL(databaseUrl!);
    proxy = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      client.on("data", (bytes) => {
        if (!resetting) return void upstream.write(bytes);
        client.resetAndDestroy();
        upstream.destroy();
      });
      upstream.on("data", (bytes) => client.write(bytes));
      client.on("error", () => {});
      upstream.on("error", () => {});
      client.on("close", () => upstream.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    proxyPort = (proxy.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
  });

  /** A one-connection client through the proxy, connected; the proxy resets it from now on. */
  async function connectedThenReset() {
    resetting = false;
    const url = new URL(databaseUrl!);
    url.hostname = "127.0.0.1";
    url.port = String(proxyPort);
    const client = postgres(url.toString(), { max: 1, onnotice: () => {} });
    const db = drizzle(client);
    await db.execute(sql`select 1`);
    resetting = true;
    return { db, end: () => client.end({ timeout: 1 }) };
  }

  async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
    try {
      await work();
    } catch (error) {
      return error;
    }
    throw new Error("the statement did not fail");
  }

  const unavailable = { status: 503, body: { detail: DATABASE_UNAVAILABLE }, headers: { "Retry-After": "1" }, unexpected: true };

  it("a transaction's begin: 503", async () => {
    const { db, end } = await connectedThenReset();
    const error = await failureOf(() => db.transaction(async (tx) => tx.execute(sql`select 1`)));
    expect((error as { code?: string }).code, String(error)).toBe("ECONNRESET");
    expect(mapError(error)).toEqual(unavailable);
    await end();
  });

  it("a query: 503", async () => {
    const { db, end } = await connectedThenReset();
    const error = await failureOf(() => db.execute(sql`select 2`));
    expect(mapError(error)).toEqual(unavailable);
    await end();
  });
});
