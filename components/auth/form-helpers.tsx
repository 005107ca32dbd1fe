"use client";

import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from "react-hook-form";
import type { ComponentProps } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { HttpError } from "@/lib/http/client";

/**
 * The error to show for a field: only once the field was touched (blurred) or a submit was tried
 * (spec section 5), so a person is not scolded for fields they have not reached yet.
 */
export function useVisibleErrors<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>) {
  const { errors, touchedFields, submitCount } = form.formState;
  return (name: Path<T>): string | undefined => {
    const touched = (touchedFields as Record<string, unknown>)[name] === true;
    if (!touched && submitCount === 0) return undefined;
    const message = (errors as Record<string, { message?: unknown } | undefined>)[name]?.message;
    return typeof message === "string" ? message : undefined;
  };
}

/**
 * Puts the messages of a 422 answer on the form's own fields, for the rules only the server checks (the
 * password policy, for one): the person reads the message under the field instead of "admin_password: ...".
 * `fields` maps the API's field names to the form's. Returns the messages placed, joined, or undefined.
 */
export function placeServerErrors<T extends FieldValues, C, O>(
  form: UseFormReturn<T, C, O>,
  error: unknown,
  fields: Partial<Record<string, Path<T>>>,
): string | undefined {
  if (!(error instanceof HttpError) || error.status !== 422) return undefined;
  let detail: unknown;
  try {
    detail = (JSON.parse(error.body) as { detail?: unknown }).detail;
  } catch {
    return undefined;
  }
  if (!Array.isArray(detail)) return undefined;
  const placed: string[] = [];
  for (const entry of detail as { loc?: unknown; msg?: unknown }[]) {
    const apiField = Array.isArray(entry.loc) ? entry.loc.at(-1) : undefined;
    const field = typeof apiField === "string" ? fields[apiField] : undefined;
    if (!field || typeof entry.msg !== "string") continue;
    form.setError(field, { type: "server", message: entry.msg }, { shouldFocus: placed.length === 0 });
    placed.push(entry.msg);
  }
  return placed.length > 0 ? placed.join(" ") : undefined;
}

/** A full-width submit button that shows a spinner and its busy label while the form is sent. */
export function SubmitButton({ busy, busyLabel, children, disabled, ...props }: ButtonProps & { busy: boolean; busyLabel: string }) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={disabled || busy} aria-busy={busy} {...props}>
      {busy ? <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" /> : null}
      {busy ? busyLabel : children}
    </Button>
  );
}

/** A text-styled button for switching between the views of the sign-in screen. */
export function LinkButton({ className, ...props }: ButtonProps) {
  return (
    <button
      type="button"
      className={[
        "rounded-sm font-medium text-brand-600 underline-offset-4 transition-colors hover:text-brand-700 hover:underline",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        className,
      ]
        .filter(Boolean)
        .join(" ")}
      {...props}
    />
  );
}

/** The e-mail field of the account forms: label, error, and the browser hints for an address. */
/** The e-mail input's wiring: a form library's `register(...)`, or an uncontrolled input's default and handlers. */
type EmailInputProps = UseFormRegisterReturn | Pick<ComponentProps<"input">, "name" | "defaultValue" | "onChange" | "onBlur">;

export function EmailField({ id, error, registration }: { id: string; error: string | undefined; registration: EmailInputProps }) {
  return (
    <FormField id={id} label="Email" error={error}>
      <Input {...fieldAria(id, error)} type="email" autoComplete="email" inputMode="email" placeholder="you@company.com" {...registration} />
    </FormField>
  );
}
