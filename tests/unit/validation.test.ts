// The browser form schemas of the account screens (spec section 5): each rule's message, on its field.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  acceptInvitationForm,
  changePasswordForm,
  forgotPasswordForm,
  inviteUserForm,
  loginForm,
  registerForm,
  resetPasswordForm,
  resetRequestForm,
  tenantNameFor,
} from "@/lib/validation/auth";

/** [field, message] of every issue, in order; empty when the input is valid. */
function issues(schema: z.ZodType, input: unknown): [string, string][] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
}

describe("login form", () => {
  const valid = { email: "ada@acme.test", password: "secret", rememberMe: false };

  it("accepts a valid address and a 6-character password", () => {
    expect(issues(loginForm, valid)).toEqual([]);
    expect(issues(loginForm, { ...valid, email: "admin@localhost" })).toEqual([]);
  });

  it("names an invalid address and a short password", () => {
    expect(issues(loginForm, { ...valid, email: "ada@", password: "12345" })).toEqual([
      ["email", "Please enter a valid email address"],
      ["password", "Password must be at least 6 characters"],
    ]);
  });
});

describe("register form", () => {
  const valid = {
    companyName: "Acme Research",
    domain: "",
    fullName: "Ada Lovelace",
    email: "ada@acme.test",
    phone: "+44 20 7946 0000",
    address: "1 Analytical Way",
    password: "engine-number-1",
    confirmPassword: "engine-number-1",
  };

  it("accepts a complete form, the domain being optional", () => {
    expect(issues(registerForm, valid)).toEqual([]);
    expect(issues(registerForm, { ...valid, domain: undefined })).toEqual([]);
  });

  it.each([
    ["companyName", " A ", "Company/Organization name must be at least 2 characters"],
    ["fullName", "A", "Full name must be at least 2 characters"],
    ["email", "ada.acme.test", "Please enter a valid email address"],
    ["phone", "123456789", "Phone number must be at least 10 characters"],
    ["address", "1 Wa", "Address must be at least 5 characters"],
  ])("refuses a short or invalid %s", (field, value, message) => {
    expect(issues(registerForm, { ...valid, [field]: value })).toEqual([[field, message]]);
  });

  it("refuses a 7-character password", () => {
    expect(issues(registerForm, { ...valid, password: "1234567", confirmPassword: "1234567" })).toEqual([
      ["password", "Password must be at least 8 characters"],
    ]);
  });

  it("puts 'Passwords don't match' on the confirm field", () => {
    expect(issues(registerForm, { ...valid, confirmPassword: "engine-number-2" })).toEqual([["confirmPassword", "Passwords don't match"]]);
  });

  it("builds the tenant name from the company, or from the full name without one", () => {
    expect(tenantNameFor(" Acme Research ", "Ada Lovelace")).toBe("Acme Research");
    expect(tenantNameFor("", " Ada Lovelace ")).toBe("Ada Lovelace's Organization");
    expect(tenantNameFor(undefined, "Ada Lovelace")).toBe("Ada Lovelace's Organization");
  });
});

describe("forgot-password and reset-request forms", () => {
  it("the forgot-password view asks for a valid address", () => {
    expect(issues(forgotPasswordForm, { email: "ada@acme.test" })).toEqual([]);
    expect(issues(forgotPasswordForm, { email: "ada" })).toEqual([["email", "Please enter a valid email address"]]);
  });

  it("the reset-request page says when the address is missing, and when it is invalid", () => {
    expect(issues(resetRequestForm, { email: "" })).toEqual([["email", "Email address is required"]]);
    expect(issues(resetRequestForm, { email: "   " })).toEqual([["email", "Email address is required"]]);
    expect(issues(resetRequestForm, { email: "ada@" })).toEqual([["email", "Please enter a valid email address"]]);
    expect(issues(resetRequestForm, { email: "ada@acme.test" })).toEqual([]);
  });
});

describe("reset-password form", () => {
  it("accepts matching passwords of 8 characters", () => {
    expect(issues(resetPasswordForm, { password: "12345678", confirmPassword: "12345678" })).toEqual([]);
  });

  it("refuses a short password and puts the mismatch on the confirm field", () => {
    expect(issues(resetPasswordForm, { password: "1234567", confirmPassword: "1234567" })).toEqual([
      ["password", "Password must be at least 8 characters"],
    ]);
    expect(issues(resetPasswordForm, { password: "12345678", confirmPassword: "87654321" })).toEqual([
      ["confirmPassword", "Passwords don't match"],
    ]);
  });
});

describe("change-password form", () => {
  const valid = { currentPassword: "old-password", newPassword: "new-password", confirmPassword: "new-password" };

  it("accepts a complete form", () => {
    expect(issues(changePasswordForm, valid)).toEqual([]);
  });

  it("requires the current password", () => {
    expect(issues(changePasswordForm, { ...valid, currentPassword: "" })).toEqual([["currentPassword", "Current password is required"]]);
  });

  it("refuses a short new password and puts the mismatch on the confirm field", () => {
    expect(issues(changePasswordForm, { ...valid, newPassword: "short12", confirmPassword: "short12" })).toEqual([
      ["newPassword", "Password must be at least 8 characters"],
    ]);
    expect(issues(changePasswordForm, { ...valid, confirmPassword: "new-passwort" })).toEqual([["confirmPassword", "Passwords don't match"]]);
  });
});

describe("accept-invitation form", () => {
  const valid = { fullName: "Grace Hopper", password: "compiler-1952", confirmPassword: "compiler-1952" };

  it("accepts a complete form, phone and address being optional", () => {
    expect(issues(acceptInvitationForm, valid)).toEqual([]);
    expect(issues(acceptInvitationForm, { ...valid, phone: "+1 555 0100", address: "1 Navy Yard" })).toEqual([]);
  });

  it("requires a full name", () => {
    expect(issues(acceptInvitationForm, { ...valid, fullName: "  " })).toEqual([["fullName", "Full name is required"]]);
  });

  it("refuses a short password with its own wording, and puts 'Passwords do not match' on the confirm field", () => {
    expect(issues(acceptInvitationForm, { ...valid, password: "1234567", confirmPassword: "1234567" })).toEqual([
      ["password", "Password must be at least 8 characters long"],
    ]);
    expect(issues(acceptInvitationForm, { ...valid, confirmPassword: "compiler-1953" })).toEqual([["confirmPassword", "Passwords do not match"]]);
  });
});

describe("invite-user form", () => {
  it("requires an address in e-mail format and a role", () => {
    expect(issues(inviteUserForm, { email: "grace@acme.test", roleId: "role-1" })).toEqual([]);
    expect(issues(inviteUserForm, { email: "", roleId: "" })).toEqual([
      ["email", "Required"],
      ["roleId", "Required"],
    ]);
    expect(issues(inviteUserForm, { email: "grace@", roleId: "role-1" })).toEqual([["email", "Please enter a valid email address"]]);
  });
});
