import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/** The card grid's place-holders while a page loads. */
export function GridSkeleton({ label, cardHeight }: { label: string; cardHeight: string }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label={label}>
      {Array.from({ length: 6 }, (_, index) => (
        <li key={index}>
          <Skeleton className={`${cardHeight} w-full rounded-xl`} />
        </li>
      ))}
    </ul>
  );
}

/** An empty grid: what is missing, what to do, and the create button when allowed. */
export function GridEmptyState({ icon, title, description, action }: { icon: ReactNode; title: string; description: string; action?: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">{icon}</span>
      <p className="font-medium text-slate-800">{title}</p>
      <p className="text-sm text-slate-500">{description}</p>
      {action}
    </Card>
  );
}
