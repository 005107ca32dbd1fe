// Tenant rules shared by forms and services.

/**
 * The domain derived from a tenant name (spec section 5): lower-cased; anything but letters, digits, spaces and
 * hyphens removed; whitespace turned into hyphens; repeated hyphens collapsed; cut to 50 characters.
 */
export function deriveDomain(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .slice(0, 50);
}

/** The tenant name sent at registration: the company name, or "<full name>'s Organization" without one. */
export function tenantNameFor(companyName: string | undefined, fullName: string): string {
  const company = companyName?.trim();
  return company ? company : `${fullName.trim()}'s Organization`;
}
