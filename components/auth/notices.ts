// Messages a page hands to the sign-in screen through the address (?notice=key), after a redirect.
// Keys, not free text, so a crafted link cannot put words on the sign-in screen.

export const AUTH_NOTICES = {
  "password-reset": "Password reset successfully. Please log in with your new password.",
  "account-created": "Account created successfully. Please log in.",
} as const;

export type AuthNotice = keyof typeof AUTH_NOTICES;

export function authNotice(value: unknown): AuthNotice | undefined {
  return typeof value === "string" && Object.hasOwn(AUTH_NOTICES, value) ? (value as AuthNotice) : undefined;
}

/** The sign-in address carrying a notice. */
export function signInWithNotice(notice: AuthNotice, path: "/" | "/login" = "/"): string {
  return `${path}?notice=${notice}`;
}

/** Time a success message stays on screen before the page moves on (spec section 9). */
export const REDIRECT_DELAY_MS = 2_000;
