import { notFound } from "next/navigation";
import { AccessDenied } from "@/components/admin/access-denied";
import type { InitialPage } from "@/components/admin/use-api-list";
import { SessionEnded } from "@/components/auth/session-ended";
import { BlogsView, type ProjectHeading } from "@/components/projects/blogs-view";
import { BLOGS_PAGE_SIZE } from "@/components/projects/look";
import type { BlogRow } from "@/components/projects/types";
import { asApiJson, initialFromService } from "@/lib/http/initial-data";
import { currentActor } from "@/lib/http/session";
import { NotFound } from "@/lib/errors";
import { listProjectBlogs } from "@/lib/services/blogs";
import { getProject } from "@/lib/services/projects";
import { idParams } from "@/lib/validation/common";
import { projectBlogsQuery } from "@/lib/validation/blogs";

export const metadata = { title: "Blogs" };

interface PageProps {
  params: Promise<{ projectId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The project's name and description for the heading; null when it cannot be read (the list still shows). */
async function headingOf(actor: NonNullable<Awaited<ReturnType<typeof currentActor>>>, projectId: string): Promise<ProjectHeading | null> {
  try {
    const project = await getProject(actor, projectId);
    return asApiJson<ProjectHeading>({ id: project.id, name: project.name, description: project.description });
  } catch (error) {
    // Another tenant's project, or none: the page does not exist for this user.
    if (error instanceof NotFound) notFound();
    return null;
  }
}

// Needs blog view (spec section 2); the blog services check again on every call. The heading and the first page
// (no search) are read here, as GET /projects/{id} and GET /blogs/project/{id}?limit=24&offset=0 would answer.
export default async function ProjectBlogsPage({ params, searchParams }: PageProps) {
  const actor = await currentActor();
  if (!actor) return <SessionEnded />;
  if (!actor.permissions.has("blog.view")) return <AccessDenied message="You don't have permission to view blogs." />;
  const { projectId } = await params;
  if (!idParams.safeParse({ id: projectId }).success) notFound();
  const query = projectBlogsQuery.parse({ limit: String(BLOGS_PAGE_SIZE), offset: "0" });
  const [project, initial] = await Promise.all([
    headingOf(actor, projectId),
    initialFromService<InitialPage<BlogRow>>(() => listProjectBlogs(actor, projectId, query)),
  ]);
  const can = { create: actor.permissions.has("blog.create"), delete: actor.permissions.has("blog.delete") };
  return <BlogsView projectId={projectId} project={project} initial={initial} can={can} openCreate={(await searchParams).new === "1"} />;
}
