// The zod-free checks of each account form, in one place: the forms use them and tests/unit/form-rules.test.ts
// holds each to the answers of its schema in lib/validation/auth.ts (which the API applies again).
import { emailRule, FORM_MESSAGES, matchRule, passwordRule, requiredRule, rulesResolver, textRule } from "./rules";

export type LoginFields = { email: string; password: string; rememberMe: boolean };

/** The sign-in form's rules: it checks them without a form library (fieldErrors), to keep /login's script small. */
export const loginRules = {
  email: emailRule(),
  password: passwordRule(6, FORM_MESSAGES.loginPassword, "secret"),
};

export const loginResolver = rulesResolver<LoginFields>(loginRules);

export const forgotPasswordResolver = rulesResolver<{ email: string }>({ email: emailRule() });

export type ResetPasswordFields = { password: string; confirmPassword: string };

export const resetPasswordResolver = rulesResolver<ResetPasswordFields>({ password: passwordRule(8, FORM_MESSAGES.password) }, [
  matchRule<ResetPasswordFields>("password", "confirmPassword", FORM_MESSAGES.passwordsDontMatch),
]);

export type ChangePasswordFields = { currentPassword: string; newPassword: string; confirmPassword: string };

export const changePasswordResolver = rulesResolver<ChangePasswordFields>(
  {
    currentPassword: passwordRule(1, FORM_MESSAGES.currentPasswordRequired, "secret"),
    newPassword: passwordRule(8, FORM_MESSAGES.password),
  },
  [matchRule<ChangePasswordFields>("newPassword", "confirmPassword", FORM_MESSAGES.passwordsDontMatch)],
);

export type RegisterFields = Record<"companyName" | "domain" | "fullName" | "email" | "phone" | "address" | "password" | "confirmPassword", string>;

export const registerResolver = rulesResolver<RegisterFields>(
  {
    companyName: textRule(2, FORM_MESSAGES.companyName, 200, "name"),
    domain: textRule(0, "", 253),
    fullName: textRule(2, FORM_MESSAGES.fullName, 200, "name"),
    email: emailRule(),
    phone: textRule(10, FORM_MESSAGES.phone, 40),
    address: textRule(5, FORM_MESSAGES.address, 500, "multiline"),
    password: passwordRule(8, FORM_MESSAGES.password),
  },
  [matchRule<RegisterFields>("password", "confirmPassword", FORM_MESSAGES.passwordsDontMatch)],
);

export const inviteResolver = rulesResolver<{ email: string; role_id: string }>({ email: emailRule(FORM_MESSAGES.required), role_id: requiredRule() });
