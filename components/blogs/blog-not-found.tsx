import { FileQuestion } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";

/**
 * A blog that is not there for this user: deleted, never existed, or another tenant's (which is answered the same
 * way, so the page does not tell whether it exists).
 */
export function BlogNotFound({ backToProjects = true }: { backToProjects?: boolean }) {
  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <FileQuestion className="h-6 w-6" aria-hidden />
        </span>
        <h1 className="text-xl font-semibold text-slate-900">Failed to load blog</h1>
        <p className="text-sm text-slate-500">This blog could not be found. It may have been deleted, or you may not have access to it.</p>
        {backToProjects ? (
          <Link href="/projects" className={buttonClasses("primary", "md", "mt-2")}>
            Back to Projects
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
