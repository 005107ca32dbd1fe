// CSV export of the user list (spec section 3): columns, quoting, role and status labels, file name.
// Runs in the browser and on the server; no dependencies.

export const USER_CSV_COLUMNS = ["Full Name", "Email", "Role", "Status", "Tenant ID", "Created Date", "Updated Date", "User ID"] as const;

export interface ExportableUser {
  id: string;
  full_name: string | null;
  email: string;
  role: string;
  status?: string | null;
  is_active: boolean;
  tenant_id: string | null;
  created_at: string | null;
  updated_at: string | null;
}

/** 'tenant_admin' -> 'Tenant Admin': the first underscore becomes a space, then every word is capitalised. */
export function roleLabel(role: string): string {
  return role
    .replace("_", " ")
    .split(" ")
    .map((word) => (word ? word[0]!.toUpperCase() + word.slice(1).toLowerCase() : word))
    .join(" ");
}

export function statusLabel(user: Pick<ExportableUser, "status" | "is_active">): string {
  if (user.status === "invited") return "Invited";
  return user.is_active ? "Active" : "Inactive";
}

/**
 * One CSV cell: quoted when it holds a comma, quote or line break, with inner quotes doubled. A value that a
 * spreadsheet would run as a formula (starting with = + - @) is prefixed with an apostrophe (OWASP CSV injection).
 */
export function csvCell(value: string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function dateOnly(value: string | null): string {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString().slice(0, 10);
}

export function usersToCsv(users: readonly ExportableUser[]): string {
  const rows = users.map((user) =>
    [
      user.full_name?.trim() ? user.full_name : "N/A",
      user.email,
      roleLabel(user.role),
      statusLabel(user),
      user.tenant_id,
      dateOnly(user.created_at),
      dateOnly(user.updated_at),
      user.id,
    ].map(csvCell),
  );
  return [USER_CSV_COLUMNS.map(csvCell), ...rows].map((row) => row.join(",")).join("\r\n") + "\r\n";
}

/** users-export-YYYY-MM-DD.csv */
export function usersCsvFileName(now = new Date()): string {
  return `users-export-${now.toISOString().slice(0, 10)}.csv`;
}
