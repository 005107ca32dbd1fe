import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn";

/** A pulsing placeholder block shown while content loads. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden className={cn("animate-pulse rounded-md bg-slate-200/80", className)} {...props} />;
}
