import { describe, expect, it } from "vitest";
import { HttpError, TransportError } from "@/lib/http/client";
import { errorStatus, getErrorMessage, serverMessage, UNEXPECTED_ERROR_MESSAGE } from "@/lib/errors/messages";

const http = (status: number, body: unknown) =>
  new HttpError(status, typeof body === "string" ? body : JSON.stringify(body));

describe("generic message helper (spec section 8)", () => {
  it("joins a validation detail list as 'field: message'", () => {
    const error = http(422, {
      detail: [
        { loc: ["body", "email"], msg: "Please enter a valid email address", type: "invalid_format" },
        { loc: ["body", "admin_phone"], msg: "Phone number must be at least 10 characters", type: "too_small" },
      ],
    });
    expect(getErrorMessage(error)).toBe(
      "email: Please enter a valid email address, admin_phone: Phone number must be at least 10 characters",
    );
  });

  it("uses the bare message without a location, and 'Validation error' without a message", () => {
    const error = http(422, { detail: [{ msg: "Token is required" }, { loc: ["body", "x"] }, null] });
    expect(getErrorMessage(error)).toBe("Token is required, Validation error, Validation error");
  });

  it("uses a string detail as is, else the body's message field", () => {
    expect(getErrorMessage(http(401, { detail: "Incorrect email or password" }))).toBe("Incorrect email or password");
    expect(getErrorMessage(http(400, { message: "Plain message" }))).toBe("Plain message");
  });

  it.each([
    [400, "Invalid request. Please check your input and try again."],
    [401, "Authentication required. Please log in again."],
    [403, "You do not have permission to perform this action."],
    [404, "The requested resource was not found."],
    [409, "This resource already exists."],
    [422, "Invalid data provided. Please check your input."],
    [500, "Server error. Please try again later."],
    [502, "An error occurred. Please try again."],
  ])("falls back on the status %i when the body is not JSON", (status, message) => {
    expect(getErrorMessage(http(status, "<html>Bad Gateway</html>"))).toBe(message);
    expect(getErrorMessage(http(status, ""))).toBe(message);
  });

  it("falls back on the status when the JSON body says nothing usable", () => {
    expect(getErrorMessage(http(404, { other: 1 }))).toBe("The requested resource was not found.");
  });

  it("shows other error texts unchanged, and a default for anything without text", () => {
    expect(getErrorMessage(new TransportError("network"))).toBe("Network error. Please check your internet connection.");
    expect(getErrorMessage(new TransportError("timeout"))).toBe("Request timeout. Please try again.");
    expect(getErrorMessage("Failed to accept invitation")).toBe("Failed to accept invitation");
    expect(getErrorMessage(new Error(""))).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(getErrorMessage(undefined)).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(getErrorMessage({ nothing: true })).toBe(UNEXPECTED_ERROR_MESSAGE);
  });

  it("parses the transport text even when the error is not an HttpError instance", () => {
    expect(getErrorMessage(new Error('HTTP error! status: 409, message: {"detail":"An account with this email already exists"}'))).toBe(
      "An account with this email already exists",
    );
  });
});

describe("server message and status", () => {
  it("gives the server's words only when it sent some", () => {
    expect(serverMessage(http(403, { detail: "Your account is inactive. Please contact your administrator." }))).toBe(
      "Your account is inactive. Please contact your administrator.",
    );
    expect(serverMessage(http(500, "oops"))).toBeUndefined();
    expect(serverMessage(new TransportError("network"))).toBeUndefined();
  });

  it("reads the status of a failed call", () => {
    expect(errorStatus(http(400, "{}"))).toBe(400);
    expect(errorStatus(new TransportError("timeout"))).toBeUndefined();
  });
});
