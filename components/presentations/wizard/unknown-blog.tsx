import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { BlogNotFound } from "@/components/blogs/blog-not-found";
import { buttonClasses } from "@/components/ui/button";

/** The wizard of a blog that is not there for this user (deleted, never made, or another tenant's): back to the blogs. */
export function UnknownBlog() {
  return (
    <div className="flex flex-col gap-6">
      <Link href="/projects" className={buttonClasses("ghost", "sm", "-ml-3 self-start")}>
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to Blogs
      </Link>
      <BlogNotFound backToProjects={false} />
    </div>
  );
}
