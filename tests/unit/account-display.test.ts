import { describe, expect, it } from "vitest";
import { initialsFor } from "@/components/ui/initials";
import { roleBadgeLabel, roleName } from "@/components/profile/role-label";
import { AUTH_NOTICES, authNotice, signInWithNotice } from "@/components/auth/notices";
import { firstParam } from "@/components/auth/search-params";

describe("avatar initials (spec section 2)", () => {
  it.each([
    ["Jane Doe", "jane@example.com", "JD"],
    ["jane", "jane@example.com", "J"],
    ["  Mary  Ann   Smith ", null, "MA"],
    ["élodie durand", null, "ÉD"],
    [null, "bob@example.com", "BO"],
    ["   ", "x@example.com", "X@"],
    ["", "", "U"],
    [undefined, undefined, "U"],
  ])("%j with %j gives %j", (fullName, email, expected) => {
    expect(initialsFor(fullName, email)).toBe(expected);
  });

  it("never gives more than two letters", () => {
    expect(initialsFor("Anna Bella Carla Dora", "a@b.co")).toHaveLength(2);
  });
});

describe("role labels", () => {
  it("upper-cases the role with underscores as spaces on badges", () => {
    expect(roleBadgeLabel("tenant_admin")).toBe("TENANT ADMIN");
    expect(roleBadgeLabel("super_admin")).toBe("SUPER ADMIN");
    expect(roleBadgeLabel("user")).toBe("USER");
    expect(roleBadgeLabel(undefined)).toBe("USER");
  });

  it("title-cases the role in running text", () => {
    expect(roleName("tenant_admin")).toBe("Tenant Admin");
    expect(roleName("user")).toBe("User");
  });
});

describe("sign-in notices", () => {
  it("knows the spec's redirect messages by key", () => {
    expect(AUTH_NOTICES[authNotice("password-reset")!]).toBe("Password reset successfully. Please log in with your new password.");
    expect(AUTH_NOTICES[authNotice("account-created")!]).toBe("Account created successfully. Please log in.");
    expect(signInWithNotice("account-created", "/login")).toBe("/login?notice=account-created");
  });

  it("ignores unknown keys, so a link cannot put its own words on the screen", () => {
    expect(authNotice("Your account was hacked, call 555")).toBeUndefined();
    expect(authNotice("toString")).toBeUndefined();
    expect(authNotice(undefined)).toBeUndefined();
  });

  it("reads the first non-blank query value", () => {
    expect(firstParam({ token: ["a", "b"] }, "token")).toBe("a");
    expect(firstParam({ token: " " }, "token")).toBeUndefined();
    expect(firstParam({}, "token")).toBeUndefined();
  });
});
