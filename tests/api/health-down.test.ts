// The database is unreachable: health reports 503 with the reason instead of hanging or crashing.
import { describe, expect, it } from "vitest";

describe("GET /api/v1/health without a database", () => {
  it("answers 503 with the reason", async () => {
    process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:9/unreachable";
    const { GET } = await import("@/app/api/v1/health/route");
    const response = await GET();
    expect(response.status).toBe(503);
    const body = (await response.json()) as { status: string; database: string; detail: string };
    expect(body.status).toBe("error");
    expect(body.database).toBe("unavailable");
    expect(body.detail).toMatch(/^Database unavailable: .*ECONNREFUSED/);
  });
});
