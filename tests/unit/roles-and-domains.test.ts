import { describe, expect, it } from "vitest";
import { inferRole } from "@/lib/auth/permissions";
import { effectivePermissions } from "@/lib/services/access";
import { deriveDomain } from "@/lib/validation/tenant";

describe("domain derivation", () => {
  it.each([
    ["Acme Research", "acme-research"],
    ["  Dr. Who's   Lab!!  ", "dr-whos-lab"],
    ["A -- B", "a-b"],
    ["Café Zürich 2026", "café-zürich-2026"],
    ["x".repeat(80), "x".repeat(50)],
  ])("%s -> %s", (name, domain) => {
    expect(deriveDomain(name)).toBe(domain);
  });
});

describe("role inferred from permissions", () => {
  it("tenant.create or the built-in Super Admin role make a super admin", () => {
    expect(inferRole(["tenant.create"])).toBe("super_admin");
    expect(inferRole([], [{ builtin: "super_admin", tenant_id: null }])).toBe("super_admin");
  });
  it("a role's name gives no power: a custom role called Super Admin is an ordinary role", () => {
    const impostor = { id: "r1", name: "Super Admin", builtin: null, tenant_id: "t1" };
    expect(inferRole(["dashboard.view"], [impostor])).toBe("user");
    expect(inferRole(["user.create"], [impostor])).toBe("tenant_admin");
    // Only the global row carries the identity; a tenant row marked super_admin would be a corrupt row.
    expect(inferRole([], [{ builtin: "super_admin", tenant_id: "t1" }])).toBe("user");
  });
  it("user.create without tenant.create makes a tenant admin", () => {
    expect(inferRole(["user.create", "user.view"])).toBe("tenant_admin");
  });
  it("anything else is a user", () => {
    expect(inferRole(["dashboard.view", "project.view"])).toBe("user");
    expect(inferRole([])).toBe("user");
  });
});

describe("effective permissions", () => {
  it("adds grants and removes revokes; resource-specific overrides leave the global set alone", () => {
    const result = effectivePermissions(
      ["dashboard.view", "project.view", "blog.view"],
      [
        { name: "project.delete", granted: true, resource: "" },
        { name: "blog.view", granted: false, resource: "" },
        { name: "project.update", granted: true, resource: "project:123" },
        { name: "not.a.permission", granted: true, resource: "" },
      ],
    );
    expect(result).toEqual(["dashboard.view", "project.delete", "project.view"]);
  });
});
