import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Label } from "./label";

/** Ids that tie a field's error and hint text to its input (aria-describedby). */
export function fieldIds(id: string) {
  return { error: `${id}-error`, hint: `${id}-hint` };
}

/** Props for an input inside a FormField: invalid state and the ids of its error and hint. */
export function fieldAria(id: string, error?: string, hint?: ReactNode) {
  const ids = fieldIds(id);
  const describedBy = [error ? ids.error : null, hint ? ids.hint : null].filter(Boolean).join(" ");
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined } as const;
}

interface FormFieldProps {
  id: string;
  label: ReactNode;
  /** Shown under the input in red; pass it only when it should be visible (touched fields). */
  error?: string;
  hint?: ReactNode;
  /** Rendered at the end of the label row, e.g. a 'Forgot password' link. */
  labelAside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A label, its control and the control's error or hint, spaced consistently. */
export function FormField({ id, label, error, hint, labelAside, className, children }: FormFieldProps) {
  const ids = fieldIds(id);
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children}
      {hint && !error ? (
        <p id={ids.hint} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.error} className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
