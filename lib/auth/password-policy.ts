// Which new passwords the server refuses beyond the spec's length rules (OWASP ASVS 6.2.4, 6.2.11; NIST 800-63B
// 3.1.1.2): common and breached passwords, trivial patterns, and passwords built from the account's own address.
// Server only: the bundled list of 49,000 common passwords must never reach a browser bundle, so the account
// forms (lib/validation/auth.ts) do not import this module; the services call it wherever a password is set.
import { dictionary } from "@zxcvbn-ts/language-common";
import { PRODUCT_NAME } from "@/lib/brand";
import { ValidationFailed } from "@/lib/errors";

export const PASSWORD_POLICY_MESSAGES = {
  common: "This password is too common or too easy to guess. Please choose a less predictable one.",
  personal: "Password must not be based on your email address.",
} as const;

/** The spec's shortest password; a pattern or a personal word that leaves less than this adds no strength. */
const MIN_STRENGTH_LENGTH = 8;

let commonPasswords: ReadonlySet<string> | undefined;

/** The zxcvbn-ts common-password list (breach corpora, most frequent first), lower-cased, built on first use. */
function common(): ReadonlySet<string> {
  commonPasswords ??= new Set(dictionary["passwords-common"].map((entry) => entry.toLowerCase()));
  return commonPasswords;
}

/** One unit repeated: 'aaaaaaaa', '12121212', 'abcabcabc'; a unit shorter than the minimum length is no stronger repeated. */
function repeatsShortUnit(password: string): boolean {
  const match = /^(.+?)\1+$/su.exec(password);
  return match !== null && [...(match[1] ?? "")].length < MIN_STRENGTH_LENGTH;
}

/** Every character one step up or down from the one before: '12345678', 'abcdefgh', '87654321'. */
function isSequence(password: string): boolean {
  const codes = [...password].map((character) => character.codePointAt(0) ?? 0);
  const step = (codes[1] ?? 0) - (codes[0] ?? 0);
  if (Math.abs(step) !== 1) return false;
  return codes.every((code, index) => index === 0 || code - (codes[index - 1] ?? 0) === step);
}

/** A listed password with digits or symbols stuck on either end: 'Password2024!', '!!monkey', 'sunshine1'. */
function isListedWithAffix(lower: string): boolean {
  const core = lower.replace(/^[\p{N}\p{P}\p{S}]+/u, "").replace(/[\p{N}\p{P}\p{S}]+$/u, "");
  return core.length >= 4 && core !== lower && common().has(core);
}

/** True when the password is common, breached or trivially patterned. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return common().has(lower) || repeatsShortUnit(lower) || isSequence(lower) || isListedWithAffix(lower);
}

/**
 * True when the password is the address, or is built around a word of it or of the product's name: removing
 * the word leaves less than the minimum length ('ada.lovelace1', 'insightdeck2024'); a long passphrase that
 * happens to contain the word is fine.
 */
export function isPersonalPassword(password: string, email: string): boolean {
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  if (lower === address) return true;
  const localPart = address.split("@")[0] ?? "";
  const words = [address, localPart, PRODUCT_NAME.toLowerCase()].filter((word) => word.length >= 4);
  return words.some((word) => lower.includes(word) && [...lower.split(word).join("")].length < MIN_STRENGTH_LENGTH);
}

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, email: string): string | null {
  if (isPersonalPassword(password, email)) return PASSWORD_POLICY_MESSAGES.personal;
  if (isCommonPassword(password)) return PASSWORD_POLICY_MESSAGES.common;
  return null;
}

/** 422 on the request's password field, in the shape of every other validation error, for a refused password. */
export function assertPasswordAllowed(password: string, email: string, field: string): void {
  const problem = passwordProblem(password, email);
  if (problem) throw new ValidationFailed([{ loc: ["body", field], msg: problem, type: "value_error" }]);
}
