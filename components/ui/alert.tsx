import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn";
import { CircleAlertIcon, CircleCheckIcon, InfoIcon } from "./basic-icons";

type AlertVariant = "info" | "success" | "destructive";

const looks: Record<AlertVariant, { box: string; icon: typeof InfoIcon }> = {
  info: { box: "border-brand-100 bg-brand-50 text-brand-900", icon: InfoIcon },
  success: { box: "border-emerald-200 bg-emerald-50 text-emerald-900", icon: CircleCheckIcon },
  destructive: { box: "border-red-200 bg-red-50 text-red-800", icon: CircleAlertIcon },
};

/** An inline message box; destructive ones are announced at once (role alert), others politely. */
export function Alert({ variant = "info", className, children, ...props }: HTMLAttributes<HTMLDivElement> & { variant?: AlertVariant }) {
  const { box, icon: Icon } = looks[variant];
  return (
    <div
      role={variant === "destructive" ? "alert" : "status"}
      className={cn("flex items-start gap-3 rounded-lg border p-3 text-sm", box, className)}
      {...props}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
