// The server's password rules beyond length (issue 7, W2), and that the common-password list stays out of
// browser bundles.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isCommonPassword, isPersonalPassword, PASSWORD_POLICY_MESSAGES, passwordProblem } from "@/lib/auth/password-policy";

describe("common and trivial passwords", () => {
  it.each([
    "12345678",
    "password",
    "PASSWORD",
    "qwertyuiop",
    "iloveyou",
    "p@ssw0rd",
    "aaaaaaaa",
    "ZZZZZZZZZZZZ",
    "abcabcabc",
    "12121212",
    "abcdabcd",
    "passpass",
    "abcdefgh",
    "87654321",
    "Password2024!",
    "sunshine1",
    "!!monkey!!",
  ])("refuses %j", (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(["tr0mb0ne-lantern", "correct horse battery staple", "velvet-otter-42", "password-1password-1", "Zoë-Łukasz-2019"])("accepts %j", (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});

describe("passwords built from the address or the product's name", () => {
  it.each<[string, string]>([
    ["ada@acme.test", "ada@acme.test"],
    ["ada@acme.test", "ADA@ACME.TEST"],
    ["ada.lovelace@acme.test", "ada.lovelace"],
    ["ada.lovelace@acme.test", "Ada.Lovelace1815"],
    ["ada@acme.test", "insightdeck2024"],
  ])("refuses for %s: %j", (email, password) => {
    expect(isPersonalPassword(password, email)).toBe(true);
  });

  it.each<[string, string]>([
    ["ada@acme.test", "ada-loves-engines"],
    ["mike@example.test", "mike-loves-purple-elephants"],
    ["ada.lovelace@acme.test", "analytical-engine-1843"],
  ])("accepts for %s: %j", (email, password) => {
    expect(isPersonalPassword(password, email)).toBe(false);
  });

  it("names the personal rule first, then the common one", () => {
    expect(passwordProblem("ada.lovelace", "ada.lovelace@acme.test")).toBe(PASSWORD_POLICY_MESSAGES.personal);
    expect(passwordProblem("password", "ada@acme.test")).toBe(PASSWORD_POLICY_MESSAGES.common);
    expect(passwordProblem("tr0mb0ne-lantern", "ada@acme.test")).toBeNull();
  });
});

describe("bundle boundary", () => {
  function sources(directory: string): string[] {
    return readdirSync(directory).flatMap((name) => {
      const full = path.join(directory, name);
      if (statSync(full).isDirectory()) return sources(full);
      return /\.(ts|tsx)$/.test(name) ? [full] : [];
    });
  }

  it("no client component or shared form schema imports the password policy or the list", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const shared = [...sources(path.join(root, "components")), ...sources(path.join(root, "lib/validation"))];
    const clientModules = [...sources(path.join(root, "app")), ...sources(path.join(root, "lib"))].filter((file) =>
      /^\s*["']use client["']/.test(readFileSync(file, "utf8")),
    );
    for (const file of [...shared, ...clientModules]) {
      const text = readFileSync(file, "utf8");
      expect(text, file).not.toMatch(/password-policy|@zxcvbn-ts/);
    }
  });
});
