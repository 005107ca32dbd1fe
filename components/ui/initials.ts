// Avatar initials (spec section 2): from the full name (at most 2 letters), else the first two letters of the
// e-mail, else 'U'.

export function initialsFor(fullName?: string | null, email?: string | null): string {
  const words = (fullName ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    return words
      .slice(0, 2)
      .map((word) => Array.from(word)[0] ?? "")
      .join("")
      .toUpperCase();
  }
  const address = (email ?? "").trim();
  if (address) return Array.from(address).slice(0, 2).join("").toUpperCase();
  return "U";
}
