// The banner of the blog's existing presentation (spec section 2, "Wizard"): status, version, method, template,
// created, last edited and edit count, with Edit Presentation once it is completed.
import { History, Pencil } from "lucide-react";
import Link from "next/link";
import { LocalTime } from "@/components/blogs/local-time";
import { methodLabel, statusLabel } from "@/components/blogs/presentation-state";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import type { ExistingPresentation } from "./types";

const STATUS_LOOK: Record<string, BadgeVariant> = { pending: "outline", processing: "warning", completed: "success", failed: "destructive" };

export function ExistingBanner({ presentation, count }: { presentation: ExistingPresentation; count: number }) {
  const facts: [string, React.ReactNode][] = [
    ["Version", String(presentation.version_number)],
    ["Method", methodLabel(presentation.generation_method)],
    ["Template", presentation.template],
    ["Created", <LocalTime key="created" value={presentation.created_at} />],
    ["Last edited", presentation.last_edited_at ? <LocalTime key="edited" value={presentation.last_edited_at} /> : "Never"],
    ["Edits", String(presentation.edit_count)],
  ];
  return (
    <section aria-labelledby="existing-presentation-title" className="rounded-xl border border-brand-100 bg-brand-50/60 p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-white text-brand-600 ring-1 ring-brand-100">
            <History className="h-5 w-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="existing-presentation-title" className="font-semibold text-slate-900">
                This blog already has a presentation
              </h2>
              <Badge variant={STATUS_LOOK[presentation.status] ?? "outline"}>{statusLabel(presentation.status)}</Badge>
            </div>
            <p className="mt-1 text-sm text-slate-600">
              {count > 1 ? `${count} versions so far. ` : ""}A new one becomes the next version; the current one stays as it is.
            </p>
          </div>
        </div>
        {presentation.status === "completed" ? (
          <Link href={`/presentations/${presentation.id}/edit`} className={buttonClasses("outline", "sm", "self-start bg-white")}>
            <Pencil className="h-4 w-4" aria-hidden />
            Edit Presentation
          </Link>
        ) : null}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
        {facts.map(([term, value]) => (
          <div key={term} className="min-w-0">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{term}</dt>
            <dd className="mt-0.5 truncate font-medium capitalize text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
