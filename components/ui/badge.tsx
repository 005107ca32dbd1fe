import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn";

export type BadgeVariant = "default" | "secondary" | "success" | "warning" | "destructive" | "outline";

const variants: Record<BadgeVariant, string> = {
  default: "bg-brand-600 text-white",
  secondary: "bg-brand-50 text-brand-700 ring-1 ring-inset ring-brand-100",
  success: "bg-emerald-50 text-emerald-700 ring-1 ring-inset ring-emerald-200",
  warning: "bg-amber-50 text-amber-800 ring-1 ring-inset ring-amber-200",
  destructive: "bg-red-50 text-red-700 ring-1 ring-inset ring-red-200",
  outline: "text-slate-700 ring-1 ring-inset ring-slate-300",
};

export function Badge({ className, variant = "default", ...props }: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide", variants[variant], className)}
      {...props}
    />
  );
}
