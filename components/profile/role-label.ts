// How a role reads in the interface.

/** On badges (spec section 2): underscores become spaces, upper-cased: 'tenant_admin' -> 'TENANT ADMIN'. */
export function roleBadgeLabel(role: string | null | undefined): string {
  return (role || "user").replaceAll("_", " ").toUpperCase();
}

/** In running text: 'tenant_admin' -> 'Tenant Admin'. */
export function roleName(role: string | null | undefined): string {
  return (role || "user")
    .split("_")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}
