// The statement log that the query-budget tests rely on: it sees every statement a request sends through the
// app's database client, and only those of the work it wraps.
import { describe, expect, it } from "vitest";
import * as healthRoute from "@/app/api/v1/health/route";
import * as meRoute from "@/app/api/v1/auth/me/route";
import { withStatementLog } from "@/db/statement-log";
import { call } from "../support/api";
import { superAdmin } from "../support/admin";

describe("statement log", () => {
  it("counts the statements of the wrapped request only", async () => {
    const admin = await superAdmin();
    const health = await withStatementLog(() => call(healthRoute.GET, "GET"));
    expect(health.result.status).toBe(200);
    expect(health.statements).toHaveLength(1);

    const me = await withStatementLog(() => call(meRoute.GET, "GET", { token: admin.access_token }));
    expect(me.result.status).toBe(200);
    expect(me.statements.length).toBeGreaterThan(0);
    expect(me.statements.some((text) => text.includes('"users"'))).toBe(true);
  });
});
