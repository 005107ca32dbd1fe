"use client";

import type { LucideIcon } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";

interface ListStatesProps<T> {
  items: T[] | null;
  failed: boolean;
  /** The spec's load-failure text, e.g. 'Failed to fetch users'. */
  failure: string;
  loadingLabel: string;
  skeletonRows: number;
  empty: { icon: LucideIcon; title: string; hint: string };
  children: (items: T[]) => React.ReactNode;
}

/** An admin list's load failure, loading skeleton and empty state; the rows themselves come from `children`. */
export function ListStates<T>({ items, failed, failure, loadingLabel, skeletonRows, empty, children }: ListStatesProps<T>) {
  if (failed && items === null) {
    return (
      <div className="p-4">
        <Alert variant="destructive">{failure}</Alert>
      </div>
    );
  }
  if (items === null) {
    return (
      <div className="flex flex-col gap-3 p-4" aria-busy="true" aria-label={loadingLabel}>
        {Array.from({ length: skeletonRows }, (_, index) => (
          <Skeleton key={index} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (items.length === 0) {
    const Icon = empty.icon;
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-12 text-center">
        <Icon className="h-8 w-8 text-slate-300" aria-hidden />
        <p className="font-medium text-slate-700">{empty.title}</p>
        <p className="text-sm text-slate-500">{empty.hint}</p>
      </div>
    );
  }
  return <>{children(items)}</>;
}
