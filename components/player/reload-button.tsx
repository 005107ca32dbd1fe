// Try Again on the player's failure cards: loads the page afresh (the server reads the presentation again). A link to
// the page itself, so it works before the page's script has come (as the share page's own notice does).
import { RotateCcw } from "lucide-react";

export function ReloadButton() {
  return (
    <a
      href=""
      className="mt-2 inline-flex h-10 items-center gap-2 rounded-lg bg-white px-4 text-sm font-medium text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
    >
      <RotateCcw className="h-4 w-4" aria-hidden />
      Try Again
    </a>
  );
}
