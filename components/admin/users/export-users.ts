// CSV export of every user matching the list's filters (spec section 3), paged through the API 500 at a time.
import { usersCsvFileName, usersToCsv } from "@/lib/csv/users";
import { api } from "@/lib/http/client";
import type { UserRow } from "./types";

const EXPORT_PAGE = 500;

/** All rows of /users for the given filters (search, role, status), not only the page on screen. */
export async function fetchAllUsers(filters: URLSearchParams): Promise<UserRow[]> {
  const all: UserRow[] = [];
  for (let offset = 0; ; offset += EXPORT_PAGE) {
    const params = new URLSearchParams(filters);
    params.set("limit", String(EXPORT_PAGE));
    params.set("offset", String(offset));
    const { items, total } = await api.list<UserRow>(`/users?${params}`);
    all.push(...items);
    if (items.length < EXPORT_PAGE || all.length >= total) return all;
  }
}

/** Hands the CSV to the browser as a download named users-export-YYYY-MM-DD.csv. */
export function downloadUsersCsv(users: readonly UserRow[], now = new Date()): void {
  const blob = new Blob([usersToCsv(users)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = usersCsvFileName(now);
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
