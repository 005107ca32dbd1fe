import { Spinner } from "@/components/ui/spinner";

/** Shown while the session is being resolved. */
export function PortalLoading() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50">
      <Spinner label="Loading your portal" />
      <p className="text-sm font-medium text-slate-600">Loading your portal...</p>
    </div>
  );
}
