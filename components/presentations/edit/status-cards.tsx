import { FileQuestion, ShieldAlert, type LucideIcon } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { cn } from "@/lib/cn";

// The edit page's dead ends (spec section 2): a presentation that is not there for this user, and one they may not
// open. Both lead back to /projects.

function StatusCard({ icon: Icon, tone, title, text, action }: { icon: LucideIcon; tone: string; title: string; text: string; action: string }) {
  return (
    <Card className="mx-auto max-w-lg">
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
        <span className={cn("flex h-12 w-12 items-center justify-center rounded-full", tone)}>
          <Icon className="h-6 w-6" aria-hidden />
        </span>
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        <p className="text-sm text-slate-500">{text}</p>
        <Link href="/projects" className={buttonClasses("primary", "md", "mt-2")}>
          {action}
        </Link>
      </CardContent>
    </Card>
  );
}

/** Deleted, never existed, or another tenant's (answered alike, so the page does not tell whether it exists). */
export function PresentationNotFound() {
  return (
    <StatusCard
      icon={FileQuestion}
      tone="bg-slate-100 text-slate-500"
      title="Presentation not found"
      text="Presentation not found. It may have been deleted or is still being generated."
      action="Back"
    />
  );
}

export function PresentationDenied() {
  return (
    <StatusCard
      icon={ShieldAlert}
      tone="bg-red-50 text-red-600"
      title="Permission denied"
      text="You do not have permission to access this presentation."
      action="Go Back"
    />
  );
}
