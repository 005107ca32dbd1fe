import { forwardRef, type InputHTMLAttributes } from "react";
import { cn } from "@/lib/cn";

export const inputClasses = cn(
  "flex h-10 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs",
  "placeholder:text-slate-400 transition-colors",
  "focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-brand-500/20",
  "disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500",
  "aria-invalid:border-red-400 aria-invalid:focus-visible:border-red-500 aria-invalid:focus-visible:ring-red-500/20",
);

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, type = "text", ...props },
  ref,
) {
  return <input ref={ref} type={type} className={cn(inputClasses, className)} {...props} />;
});
