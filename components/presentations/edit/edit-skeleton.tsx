import { Skeleton } from "@/components/ui/skeleton";

/** The edit page's shape while it loads (also the route's loading state). */
export function PresentationEditSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading presentation">
      <div className="flex flex-col gap-3">
        <Skeleton className="h-8 w-28" />
        <Skeleton className="h-9 w-2/3" />
      </div>
      <Skeleton className="h-36 w-full rounded-xl" />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="aspect-[16/11] w-full rounded-xl" />
        ))}
      </div>
    </div>
  );
}
