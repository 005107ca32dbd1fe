// The wizard's last step (spec section 2): the presentation is made; View, Edit, or back to the blog, where the
// new presentation is highlighted ('?view={presentationId}').
import { ArrowLeft, CheckCircle2, Eye, Pencil } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import type { MethodId } from "./steps";

const DONE_TEXT: Record<MethodId, string> = {
  manual: "Your slides were saved. Their images are drawn in the background and narration follows.",
  import_ppt: "Your PowerPoint slides were imported. Their images are drawn in the background and narration follows.",
  ai_template: "Your reviewed AI presentation was saved. Changed slides are drawn again in the background.",
};

export function blogPageAfter(blogId: string, presentationId: string): string {
  return `/blogs/${blogId}?view=${encodeURIComponent(presentationId)}`;
}

export function CompleteStep({ blogId, presentationId, method }: { blogId: string; presentationId: string; method: MethodId }) {
  return (
    <Card className="mx-auto w-full max-w-2xl">
      <CardContent className="flex flex-col items-center gap-4 p-8 text-center sm:p-10">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 ring-8 ring-emerald-50/50">
          <CheckCircle2 className="h-7 w-7" aria-hidden />
        </span>
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Presentation Created</h2>
          <p className="mt-2 text-sm text-slate-600">{DONE_TEXT[method]}</p>
        </div>
        <div className="mt-2 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <a href={`/presentations/${presentationId}/view`} target="_blank" rel="noopener noreferrer" className={buttonClasses("outline", "md", "whitespace-nowrap")}>
            <Eye className="h-4 w-4" aria-hidden />
            View Presentation
          </a>
          <Link href={`/presentations/${presentationId}/edit`} className={buttonClasses("outline", "md", "whitespace-nowrap")}>
            <Pencil className="h-4 w-4" aria-hidden />
            Edit Presentation
          </Link>
          <Link href={blogPageAfter(blogId, presentationId)} className={buttonClasses("primary", "md", "whitespace-nowrap")}>
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Back to Blog
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
