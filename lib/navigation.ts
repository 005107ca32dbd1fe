// The sidebar's menu by role and permission (spec section 2, "Application shell"). Pure: the shell renders it,
// unit tests pin it down. Hiding an entry is convenience only; pages and services check access again.
import { inferRole, PERMISSIONS, type RoleKey } from "@/lib/auth/permissions";

export type NavKey = "dashboard" | "projects" | "tenants" | "users" | "profile";

export interface NavItem {
  key: NavKey;
  label: string;
  href: string;
}

export interface NavSection {
  /** A group heading such as 'Administration'; null for the ungrouped entries at the top. */
  label: string | null;
  items: NavItem[];
}

interface NavEntry extends NavItem {
  /** Shown when the user holds at least one of these; an empty list needs nothing. */
  anyOf: readonly string[];
}

const ENTRIES: Record<NavKey, NavEntry> = {
  dashboard: { key: "dashboard", label: "Dashboard", href: "/dashboard", anyOf: [PERMISSIONS.DASHBOARD_VIEW] },
  projects: { key: "projects", label: "Projects", href: "/projects", anyOf: [PERMISSIONS.PROJECT_VIEW] },
  tenants: { key: "tenants", label: "Tenant Management", href: "/admin/tenants", anyOf: [PERMISSIONS.TENANT_CREATE] },
  users: { key: "users", label: "User Management", href: "/admin/users", anyOf: [PERMISSIONS.USER_VIEW, PERMISSIONS.USER_CREATE] },
  profile: { key: "profile", label: "Profile Settings", href: "/profile", anyOf: [] },
};

// Which entries each role's menu lists, and in which groups.
const LAYOUT: Record<RoleKey, { label: string | null; keys: NavKey[] }[]> = {
  tenant_admin: [
    { label: null, keys: ["dashboard", "projects"] },
    { label: "Administration", keys: ["users", "profile"] },
  ],
  super_admin: [{ label: null, keys: ["dashboard", "tenants", "users", "profile"] }],
  user: [{ label: null, keys: ["dashboard", "projects", "tenants", "users", "profile"] }],
};

export interface NavigationInput {
  permissions: readonly string[];
  /** The session's role as the server inferred it (from permissions and built-in identity, never role names). */
  role?: RoleKey;
}

/** The menu of a signed-in user: the session's role (else inferred from the permissions), entries filtered by them. */
export function navigationFor({ permissions, role = inferRole(permissions) }: NavigationInput): NavSection[] {
  const held = new Set(permissions);
  return LAYOUT[role]
    .map(({ label, keys }) => ({
      label,
      items: keys
        .map((key) => ENTRIES[key])
        .filter((entry) => entry.anyOf.length === 0 || entry.anyOf.some((permission) => held.has(permission)))
        .map(({ key, label: entryLabel, href }) => ({ key, label: entryLabel, href })),
    }))
    .filter((section) => section.items.length > 0);
}

// Content pages live under these prefixes; all of them belong to the Projects entry.
const PROJECT_PREFIXES = ["/projects", "/blogs/", "/presentations/"];

/** Whether an entry is the current one: its own page or a page below it; Projects also for blogs and presentations. */
export function isNavItemActive(item: Pick<NavItem, "key" | "href">, pathname: string): boolean {
  if (item.key === "projects") return PROJECT_PREFIXES.some((prefix) => pathname.startsWith(prefix));
  return pathname === item.href || pathname.startsWith(`${item.href}/`);
}
