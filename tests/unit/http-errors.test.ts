import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BadRequest, Conflict, Forbidden, NotFound, TooManyRequests, Unauthorized, ValidationFailed } from "@/lib/errors";
import { errorResponse, mapError, zodIssuesToDetail } from "@/lib/http/errors";

describe("zod issues as FastAPI detail", () => {
  const schema = z.object({
    email: z.email({ message: "Please enter a valid email address" }),
    profile: z.object({ phone: z.string().min(10, { message: "Phone number must be at least 10 characters" }) }),
  });

  it("prefixes the location and keeps each message", () => {
    const result = schema.safeParse({ email: "nope", profile: { phone: "123" } });
    expect(result.success).toBe(false);
    const detail = zodIssuesToDetail(result.error!.issues, "body");
    expect(detail).toEqual([
      { loc: ["body", "email"], msg: "Please enter a valid email address", type: "invalid_format" },
      { loc: ["body", "profile", "phone"], msg: "Phone number must be at least 10 characters", type: "too_small" },
    ]);
  });
});

describe("error mapper", () => {
  it.each([
    [new BadRequest("Current password is incorrect"), 400, "Current password is incorrect"],
    [new Unauthorized(), 401, "Not authenticated"],
    [new Forbidden(), 403, "You do not have permission to perform this action."],
    [new NotFound("Blog not found"), 404, "Blog not found"],
    [new Conflict("Email already registered"), 409, "Email already registered"],
    [new TooManyRequests("Too many sign-in attempts. Please try again later.", 30), 429, "Too many sign-in attempts. Please try again later."],
  ])("maps %s to its status and detail", (error, status, detail) => {
    const mapped = mapError(error);
    expect(mapped.status).toBe(status);
    expect(mapped.body).toEqual({ detail });
    expect(mapped.unexpected).toBe(false);
  });

  it("keeps the 422 detail list", () => {
    const issues = [{ loc: ["body", "email"], msg: "Please enter a valid email address", type: "invalid_format" }];
    expect(mapError(new ValidationFailed(issues))).toMatchObject({ status: 422, body: { detail: issues } });
  });

  it("hides the text of unexpected errors", () => {
    const mapped = mapError(new Error("connection string postgres://secret@db"));
    expect(mapped).toMatchObject({ status: 500, body: { detail: "Internal Server Error" }, unexpected: true });
  });

  it("sends status headers such as WWW-Authenticate and Retry-After", async () => {
    const unauthorized = errorResponse(new Unauthorized(), "req-12345678");
    expect(unauthorized.headers.get("WWW-Authenticate")).toBe("Bearer");
    expect(unauthorized.headers.get("X-Request-Id")).toBe("req-12345678");
    expect(await unauthorized.json()).toEqual({ detail: "Not authenticated" });
    expect(errorResponse(new TooManyRequests("Slow down", 12.2)).headers.get("Retry-After")).toBe("13");
  });
});

describe("access log paths", () => {
  it("hide tokens carried in the path", async () => {
    const { loggablePath } = await import("@/lib/http/route");
    expect(loggablePath("/api/v1/invitations/verify/abcDEF123")).toBe("/api/v1/invitations/verify/[redacted]");
    expect(loggablePath("/api/v1/presentations/share/tok_1")).toBe("/api/v1/presentations/share/[redacted]");
    expect(loggablePath("/api/v1/presentations/123/share")).toBe("/api/v1/presentations/123/share");
    expect(loggablePath("/api/v1/users/42")).toBe("/api/v1/users/42");
  });
});
