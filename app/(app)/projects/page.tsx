import { AccessDenied } from "@/components/admin/access-denied";
import type { InitialPage } from "@/components/admin/use-api-list";
import { SessionEnded } from "@/components/auth/session-ended";
import { PROJECTS_PAGE_SIZE } from "@/components/projects/look";
import { ProjectsView } from "@/components/projects/projects-view";
import type { ProjectRow } from "@/components/projects/types";
import { initialFromService } from "@/lib/http/initial-data";
import { currentActor } from "@/lib/http/session";
import { listProjects } from "@/lib/services/projects";
import { projectListQuery } from "@/lib/validation/projects";

export const metadata = { title: "Projects" };

// Needs project view (spec section 2); the project services check again on every call. The first page (no
// search) is read here, as GET /projects/?limit=24&offset=0 would answer it; the grid fetches the rest.
export default async function ProjectsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await currentActor();
  if (!actor) return <SessionEnded />;
  if (!actor.permissions.has("project.view")) return <AccessDenied message="You don't have permission to view projects." />;
  const query = projectListQuery.parse({ limit: String(PROJECTS_PAGE_SIZE), offset: "0" });
  const initial = await initialFromService<InitialPage<ProjectRow>>(() => listProjects(actor, query));
  const can = {
    create: actor.permissions.has("project.create"),
    update: actor.permissions.has("project.update"),
    delete: actor.permissions.has("project.delete"),
  };
  return <ProjectsView initial={initial} can={can} openCreate={(await searchParams).new === "1"} />;
}
