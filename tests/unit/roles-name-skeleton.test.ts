// Role names that imitate a built-in role: the skeleton folds case, spacing, punctuation, compatibility forms,
// invisible characters and look-alike letters, so every disguise of "Super Admin" meets the same skeleton.
import { describe, expect, it } from "vitest";
import { reservedRoleName, roleNameSkeleton } from "@/lib/auth/role-names";

/** The fullwidth form (U+FF01..U+FF5E) of an ASCII string, spaces as ideographic spaces. */
const fullwidth = (text: string) =>
  [...text].map((char) => (char === " " ? "\u3000" : String.fromCharCode(char.charCodeAt(0) + 0xfee0))).join("");

describe("roleNameSkeleton", () => {
  it.each([
    ["Super Admin", "superadmin"],
    ["super admin", "superadmin"],
    ["SUPER  ADMIN", "superadmin"],
    [" Super-Admin ", "superadmin"],
    ["Super_Admin!", "superadmin"],
    ["Ѕuреr Аdmіn", "superadmin"], // Cyrillic Ѕ, р, е, А, і
    ["Super\u200bAdmin", "superadmin"], // zero-width space
    ["Super\u00adAdmin", "superadmin"], // soft hyphen
    ["Super\u2060Admin", "superadmin"], // word joiner
    ["Super\u3164Admin", "superadmin"], // Hangul filler, an invisible letter
    ["S\u0301uper Admin", "superadmin"], // combining accent
    [fullwidth("Super Admin"), "superadmin"],
    ["𝐒𝐮𝐩𝐞𝐫 𝐀𝐝𝐦𝐢𝐧", "superadmin"], // mathematical bold
    ["Super Admın", "superadmin"], // dotless i
    ["SUPER ADMlN", "superadmin"], // lower-case L for I
    ["Super Adrnin", "superadmin"], // r n for m
    ["Теnаnt Аdmіn", "tenantadmin"],
    ["Tenant ᴀdmin", "tenantadmin"], // small capital A
    ["Теnаnt Usеr", "tenantuser"],
    [fullwidth("TENANT USER"), "tenantuser"],
  ])("%j -> %s", (name, skeleton) => {
    expect(roleNameSkeleton(name)).toBe(skeleton);
  });
});

describe("reservedRoleName", () => {
  it("names the built-in role a name imitates", () => {
    expect(reservedRoleName("super admin")).toBe("super_admin");
    expect(reservedRoleName(" Tenant-Admin ")).toBe("tenant_admin");
    expect(reservedRoleName("Tenant\u200bUser")).toBe("tenant_user");
    expect(reservedRoleName(fullwidth("Super Admin"))).toBe("super_admin");
  });

  it.each(["Helpers", "Editors", "Super Admins", "Tenant Users", "Admin", "Super", "Tenant", "Administrators", "Illinois Team", "Café Staff"])(
    "%j is free",
    (name) => {
      expect(reservedRoleName(name)).toBeNull();
    },
  );
});
