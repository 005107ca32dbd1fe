// Times on the content screens (components/blogs/local-time.tsx): the viewer's zone, or UTC said outright.
import { describe, expect, it } from "vitest";
import { formatLocalDateTime } from "@/components/blogs/local-time";

describe("content screen times", () => {
  it("prints dd/mm/yyyy hh:mm, naming UTC when it is not the viewer's own zone", () => {
    expect(formatLocalDateTime("2026-03-07T09:05:00.000Z", "utc")).toBe("07/03/2026 09:05 UTC");
    const local = new Date("2026-03-07T09:05:00.000Z");
    const pad = (value: number) => String(value).padStart(2, "0");
    expect(formatLocalDateTime("2026-03-07T09:05:00.000Z")).toBe(
      `${pad(local.getDate())}/${pad(local.getMonth() + 1)}/${local.getFullYear()} ${pad(local.getHours())}:${pad(local.getMinutes())}`,
    );
    expect(formatLocalDateTime(null)).toBe("—");
    expect(formatLocalDateTime("not a date", "utc")).toBe("—");
  });
});
