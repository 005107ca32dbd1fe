import { describe, expect, it } from "vitest";
import { CHANGE_PASSWORD_MESSAGES, changePasswordFailureMessage } from "@/components/profile/change-password";
import { HttpError, TransportError } from "@/lib/http/client";

describe("password change failure messages (spec section 8, auth layer)", () => {
  it("names each failure the way the spec does", () => {
    expect(changePasswordFailureMessage(new TransportError("network"))).toBe(CHANGE_PASSWORD_MESSAGES.network);
    expect(changePasswordFailureMessage(new HttpError(401, '{"detail":"Not authenticated"}'))).toBe(
      "Authentication failed. Please log out and log back in, then try again.",
    );
    expect(changePasswordFailureMessage(new HttpError(400, '{"detail":"Current password is incorrect"}'))).toBe(
      "Current password is incorrect. Please verify and try again.",
    );
  });

  it("uses the generic helper for anything else", () => {
    expect(
      changePasswordFailureMessage(
        new HttpError(422, JSON.stringify({ detail: [{ loc: ["body", "new_password"], msg: "Password must be at least 8 characters" }] })),
      ),
    ).toBe("new_password: Password must be at least 8 characters");
    expect(changePasswordFailureMessage(new TransportError("timeout"))).toBe("Request timeout. Please try again.");
  });
});
