// Passwords are hashed with argon2id at OWASP's cost (19 MiB, 2 passes, 1 lane) everywhere but under test, where the
// smallest cost keeps the suites' many sign-ins cheap; a hash verifies whatever cost made it.
import argon2 from "argon2";
import { describe, expect, it } from "vitest";
import { hashPassword, passwordHashOptions, verifyPassword } from "@/lib/auth/passwords";

describe("password hashing cost", () => {
  it("is OWASP's argon2id cost in production and development", async () => {
    for (const nodeEnv of ["production", "development", undefined]) {
      expect(passwordHashOptions(nodeEnv)).toEqual({ type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    }
    const production = await argon2.hash("correct horse", passwordHashOptions("production"));
    expect(production).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword(production, "correct horse")).toBe(true);
    expect(await verifyPassword(production, "wrong horse")).toBe(false);
  });

  it("is the smallest argon2id cost under test, and such hashes verify like any other", async () => {
    expect(process.env.NODE_ENV).toBe("test");
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(await verifyPassword(hash, "correct horse")).toBe(true);
    expect(await verifyPassword(hash, "wrong horse")).toBe(false);
  });
});
