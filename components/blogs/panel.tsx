import type { LucideIcon } from "lucide-react";
import { useId, type ReactNode } from "react";
import { cn } from "@/lib/cn";

interface PanelProps {
  title: string;
  icon: LucideIcon;
  /** Shown beside the title when given. */
  count?: number;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** One titled section of the blog page (a card with an icon, the title, an optional count and actions). */
export function Panel({ title, icon: Icon, count, actions, className, children }: PanelProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn("rounded-xl border border-slate-200 bg-white shadow-sm", className)}>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-3 sm:px-5">
        <div className="flex items-center gap-2">
          <Icon className="h-4 w-4 text-brand-600" aria-hidden />
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {count !== undefined ? (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">{count}</span>
          ) : null}
        </div>
        {actions}
      </div>
      <div className="p-4 sm:p-5">{children}</div>
    </section>
  );
}

/** What an empty panel says. */
export function PanelEmpty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-slate-200 px-4 py-6 text-center text-sm text-slate-500">{children}</p>;
}
