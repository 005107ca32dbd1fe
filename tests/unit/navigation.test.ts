import { describe, expect, it } from "vitest";
import { ALL_PERMISSIONS, DEFAULT_ROLE_PERMISSIONS } from "@/lib/auth/permissions";
import { isNavItemActive, navigationFor, type NavSection } from "@/lib/navigation";

/** The menu as 'Group: Label' strings, for compact expectations. */
function labels(sections: NavSection[]): string[] {
  return sections.flatMap((section) => section.items.map((item) => (section.label ? `${section.label}: ${item.label}` : item.label)));
}

describe("menu by role", () => {
  it("super admin: Dashboard, Tenant Management, User Management, Profile Settings; no Projects", () => {
    expect(labels(navigationFor({ permissions: ALL_PERMISSIONS }))).toEqual([
      "Dashboard",
      "Tenant Management",
      "User Management",
      "Profile Settings",
    ]);
  });

  it("the session's role decides the layout: a super admin without tenant.create keeps the super admin menu", () => {
    // The server infers the role from the built-in role a user holds, never from a role's name.
    expect(labels(navigationFor({ permissions: ["dashboard.view", "project.view"], role: "super_admin" }))).toEqual([
      "Dashboard",
      "Profile Settings",
    ]);
    expect(labels(navigationFor({ permissions: ["dashboard.view", "project.view"], role: "user" }))).toEqual([
      "Dashboard",
      "Projects",
      "Profile Settings",
    ]);
  });

  it("tenant admin: Dashboard, Projects, and an Administration group with User Management and Profile Settings", () => {
    expect(labels(navigationFor({ permissions: DEFAULT_ROLE_PERMISSIONS["Tenant Admin"] }))).toEqual([
      "Dashboard",
      "Projects",
      "Administration: User Management",
      "Administration: Profile Settings",
    ]);
  });

  it("ordinary user with the default permissions: Dashboard, Projects, Profile Settings", () => {
    expect(labels(navigationFor({ permissions: DEFAULT_ROLE_PERMISSIONS["Tenant User"] }))).toEqual([
      "Dashboard",
      "Projects",
      "Profile Settings",
    ]);
  });

  it("ordinary user: User Management shows with user.view alone (at least one of its permissions)", () => {
    expect(labels(navigationFor({ permissions: ["user.view"] }))).toEqual(["User Management", "Profile Settings"]);
  });

  it("a user with nothing still has Profile Settings", () => {
    expect(labels(navigationFor({ permissions: [] }))).toEqual(["Profile Settings"]);
  });

  it("tenant admin without project.view loses Projects but keeps the group", () => {
    const permissions = DEFAULT_ROLE_PERMISSIONS["Tenant Admin"].filter((name) => name !== "project.view");
    expect(labels(navigationFor({ permissions }))).toEqual([
      "Dashboard",
      "Administration: User Management",
      "Administration: Profile Settings",
    ]);
  });

  it("links go to the spec's routes", () => {
    const hrefs = Object.fromEntries(
      navigationFor({ permissions: ["dashboard.view", "project.view", "user.view"] })
        .flatMap((section) => section.items)
        .map((item) => [item.label, item.href]),
    );
    expect(hrefs).toEqual({ Dashboard: "/dashboard", Projects: "/projects", "User Management": "/admin/users", "Profile Settings": "/profile" });
    const superAdmin = navigationFor({ permissions: ALL_PERMISSIONS }).flatMap((section) => section.items);
    expect(superAdmin.find((item) => item.key === "tenants")?.href).toBe("/admin/tenants");
  });
});

describe("active entry", () => {
  const projects = { key: "projects" as const, href: "/projects" };
  const users = { key: "users" as const, href: "/admin/users" };

  it.each(["/projects", "/projects/abc/blogs", "/blogs/123", "/presentations/9/edit", "/presentations/generate/7"])(
    "Projects is highlighted on %s",
    (path) => {
      expect(isNavItemActive(projects, path)).toBe(true);
    },
  );

  it.each(["/dashboard", "/blogs", "/presentationsx", "/admin/users"])("Projects is not highlighted on %s", (path) => {
    expect(isNavItemActive(projects, path)).toBe(false);
  });

  it("other entries match their page and pages below it only", () => {
    expect(isNavItemActive(users, "/admin/users")).toBe(true);
    expect(isNavItemActive(users, "/admin/users/42")).toBe(true);
    expect(isNavItemActive(users, "/admin/usersx")).toBe(false);
    expect(isNavItemActive({ key: "dashboard", href: "/dashboard" }, "/profile")).toBe(false);
  });
});
