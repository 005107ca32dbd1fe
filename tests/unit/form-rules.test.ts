// The zod-free checks of the sign-in screen and the dashboard give the answers of the schemas in
// lib/validation/auth.ts, which the API applies: the same first message per field, the same trimmed values.
import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import {
  changePasswordResolver,
  forgotPasswordResolver,
  inviteResolver,
  loginResolver,
  loginRules,
  registerResolver,
  resetPasswordResolver,
  type RegisterFields,
} from "@/components/forms/account-resolvers";
import { changePasswordForm, emailAddress, forgotPasswordForm, loginForm, MESSAGES, registerForm, resetPasswordForm } from "@/lib/validation/auth";
import { z } from "zod";
import { fieldErrors } from "@/components/forms/rules";
import type { FieldValues, Resolver } from "react-hook-form";

type Answer = { values: Record<string, unknown>; errors: Record<string, string> };

function fromZod(schema: ZodType, values: Record<string, unknown>): Answer {
  const result = schema.safeParse(values);
  if (result.success) return { values: result.data as Record<string, unknown>, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0]);
    errors[key] ??= issue.message;
  }
  return { values: {}, errors };
}

async function fromRules<T extends FieldValues>(resolver: Resolver<T>, values: Record<string, unknown>): Promise<Answer> {
  const answer = await resolver(values as T, undefined, { fields: {}, shouldUseNativeValidation: false });
  const errors: Record<string, string> = {};
  for (const [key, error] of Object.entries(answer.errors)) errors[key] = String((error as { message?: string }).message);
  return { values: answer.values as Record<string, unknown>, errors };
}

const emails = ["", " ", "a@b.c", "  user@example.com ", "admin@localhost", "no-at-sign", "a@", "x".repeat(250) + "@a.io", "bad @x.io", "a\u0000@x.io"];
const passwords = ["", "12345", "123456", "1234567", "12345678", "pass\u0000word1", "tab\tpassword", "p".repeat(257), "  spaced  "];

describe("form rules match the schemas", () => {
  it("login", async () => {
    const resolver = loginResolver;
    for (const email of emails)
      for (const password of passwords) {
        const values = { email, password, rememberMe: false };
        expect(await fromRules(resolver, values), JSON.stringify(values)).toEqual(fromZod(loginForm, values));
      }
  });

  it("login, as the sign-in form checks it without a form library", () => {
    for (const email of emails)
      for (const password of passwords) {
        const values = { email, password, rememberMe: false };
        expect(fieldErrors(loginRules, values), JSON.stringify(values)).toEqual(fromZod(loginForm, values).errors);
      }
  });

  it("forgot password", async () => {
    const resolver = forgotPasswordResolver;
    for (const email of emails) expect(await fromRules(resolver, { email })).toEqual(fromZod(forgotPasswordForm, { email }));
  });

  it("reset password", async () => {
    const resolver = resetPasswordResolver;
    for (const password of passwords)
      for (const confirmPassword of ["", "12345678", password]) {
        const values = { password, confirmPassword };
        expect(await fromRules(resolver, values), JSON.stringify(values)).toEqual(fromZod(resetPasswordForm, values));
      }
  });

  it("change password", async () => {
    const resolver = changePasswordResolver;
    for (const currentPassword of ["", "x", "old\u0000"])
      for (const newPassword of passwords)
        for (const confirmPassword of ["", newPassword]) {
          const values = { currentPassword, newPassword, confirmPassword };
          expect(await fromRules(resolver, values), JSON.stringify(values)).toEqual(fromZod(changePasswordForm, values));
        }
  });

  it("register", async () => {
    const resolver = registerResolver;
    const valid: RegisterFields = {
      companyName: " Acme ",
      domain: "",
      fullName: "Ada Lovelace",
      email: "ada@acme.test",
      phone: "0123456789",
      address: "1 Main Street",
      password: "longenough",
      confirmPassword: "longenough",
    };
    const variants: Partial<RegisterFields>[] = [
      {},
      { companyName: "A" },
      { companyName: "A\u202Eb" },
      { fullName: " B " },
      { phone: "123" },
      { address: "Road\nTown" },
      { address: "abc" },
      { email: "nope" },
      { password: "short" },
      { password: "short", confirmPassword: "other" },
      { confirmPassword: "other" },
      { companyName: "A", confirmPassword: "other" },
      { fullName: "Ada\u0007", confirmPassword: "other" },
      { domain: "acme.test " },
    ];
    for (const variant of variants) {
      const values = { ...valid, ...variant };
      const ours = await fromRules(resolver, values);
      const theirs = fromZod(registerForm, values);
      expect(ours.errors, JSON.stringify(values)).toEqual(theirs.errors);
      if (Object.keys(theirs.errors).length === 0) expect(ours.values).toEqual({ ...theirs.values, domain: values.domain.trim() });
    }
  });

  it("invite user", async () => {
    const schema = z.object({
      email: z.string().trim().min(1, { message: MESSAGES.required }).pipe(emailAddress()),
      role_id: z.string().min(1, { message: MESSAGES.required }),
    });
    const resolver = inviteResolver;
    for (const email of emails)
      for (const role_id of ["", "role"]) {
        const values = { email, role_id };
        expect(await fromRules(resolver, values), JSON.stringify(values)).toEqual(fromZod(schema, values));
      }
  });
});
