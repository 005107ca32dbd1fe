// The edit page's Information card (spec section 2): what the presentation is and where it stands.
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { LocalTime } from "@/components/blogs/local-time";
import { methodLabel, statusLabel } from "@/components/blogs/presentation-state";
import type { PresentationOut } from "@/lib/services/presentations";

const STATUS_LOOK: Record<string, BadgeVariant> = {
  pending: "outline",
  processing: "warning",
  completed: "success",
  failed: "destructive",
};

function templateLabel(template: string): string {
  return template ? template.charAt(0).toUpperCase() + template.slice(1) : "—";
}

export function InfoCard({ presentation }: { presentation: PresentationOut }) {
  const facts: [string, React.ReactNode][] = [
    ["Version", presentation.version_number],
    ["Method", methodLabel(presentation.generation_method)],
    ["Template", templateLabel(presentation.template)],
    ["Status", <Badge key="status" variant={STATUS_LOOK[presentation.status] ?? "outline"}>{statusLabel(presentation.status)}</Badge>],
    ["Created", <LocalTime key="created" value={presentation.created_at} />],
    [
      "Last edited",
      presentation.last_edited_at ? (
        <LocalTime key="edited" value={presentation.last_edited_at} />
      ) : (
        "Never"
      ),
    ],
    ["Edit count", presentation.edit_count],
    ["Slides", presentation.slide_count],
  ];
  return (
    <section aria-labelledby="presentation-info-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="presentation-info-title" className="text-base font-semibold text-slate-900">
        Information
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
        <div className="col-span-2 min-w-0 sm:col-span-4">
          <dt className="text-xs font-medium text-slate-500">Blog</dt>
          <dd className="mt-0.5 break-words font-medium text-slate-900">{presentation.blog_title}</dd>
        </div>
        {facts.map(([term, value]) => (
          <div key={term} className="min-w-0">
            <dt className="text-xs font-medium text-slate-500">{term}</dt>
            <dd className="mt-0.5 break-words font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
