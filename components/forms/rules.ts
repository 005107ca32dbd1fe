// Client-side checks of the account forms, without zod: the sign-in screen and the dashboard ship no schema
// library. They give the messages of the schemas in lib/validation/auth.ts (spec sections 3 and 5, verbatim),
// which the API applies again to every payload; tests/unit/form-rules.test.ts holds the two to the same answers.
import type { FieldError, FieldErrors, FieldValues, Resolver } from "react-hook-form";
import { CONTROL_CHARACTERS_MESSAGE, hasForbiddenCharacters, type TextKind } from "@/lib/validation/characters";
import { MESSAGES } from "@/lib/validation/messages";

/** The messages of lib/validation/auth.ts that the forms show (from its zod-free module). */
export const FORM_MESSAGES = MESSAGES;

/** The HTML5 e-mail rule (zod's `regexes.html5Email`): addresses on local hosts such as admin@localhost pass. */
const HTML5_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

const MAX_PASSWORD = 256;

/** One field's rule: trims the value first when `trim` is set, then answers the first message that applies. */
export interface FieldRule {
  trim?: boolean;
  check: (value: string) => string | undefined;
}

/**
 * An e-mail address (trimmed), by the HTML5 rule: at most 254 characters as the account forms' `email` schema,
 * or, with `requiredMessage`, the invitation form's (that message for an empty value, no length limit).
 */
export function emailRule(requiredMessage?: string): FieldRule {
  return {
    trim: true,
    check: (value) => {
      if (requiredMessage !== undefined) {
        if (value === "") return requiredMessage;
      } else if (value.length > 254) return FORM_MESSAGES.email;
      return HTML5_EMAIL.test(value) ? undefined : FORM_MESSAGES.email;
    },
  };
}

/** A password as typed (never trimmed): allowed characters, then at least `min`, at most 256 characters. */
export function passwordRule(min: number, message: string, kind: "password" | "secret" = "password"): FieldRule {
  return {
    check: (value) => {
      if (hasForbiddenCharacters(value, kind)) return CONTROL_CHARACTERS_MESSAGE;
      if (value.length < min) return message;
      return value.length > MAX_PASSWORD ? `Password must be at most ${MAX_PASSWORD} characters` : undefined;
    },
  };
}

/** A trimmed text: allowed characters, then at least `min`, at most `max` characters. */
export function textRule(min: number, message: string, max = 200, kind: TextKind = "line"): FieldRule {
  return {
    trim: true,
    check: (value) => {
      if (hasForbiddenCharacters(value, kind)) return CONTROL_CHARACTERS_MESSAGE;
      if (value.length < min) return message;
      return value.length > max ? `Must be at most ${max} characters` : undefined;
    },
  };
}

/** A required choice (a select's value). */
export function requiredRule(message: string = FORM_MESSAGES.required): FieldRule {
  return { check: (value) => (value === "" ? message : undefined) };
}

/** A check across fields (a zod `.refine` on the object): skipped only after a character error, which aborts. */
export interface FormRefinement<T> {
  path: keyof T & string;
  message: string;
  valid: (values: T) => boolean;
}

/** The confirmation field must repeat the password. */
export function matchRule<T extends Record<string, unknown>>(password: keyof T & string, confirm: keyof T & string, message: string): FormRefinement<T> {
  return { path: confirm, message, valid: (values) => values[password] === values[confirm] };
}

/**
 * A react-hook-form resolver from field rules: the values come back trimmed where a rule says so (as the
 * schemas' `.trim()` gave them), with the first message of each failing field.
 */
/**
 * The first message of each field's rule for the values (trimmed where the rule says), by field name; a form
 * without a form library (the sign-in screen) shows these itself.
 */
export function fieldErrors<T extends Record<string, unknown>>(rules: Partial<Record<keyof T & string, FieldRule>>, values: T): Partial<Record<keyof T & string, string>> {
  const errors: Partial<Record<keyof T & string, string>> = {};
  for (const [name, rule] of Object.entries(rules) as [keyof T & string, FieldRule | undefined][]) {
    const raw: unknown = values[name];
    if (!rule || (typeof raw !== "string" && raw !== undefined)) continue;
    const text = typeof raw === "string" ? raw : "";
    const message = rule.check(rule.trim ? text.trim() : text);
    if (message !== undefined) errors[name] = message;
  }
  return errors;
}

export function rulesResolver<T extends FieldValues>(
  rules: Partial<Record<keyof T & string, FieldRule>>,
  refinements: readonly FormRefinement<T>[] = [],
): Resolver<T> {
  return (values) => {
    const output: Record<string, unknown> = { ...values };
    const errors: Record<string, FieldError> = {};
    for (const [name, rule] of Object.entries(rules) as [string, FieldRule | undefined][]) {
      if (!rule) continue;
      const raw = values[name];
      const value = typeof raw === "string" ? (rule.trim ? raw.trim() : raw) : "";
      output[name] = typeof raw === "string" ? value : raw;
      const message = typeof raw === "string" || raw === undefined ? rule.check(value) : undefined;
      if (message !== undefined) errors[name] = { type: "validate", message };
    }
    if (!Object.values(errors).some((error) => error.message === CONTROL_CHARACTERS_MESSAGE)) {
      for (const refinement of refinements) {
        if (!refinement.valid(output as T) && !errors[refinement.path]) {
          errors[refinement.path] = { type: "validate", message: refinement.message };
        }
      }
    }
    // The errors are keyed by the top-level field names of T, which is what FieldErrors<T> describes.
    if (Object.keys(errors).length > 0) return { values: {}, errors: errors as FieldErrors<T> };
    return { values: output as T, errors: {} };
  };
}
