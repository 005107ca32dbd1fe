import { describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/v1/health/route";
import { GET as unknownGet, POST as unknownPost } from "@/app/api/v1/[...path]/route";

describe("GET /api/v1/health", () => {
  it("answers ok after a real query", async () => {
    const response = await health();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });
});

describe("unknown API paths", () => {
  it("answer 404 with a JSON detail", async () => {
    for (const handler of [unknownGet, unknownPost]) {
      const response = handler();
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: "Not Found" });
    }
  });
});
