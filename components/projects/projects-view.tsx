"use client";

import { FileText, FolderKanban, FolderPlus, Pencil, Trash2 } from "lucide-react";
import Link from "next/link";
import { useCallback, useState } from "react";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { PageHeader } from "@/components/admin/page-header";
import { Pagination } from "@/components/admin/pagination";
import { SearchInput } from "@/components/admin/search-input";
import { useApiList, type InitialPage } from "@/components/admin/use-api-list";
import { useDebounced } from "@/components/admin/use-debounced";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { initialsFor } from "@/components/ui/initials";
import { toast } from "@/components/ui/use-toast";
import { cn } from "@/lib/cn";
import { api } from "@/lib/http/client";
import { GridEmptyState, GridSkeleton } from "./card-grid";
import { PROJECTS_PAGE_SIZE, colourFor } from "./look";
import { LocalTime } from "@/components/blogs/local-time";
import { ProjectFormDialog } from "./project-form-dialog";
import type { ProjectAbilities, ProjectRow } from "./types";

const LOAD_FAILED = "Failed to load projects. Please check if the backend server is running.";

interface ProjectCardProps {
  project: ProjectRow;
  can: ProjectAbilities;
  onEdit: (project: ProjectRow) => void;
  onDelete: (project: ProjectRow) => void;
}

/** A project card: the whole card opens the project's blogs; edit and delete sit above that link. */
function ProjectCard({ project, can, onEdit, onDelete }: ProjectCardProps) {
  return (
    <li className="relative flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-200 hover:shadow-md focus-within:ring-2 focus-within:ring-brand-500/40" data-testid="project-card">
      <div className="flex items-start gap-3">
        <span className={cn("flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-sm font-semibold", colourFor(project.name))} aria-hidden>
          {initialsFor(project.name)}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold text-slate-900">
            <Link href={`/projects/${project.id}/blogs`} className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-['']">
              {project.name}
            </Link>
          </h2>
          <p className="text-xs text-slate-500">
            Created <LocalTime value={project.created_at} />
          </p>
        </div>
      </div>
      <p className={cn("line-clamp-3 min-h-[3.75rem] break-words text-sm", project.description ? "text-slate-600" : "italic text-slate-400")}>
        {project.description || "No description"}
      </p>
      <div className="mt-auto flex items-center justify-between gap-2 border-t border-slate-100 pt-3">
        <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-500">
          <FileText className="h-3.5 w-3.5" aria-hidden />
          {project.blog_count} {project.blog_count === 1 ? "blog" : "blogs"}
        </span>
        {/* Above the card's link, so these buttons get their own clicks. */}
        <div className="relative z-10 flex items-center gap-1">
          {can.update ? (
            <Button variant="ghost" size="sm" onClick={() => onEdit(project)} aria-label={`Edit ${project.name}`}>
              <Pencil className="h-4 w-4" aria-hidden />
            </Button>
          ) : null}
          {can.delete ? (
            <Button variant="ghost" size="sm" className="text-red-600 hover:bg-red-50 hover:text-red-700" onClick={() => onDelete(project)} aria-label={`Delete ${project.name}`}>
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/**
 * The projects page (spec section 2): a searchable grid of project cards; create and edit dialogs (server actions),
 * delete with a confirmation. `initial` is the first page as the server read it; `openCreate` opens the create
 * dialog on arrival (the dashboard's 'Create New Project' links to /projects?new=1).
 */
export function ProjectsView({ initial, can, openCreate }: { initial?: InitialPage<ProjectRow>; can: ProjectAbilities; openCreate: boolean }) {
  const [search, setSearch] = useState("");
  const query = useDebounced(search.trim());
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(openCreate && can.create);
  const [editing, setEditing] = useState<ProjectRow | null>(null);
  const [deleting, setDeleting] = useState<ProjectRow | null>(null);

  const params = new URLSearchParams({ limit: String(PROJECTS_PAGE_SIZE), offset: String(page * PROJECTS_PAGE_SIZE) });
  if (query) params.set("search", query);
  const { items, total, error, reload } = useApiList<ProjectRow>(
    `/projects/?${params}`,
    () => toast({ variant: "destructive", title: "Error", description: LOAD_FAILED }),
    initial,
  );

  const closeCreate = useCallback((open: boolean) => {
    setCreating(open);
    // The dialog was opened by the address (?new=1): leave it, so a reload does not open it again.
    if (!open && window.location.search.includes("new=1")) window.history.replaceState(null, "", "/projects");
  }, []);

  async function remove(project: ProjectRow) {
    try {
      await api.delete(`/projects/${project.id}`);
      toast({ title: "Project Deleted", description: `${project.name} and its blogs were deleted.` });
      reload();
    } catch (failure) {
      toast({ variant: "destructive", title: "Error", description: "Failed to delete project" });
      throw failure;
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Projects"
        description="Organise your blogs into projects and turn them into narrated presentations."
        actions={
          can.create ? (
            // A link to ?new=1, so that before the page's JavaScript has loaded it still opens the form.
            <Link
              href="/projects?new=1"
              className={buttonClasses()}
              onClick={(event) => {
                event.preventDefault();
                setCreating(true);
              }}
            >
              <FolderPlus className="h-4 w-4" aria-hidden />
              New Project
            </Link>
          ) : null
        }
      />

      <div className="max-w-md">
        <SearchInput
          label="Search projects"
          placeholder="Search projects by name or description"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(0);
          }}
        />
      </div>

      {error !== null && items === null ? (
        <Alert variant="destructive">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>{LOAD_FAILED}</span>
            <Button variant="outline" size="sm" onClick={reload}>
              Try Again
            </Button>
          </div>
        </Alert>
      ) : items === null ? (
        <GridSkeleton label="Loading projects" cardHeight="h-48" />
      ) : items.length === 0 ? (
        <GridEmptyState
          icon={<FolderKanban className="h-6 w-6" aria-hidden />}
          title={query ? "No projects found" : "No projects yet"}
          description={query ? "Try another search." : can.create ? "Create your first project to get started." : "Projects you can open appear here."}
          action={
            !query && can.create ? (
              <Button onClick={() => setCreating(true)}>
                <FolderPlus className="h-4 w-4" aria-hidden />
                New Project
              </Button>
            ) : null
          }
        />
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Projects">
            {items.map((project) => (
              <ProjectCard key={project.id} project={project} can={can} onEdit={setEditing} onDelete={setDeleting} />
            ))}
          </ul>
          {total > PROJECTS_PAGE_SIZE ? (
            <Card className="overflow-hidden">
              <Pagination page={page} pageSize={PROJECTS_PAGE_SIZE} total={total} noun="projects" onPageChange={setPage} />
            </Card>
          ) : null}
        </>
      )}

      <ProjectFormDialog open={creating} onOpenChange={closeCreate} onSaved={reload} />
      <ProjectFormDialog project={editing} open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} onSaved={reload} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Project"
        description={
          <>
            Delete <strong className="font-semibold text-slate-700">{deleting?.name}</strong>? Its blogs, their files and presentations are removed
            for good.
          </>
        }
        confirmLabel="Delete Project"
        busyLabel="Deleting..."
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
      />
    </div>
  );
}
