// Reading a server action's answer (lib/http/action.ts) in a form: the message for a toast, each field's error.
import type { ValidationIssue } from "@/lib/errors";

/** The detail's text, or its first validation message. */
export function actionErrorMessage(detail: string | ValidationIssue[]): string {
  return typeof detail === "string" ? detail : (detail[0]?.msg ?? "Invalid input");
}

/** Each field's first validation message, keyed by the field's name (loc ["body", field, ...]). */
export function actionFieldErrors(detail: string | ValidationIssue[]): Record<string, string> {
  if (typeof detail === "string") return {};
  const errors: Record<string, string> = {};
  for (const issue of detail) {
    const field = issue.loc[1];
    if (field !== undefined && errors[String(field)] === undefined) errors[String(field)] = issue.msg;
  }
  return errors;
}
