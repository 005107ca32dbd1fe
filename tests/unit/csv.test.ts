import { describe, expect, it } from "vitest";
import { csvCell, roleLabel, statusLabel, usersCsvFileName, usersToCsv } from "@/lib/csv/users";

const base = {
  id: "11111111-1111-4111-8111-111111111111",
  email: "ada@acme.test",
  role: "tenant_admin",
  is_active: true,
  tenant_id: "22222222-2222-4222-8222-222222222222",
  created_at: "2026-03-04T10:20:30.000Z",
  updated_at: "2026-05-06T07:08:09.000Z",
};

describe("user CSV export", () => {
  it("writes the header row and one row per user", () => {
    const csv = usersToCsv([{ ...base, full_name: "Ada Lovelace" }]);
    expect(csv).toBe(
      "Full Name,Email,Role,Status,Tenant ID,Created Date,Updated Date,User ID\r\n" +
        "Ada Lovelace,ada@acme.test,Tenant Admin,Active,22222222-2222-4222-8222-222222222222,2026-03-04,2026-05-06,11111111-1111-4111-8111-111111111111\r\n",
    );
  });

  it("quotes values with a comma or a quote and doubles inner quotes", () => {
    expect(csvCell('Lovelace, Ada "The Countess"')).toBe('"Lovelace, Ada ""The Countess"""');
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    const csv = usersToCsv([{ ...base, full_name: 'Byron, "Ada"' }]);
    expect(csv.split("\r\n")[1]).toMatch(/^"Byron, ""Ada""",ada@acme.test,/);
  });

  it("leaves empty values empty and names a missing name N/A", () => {
    const row = usersToCsv([{ ...base, full_name: null, tenant_id: null, updated_at: null }]).split("\r\n")[1];
    expect(row).toBe("N/A,ada@acme.test,Tenant Admin,Active,,2026-03-04,,11111111-1111-4111-8111-111111111111");
  });

  it("labels roles and statuses", () => {
    expect(roleLabel("tenant_admin")).toBe("Tenant Admin");
    expect(roleLabel("super_admin")).toBe("Super Admin");
    expect(roleLabel("user")).toBe("User");
    expect(statusLabel({ status: "invited", is_active: false })).toBe("Invited");
    expect(statusLabel({ status: "active", is_active: true })).toBe("Active");
    expect(statusLabel({ is_active: false })).toBe("Inactive");
  });

  it("neutralises spreadsheet formulas", () => {
    expect(csvCell("=HYPERLINK(\"http://evil\")")).toBe("\"'=HYPERLINK(\"\"http://evil\"\")\"");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
  });

  it("names the file by date", () => {
    expect(usersCsvFileName(new Date("2026-11-22T12:00:00Z"))).toBe("users-export-2026-11-22.csv");
  });
});
