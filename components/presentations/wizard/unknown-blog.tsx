import { ArrowLeft, FileQuestion } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";

/** The wizard of a blog that is not there for this user (deleted, never made, or another tenant's): back to the blogs. */
export function UnknownBlog() {
  return (
    <div className="flex flex-col gap-6">
      <Link href="/projects" className={buttonClasses("ghost", "sm", "-ml-3 self-start")}>
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to Blogs
      </Link>
      <Card className="mx-auto w-full max-w-lg">
        <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
            <FileQuestion className="h-6 w-6" aria-hidden />
          </span>
          <h1 className="text-xl font-semibold text-slate-900">Failed to load blog</h1>
          <p className="text-sm text-slate-500">This blog could not be found. It may have been deleted, or you may not have access to it.</p>
        </CardContent>
      </Card>
    </div>
  );
}
