// Schemas of the account forms and API payloads (spec sections 3 and 5), shared by forms and route handlers.
// Messages are the spec's, verbatim.
import { z } from "zod";
import { MESSAGES } from "./messages";
import { charactersOf, type TextKind } from "./text";

export { MESSAGES };

/** Longest password accepted: argon2 handles any length, but unbounded input is a denial-of-service lever. */
const MAX_PASSWORD = 256;

/**
 * E-mail addresses as browsers accept them in an e-mail field (the HTML5 rule), so addresses on local hosts
 * such as the default super admin admin@localhost are valid too.
 */
export const emailAddress = () => z.email({ message: MESSAGES.email, pattern: z.regexes.html5Email });

const email = z.string({ message: MESSAGES.email }).trim().max(254, { message: MESSAGES.email }).pipe(emailAddress());

/** A password being set (`password`), or one being checked against the stored hash (`secret`). */
const password = (min: number, message: string, kind: "password" | "secret" = "password") =>
  z
    .string({ message })
    .check(charactersOf(kind))
    .min(min, { message })
    .max(MAX_PASSWORD, { message: `Password must be at most ${MAX_PASSWORD} characters` });

const text = (min: number, message: string, max = 200, kind: TextKind = "line") =>
  z
    .string({ message })
    .trim()
    .check(charactersOf(kind))
    .min(min, { message })
    .max(max, { message: `Must be at most ${max} characters` });

const optionalText = (max = 500, kind: TextKind = "line") =>
  z
    .string()
    .trim()
    .check(charactersOf(kind))
    .max(max, { message: `Must be at most ${max} characters` })
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

const token = z.string({ message: "Token is required" }).trim().check(charactersOf("line")).min(1, { message: "Token is required" }).max(512);

// ---- API payloads ----

export const loginInput = z.object({
  email,
  password: password(6, MESSAGES.loginPassword, "secret"),
  /** 'Keep me logged in': the browser session lasts 30 days instead of ending with the browser. */
  remember_me: z.boolean().optional().default(false),
});
export type LoginInput = z.infer<typeof loginInput>;

export const registerInput = z.object({
  tenant_name: text(2, MESSAGES.companyName, 200, "name"),
  domain: optionalText(253),
  admin_full_name: text(2, MESSAGES.fullName, 200, "name"),
  admin_email: email,
  admin_phone: text(10, MESSAGES.phone, 40),
  admin_address: text(5, MESSAGES.address, 500, "multiline"),
  admin_password: password(8, MESSAGES.password),
});
export type RegisterInput = z.infer<typeof registerInput>;

export const refreshInput = z.object({ refresh_token: z.string().trim().check(charactersOf("line")).min(1).max(512).optional() });

export const tokenInput = z.object({ token });

export const resetRequestInput = z.object({ email });

export const passwordResetInput = z.object({ token, new_password: password(8, MESSAGES.password) });

export const passwordChangeInput = z.object({
  current_password: password(1, MESSAGES.currentPasswordRequired, "secret"),
  new_password: password(8, MESSAGES.password),
});

export const profileUpdateInput = z.object({
  full_name: text(2, MESSAGES.fullName, 200, "name").optional(),
  phone: optionalText(40),
  address: optionalText(500, "multiline"),
});

export const invitationCreateInput = z.object({
  email: z.string({ message: MESSAGES.required }).trim().min(1, { message: MESSAGES.required }).pipe(email),
  role_id: z.uuid({ message: MESSAGES.required }),
  tenant_id: z.uuid().optional(),
});

export const invitationAcceptInput = z.object({
  token: z
    .string({ message: MESSAGES.invalidInvitationLink })
    .trim()
    .check(charactersOf("line"))
    .min(1, { message: MESSAGES.invalidInvitationLink })
    .max(512),
  full_name: text(1, MESSAGES.fullNameRequired, 200, "name"),
  password: password(8, MESSAGES.invitationPassword),
  phone: optionalText(40),
  address: optionalText(500, "multiline"),
});

// ---- Browser forms (the fields a person types; they map onto the payloads above) ----

export const loginForm = z.object({ email, password: password(6, MESSAGES.loginPassword, "secret"), rememberMe: z.boolean() });

export const registerForm = z
  .object({
    companyName: text(2, MESSAGES.companyName, 200, "name"),
    domain: z.string().trim().check(charactersOf("line")).max(253).optional(),
    fullName: text(2, MESSAGES.fullName, 200, "name"),
    email,
    phone: text(10, MESSAGES.phone, 40),
    address: text(5, MESSAGES.address, 500, "multiline"),
    password: password(8, MESSAGES.password),
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, { message: MESSAGES.passwordsDontMatch, path: ["confirmPassword"] });

export const forgotPasswordForm = z.object({ email });

export const resetRequestForm = z.object({
  email: z.string().trim().min(1, { message: MESSAGES.emailRequired }).pipe(emailAddress()),
});

export const resetPasswordForm = z
  .object({ password: password(8, MESSAGES.password), confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, { message: MESSAGES.passwordsDontMatch, path: ["confirmPassword"] });

export const changePasswordForm = z
  .object({
    currentPassword: password(1, MESSAGES.currentPasswordRequired, "secret"),
    newPassword: password(8, MESSAGES.password),
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, { message: MESSAGES.passwordsDontMatch, path: ["confirmPassword"] });

export const acceptInvitationForm = z
  .object({
    fullName: z.string().trim().check(charactersOf("name")).min(1, { message: MESSAGES.fullNameRequired }).max(200),
    password: password(8, MESSAGES.invitationPassword),
    confirmPassword: z.string(),
    phone: z.string().trim().check(charactersOf("line")).max(40).optional(),
    address: z.string().trim().check(charactersOf("multiline")).max(500).optional(),
  })
  .refine((form) => form.password === form.confirmPassword, { message: MESSAGES.passwordsDoNotMatch, path: ["confirmPassword"] });

export const inviteUserForm = z.object({
  email: z.string().trim().min(1, { message: MESSAGES.required }).pipe(emailAddress()),
  roleId: z.string().check(charactersOf("line")).min(1, { message: MESSAGES.required }),
});

export { tenantNameFor } from "./tenant";
