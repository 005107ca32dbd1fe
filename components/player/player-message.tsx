// The player's full-screen states (spec section 2): loading, unavailable with Try Again, not found, and the
// viewing rule's notices. Server-renderable: the shared page shows them before any script runs.
import { cn } from "@/lib/cn";

interface PlayerMessageProps {
  title: string;
  message?: string;
  spinner?: boolean;
  tone?: "neutral" | "error";
  children?: React.ReactNode;
}

export function PlayerMessage({ title, message, spinner = false, tone = "neutral", children }: PlayerMessageProps) {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-950 p-6 text-white">
      <div className="flex max-w-md flex-col items-center gap-3 text-center" role={tone === "error" ? "alert" : "status"}>
        {spinner ? <span className="h-10 w-10 animate-spin rounded-full border-4 border-slate-700 border-t-brand-400" aria-hidden /> : null}
        {!spinner ? (
          <span
            className={cn(
              "flex h-12 w-12 items-center justify-center rounded-full text-2xl font-bold",
              tone === "error" ? "bg-red-500/15 text-red-300" : "bg-slate-800 text-slate-300",
            )}
            aria-hidden
          >
            !
          </span>
        ) : null}
        <h1 className="text-xl font-semibold">{title}</h1>
        {message ? <p className="text-sm text-slate-300">{message}</p> : null}
        {children}
      </div>
    </div>
  );
}
