import { describe, expect, it } from "vitest";
import { ConfigError, loadEnv } from "@/lib/env";

describe("configuration loader", () => {
  it("runs on embedded defaults when nothing is set", () => {
    const env = loadEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.DATA_DIR).toBe(".data");
    expect(env.MAX_JSON_BODY_BYTES).toBe(1_048_576);
    expect(env.SKIP_MIGRATIONS).toBe(false);
  });

  it("treats empty values as unset", () => {
    const env = loadEnv({ DATABASE_URL: "", SMTP_URL: "  ", SUPER_ADMIN_EMAIL: "" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.SUPER_ADMIN_EMAIL).toBeUndefined();
  });

  it("coerces numbers and flags", () => {
    const env = loadEnv({ MAX_JSON_BODY_BYTES: "2048", SKIP_MIGRATIONS: "true" });
    expect(env.MAX_JSON_BODY_BYTES).toBe(2048);
    expect(env.SKIP_MIGRATIONS).toBe(true);
  });

  it("names every bad variable with its problem", () => {
    let caught: unknown;
    try {
      loadEnv({ DATABASE_URL: "mysql://x", APP_URL: "not a url", SUPER_ADMIN_EMAIL: "nobody", MAX_JSON_BODY_BYTES: "-1" });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join("\n");
    expect(problems).toContain("DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://");
    expect(problems).toContain("APP_URL: APP_URL must be a URL");
    expect(problems).toContain("SUPER_ADMIN_EMAIL: SUPER_ADMIN_EMAIL must be an e-mail address");
    expect(problems).toContain("MAX_JSON_BODY_BYTES");
  });

  it("requires a strong APP_SECRET when one is given", () => {
    expect(() => loadEnv({ APP_SECRET: "short" })).toThrow("APP_SECRET must be at least 32 characters");
    expect(loadEnv({ APP_SECRET: "x".repeat(32) }).APP_SECRET).toBe("x".repeat(32));
  });

  it("requires APP_SECRET in production on PostgreSQL", () => {
    expect(() => loadEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/app" })).toThrow(
      "APP_SECRET: required in production when DATABASE_URL is set",
    );
    expect(() => loadEnv({ NODE_ENV: "production" })).not.toThrow();
  });
});
