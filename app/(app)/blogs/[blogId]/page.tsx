import type { Metadata } from "next";
import { cache } from "react";
import { z } from "zod";
import { AccessDenied } from "@/components/admin/access-denied";
import { SessionEnded } from "@/components/auth/session-ended";
import { BlogDetail } from "@/components/blogs/blog-detail";
import { BlogNotFound } from "@/components/blogs/blog-not-found";
import { asApiJson } from "@/lib/http/initial-data";
import { hasPermission, type Actor } from "@/lib/auth/actor";
import { currentActor } from "@/lib/http/session";
import { NotFound } from "@/lib/errors";
import { getBlog, type BlogOut } from "@/lib/services/blogs";

interface BlogPageProps {
  params: Promise<{ blogId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const blogId = z.uuid();

type Outcome = { kind: "found"; blog: BlogOut } | { kind: "not-found" } | { kind: "unreadable" };

/** The blog as GET /blogs/{id} would answer it; read once per request (the title and the page both need it). */
const readBlog = cache(async (actor: Actor, id: string): Promise<Outcome> => {
  if (!blogId.safeParse(id).success) return { kind: "not-found" };
  try {
    // getBlog lists presentations only to readers with presentation view (spec section 6).
    return { kind: "found", blog: asApiJson<BlogOut>(await getBlog(actor, id)) };
  } catch (error) {
    if (error instanceof NotFound) return { kind: "not-found" };
    // Anything else (the database restarting): the browser loads it, with the spec's failure toast if it fails too.
    return { kind: "unreadable" };
  }
});

export async function generateMetadata({ params }: BlogPageProps): Promise<Metadata> {
  const actor = await currentActor();
  if (!actor || !hasPermission(actor, "blog.view")) return { title: "Blog" };
  const outcome = await readBlog(actor, (await params).blogId);
  return { title: outcome.kind === "found" ? outcome.blog.blog_title : "Blog" };
}

// Blog detail (spec section 2). The server reads the blog with the actor (the service checks blog view and the
// tenant again), so the page arrives filled; the client component keeps it current and opens the dialogs.
export default async function BlogPage({ params, searchParams }: BlogPageProps) {
  const actor = await currentActor();
  if (!actor) return <SessionEnded />;
  if (!hasPermission(actor, "blog.view")) return <AccessDenied message="You don't have permission to view this blog." />;
  const [{ blogId: id }, query] = await Promise.all([params, searchParams]);
  const outcome = await readBlog(actor, id);
  if (outcome.kind === "not-found") return <BlogNotFound />;
  const view = typeof query.view === "string" ? query.view : undefined;
  return <BlogDetail blogId={id} initial={outcome.kind === "found" ? outcome.blog : undefined} highlight={view} />;
}
