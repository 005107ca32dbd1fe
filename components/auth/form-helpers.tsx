"use client";

import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from "react-hook-form";
import { Button, type ButtonProps } from "@/components/ui/button";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

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
export function EmailField({ id, error, registration }: { id: string; error: string | undefined; registration: UseFormRegisterReturn }) {
  return (
    <FormField id={id} label="Email" error={error}>
      <Input {...fieldAria(id, error)} type="email" autoComplete="email" inputMode="email" placeholder="you@company.com" {...registration} />
    </FormField>
  );
}
