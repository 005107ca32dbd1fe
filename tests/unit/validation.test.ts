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
import { CONTROL_CHARACTERS_MESSAGE, hasForbiddenCharacters, type TextKind } from "@/lib/validation/text";

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

describe("control and invisible characters (issue 7, V3)", () => {
  it.each<[TextKind, string, boolean]>([
    ["line", "+44 20 7946 0000", false],
    ["line", "Ünïcödé ok 漢字 🙂", false],
    ["line", "a\u0000b", true],
    ["line", "a\nb", true],
    ["line", "a\tb", true],
    ["line", "a\u007Fb", true],
    ["line", "a\u0085b", true],
    ["line", "a\u2028b", true],
    ["line", "a\uD800b", true],
    ["multiline", "1 Analytical Way\nLondon", false],
    ["multiline", "1 Analytical Way\r\nLondon\tUK", false],
    ["multiline", "1 Analytical Way\rLondon", true],
    ["multiline", "1 Analytical Way\u000BLondon", true],
    ["multiline", "a\u0000b", true],
    ["multiline", "a\u001B[31m", true],
    ["name", "Ada Lovelace", false],
    ["name", "Zoë O'Brien-Łukasz", false],
    ["name", "محمد\u200Cرضا", false],
    ["name", "Ali\u200Cce", true],
    ["name", "\u200Cمحمد", true],
    ["name", "Ada\u200BLovelace", true],
    ["name", "Ada\u202ELovelace", true],
    ["name", "Ada\u2066Lovelace\u2069", true],
    ["name", "Ada\u2060Lovelace", true],
    ["name", "Ada\uFEFF", true],
    ["name", "Ada\u00ADLovelace", true],
    ["name", "Ada\nLovelace", true],
    ["password", "correct horse battery staple", false],
    ["password", "pass\tword", true],
    ["password", "pass\u0000word", true],
    ["secret", "pass\tword", false],
    ["secret", "pass\u0000word", true],
  ])("%s %j refused: %s", (kind, value, refused) => {
    expect(hasForbiddenCharacters(value, kind)).toBe(refused);
  });

  it("the form schemas refuse them with one message on the field", () => {
    const register = {
      companyName: "Acme Research",
      fullName: "Ada\u0000Lovelace",
      email: "ada@acme.test",
      phone: "+44 20 7946 0000",
      address: "1 Analytical Way",
      password: "engine-number-1",
      confirmPassword: "engine-number-1",
    };
    expect(issues(registerForm, register)).toEqual([["fullName", CONTROL_CHARACTERS_MESSAGE]]);
    expect(issues(acceptInvitationForm, { fullName: "Grace\u202EHopper", password: "compiler-1952", confirmPassword: "compiler-1952" })).toEqual([
      ["fullName", CONTROL_CHARACTERS_MESSAGE],
    ]);
    expect(issues(changePasswordForm, { currentPassword: "old-password", newPassword: "new\u0000password", confirmPassword: "new\u0000password" })).toEqual([
      ["newPassword", CONTROL_CHARACTERS_MESSAGE],
    ]);
  });
});
