"use client";

import { ArrowLeft, FileText, Globe, Link2, MoreVertical, Paperclip, Plus, Trash2, Type } from "lucide-react";
import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { Pagination } from "@/components/admin/pagination";
import { SearchInput } from "@/components/admin/search-input";
import { useApiList, type InitialPage } from "@/components/admin/use-api-list";
import { useDebounced } from "@/components/admin/use-debounced";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { initialsFor } from "@/components/ui/initials";
import { toast } from "@/components/ui/use-toast";
import { cn } from "@/lib/cn";
import { api } from "@/lib/http/client";
import { GridEmptyState, GridSkeleton } from "./card-grid";
import { CreateBlogDialog } from "./create-blog-dialog";
import { BLOGS_PAGE_SIZE, colourFor, cut } from "./look";
import { LocalTime } from "@/components/blogs/local-time";
import type { BlogAbilities, BlogRow } from "./types";

export interface ProjectHeading {
  id: string;
  name: string;
  description: string | null;
}

/** The project description on the blog list (spec section 9): 100 characters. */
const DESCRIPTION_LIMIT = 100;

/** A card's menu with its one action, Delete: a small disclosure, closed by Escape, a click elsewhere or a choice. */
function CardMenu({ blog, onDelete }: { blog: BlogRow; onDelete: (blog: BlogRow) => void }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);
  return (
    <div ref={box} className="relative z-10">
      <Button variant="ghost" size="sm" aria-haspopup="menu" aria-expanded={open} aria-label={`Actions for ${blog.blog_title}`} onClick={() => setOpen(!open)}>
        <MoreVertical className="h-4 w-4" aria-hidden />
      </Button>
      {open ? (
        <div role="menu" className="absolute right-0 top-9 z-20 min-w-36 rounded-xl border border-slate-200 bg-white p-1 shadow-lg">
          <button
            type="button"
            role="menuitem"
            autoFocus
            onClick={() => {
              setOpen(false);
              onDelete(blog);
            }}
            className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm text-red-600 outline-none hover:bg-red-50 focus-visible:bg-red-50"
          >
            <Trash2 className="h-4 w-4" aria-hidden />
            Delete
          </button>
        </div>
      ) : null}
    </div>
  );
}

function SourceCounts({ blog }: { blog: BlogRow }) {
  const items = [
    { icon: blog.is_website ? Globe : FileText, label: blog.is_website ? "Web page" : "Document", show: blog.main_text !== null },
    { icon: Link2, label: `${blog.website_link_count} ${blog.website_link_count === 1 ? "link" : "links"}`, show: blog.website_link_count > 0 },
    { icon: Type, label: `${blog.content_block_count} ${blog.content_block_count === 1 ? "block" : "blocks"}`, show: blog.content_block_count > 0 },
    { icon: Paperclip, label: `${blog.uploaded_file_count} ${blog.uploaded_file_count === 1 ? "file" : "files"}`, show: blog.uploaded_file_count > 0 },
  ].filter((item) => item.show);
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500" aria-label="Sources">
      {items.map(({ icon: Icon, label }) => (
        <li key={label} className="inline-flex items-center gap-1">
          <Icon className="h-3.5 w-3.5" aria-hidden />
          {label}
        </li>
      ))}
    </ul>
  );
}

function BlogCard({ blog, canDelete, onDelete }: { blog: BlogRow; canDelete: boolean; onDelete: (blog: BlogRow) => void }) {
  return (
    <li className="relative flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-200 hover:shadow-md focus-within:ring-2 focus-within:ring-brand-500/40" data-testid="blog-card">
      <div className="flex items-start gap-3">
        <span className={cn("flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-sm font-semibold", colourFor(blog.blog_title))} aria-hidden>
          {initialsFor(blog.blog_title)}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="line-clamp-2 break-words text-base font-semibold text-slate-900">
            <Link href={`/blogs/${blog.id}`} className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-['']">
              {blog.blog_title}
            </Link>
          </h2>
          <p className="truncate text-sm text-slate-600">{blog.blog_author}</p>
          <p className="truncate text-xs text-slate-500">{blog.blog_email}</p>
        </div>
        {canDelete ? <CardMenu blog={blog} onDelete={onDelete} /> : null}
      </div>
      <SourceCounts blog={blog} />
      <p className="mt-auto border-t border-slate-100 pt-3 text-xs text-slate-500">Created <LocalTime value={blog.created_at} />
      </p>
    </li>
  );
}

interface BlogsViewProps {
  projectId: string;
  /** The project's name and description; null when the page could not read them. */
  project: ProjectHeading | null;
  initial?: InitialPage<BlogRow>;
  can: BlogAbilities;
  openCreate: boolean;
}

/**
 * A project's blog list (spec section 2): the project's name and description (cut to 100 characters), search over
 * title, author and e-mail, 'New Blog' opening 'Create New Blog', cards to the blog pages, delete with a
 * confirmation. `initial` is the first page as the server read it.
 */
export function BlogsView({ projectId, project, initial, can, openCreate }: BlogsViewProps) {
  const [search, setSearch] = useState("");
  const query = useDebounced(search.trim());
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(openCreate && can.create);
  const [deleting, setDeleting] = useState<BlogRow | null>(null);

  useEffect(() => {
    if (!project) toast({ variant: "destructive", title: "Error", description: "Failed to load project" });
  }, [project]);

  const params = new URLSearchParams({ limit: String(BLOGS_PAGE_SIZE), offset: String(page * BLOGS_PAGE_SIZE) });
  if (query) params.set("search", query);
  const { items, total, error, reload } = useApiList<BlogRow>(
    `/blogs/project/${projectId}?${params}`,
    () => toast({ variant: "destructive", title: "Error", description: "Failed to load blogs. Please try refreshing the page." }),
    initial,
  );

  const closeCreate = useCallback(
    (open: boolean) => {
      setCreating(open);
      if (!open && window.location.search.includes("new=1")) window.history.replaceState(null, "", `/projects/${projectId}/blogs`);
    },
    [projectId],
  );

  async function remove(blog: BlogRow) {
    try {
      await api.delete(`/blogs/${blog.id}`);
      toast({ title: "Blog Deleted", description: `${blog.blog_title} was deleted.` });
      reload();
    } catch (failure) {
      toast({ variant: "destructive", title: "Error", description: "Failed to delete blog" });
      throw failure;
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4">
        <Link href="/projects" className={buttonClasses("ghost", "sm", "-ml-3 self-start")}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back
        </Link>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <h1 className="break-words text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{project?.name ?? "Blogs"}</h1>
            {project?.description ? (
              <p className="mt-1 break-words text-sm text-slate-500" title={project.description}>
                {cut(project.description, DESCRIPTION_LIMIT)}
              </p>
            ) : null}
          </div>
          {can.create ? (
            <Link
              href={`/projects/${projectId}/blogs?new=1`}
              className={buttonClasses("primary", "md", "shrink-0")}
              onClick={(event) => {
                event.preventDefault();
                setCreating(true);
              }}
            >
              <Plus className="h-4 w-4" aria-hidden />
              New Blog
            </Link>
          ) : null}
        </div>
      </div>

      <div className="max-w-md">
        <SearchInput
          label="Search blogs"
          placeholder="Search by title, author or email"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(0);
          }}
        />
      </div>

      {error !== null && items === null ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center" role="alert">
          <p className="font-medium text-slate-800">Failed to load blogs</p>
          <Button variant="outline" onClick={reload}>
            Try Again
          </Button>
        </Card>
      ) : items === null ? (
        <GridSkeleton label="Loading blogs" cardHeight="h-44" />
      ) : items.length === 0 ? (
        <GridEmptyState
          icon={<FileText className="h-6 w-6" aria-hidden />}
          title={query ? "No blogs found" : "No blogs yet"}
          description={query ? "Try another search." : can.create ? "Create the first blog of this project." : "Blogs of this project appear here."}
          action={
            !query && can.create ? (
              <Button onClick={() => setCreating(true)}>
                <Plus className="h-4 w-4" aria-hidden />
                New Blog
              </Button>
            ) : null
          }
        />
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Blogs">
            {items.map((blog) => (
              <BlogCard key={blog.id} blog={blog} canDelete={can.delete} onDelete={setDeleting} />
            ))}
          </ul>
          {total > BLOGS_PAGE_SIZE ? (
            <Card className="overflow-hidden">
              <Pagination page={page} pageSize={BLOGS_PAGE_SIZE} total={total} noun="blogs" onPageChange={setPage} />
            </Card>
          ) : null}
        </>
      )}

      {can.create ? <CreateBlogDialog projectId={projectId} open={creating} onOpenChange={closeCreate} onCreated={reload} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Blog"
        description={
          <>
            Delete <strong className="font-semibold text-slate-700">{deleting?.blog_title}</strong>? Its sources, files and presentations are removed
            for good.
          </>
        }
        confirmLabel="Delete Blog"
        busyLabel="Deleting..."
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
      />
    </div>
  );
}
