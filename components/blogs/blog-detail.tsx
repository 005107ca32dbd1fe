"use client";

// The blog detail page (/blogs/{blogId}, spec section 2): header, Blog Summary, the four source panels with each
// source's extraction status, and the Presentations side panel. The server renders the first view; this component
// keeps it current (use-blog-data) and opens the dialogs, which load on first use.
import { ArrowLeft, Blocks, Calendar, Download, Eye, FileText, Files, Globe, Link2, Mail, Sparkles, UserRound, type LucideIcon } from "lucide-react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useEffect, useState, type MouseEvent } from "react";
import { useCurrentUser } from "@/components/auth/current-user";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { cn } from "@/lib/cn";
import type { BlogOut, BlogSourceOut, FileOut, PresentationSummary } from "@/lib/services/blogs";
import { checkFile, startDownload } from "./file-access";
import { blockPreview, fileUrls, formatBytes, previewKind, typeLabel } from "./format";
import { LocalTime } from "./local-time";
import { BlogDetailSkeleton } from "./blog-detail-skeleton";
import { Panel, PanelEmpty } from "./panel";
import { PresentationsPanel } from "./presentations-panel";
import { BlogLanguage } from "./blog-language";
import { SourceFailure, SourceStatus } from "./source-status";
import { LOAD_FAILED, useBlogData } from "./use-blog-data";

const loadFilePreview = () => import("./file-preview-dialog");
const loadBlockDialog = () => import("./content-block-dialog");
const loadShareDialog = () => import("./share-dialog");
const FilePreviewDialog = dynamic(() => loadFilePreview().then((module) => module.FilePreviewDialog), { ssr: false });
const ContentBlockDialog = dynamic(() => loadBlockDialog().then((module) => module.ContentBlockDialog), { ssr: false });
const ShareDialog = dynamic(() => loadShareDialog().then((module) => module.ShareDialog), { ssr: false });

export interface BlogDetailProps {
  blogId: string;
  /** The blog as GET /blogs/{id} answers it, read by the server; absent when it could not be read there. */
  initial?: BlogOut;
  /** '?view={presentationId}' after a presentation was created. */
  highlight?: string;
}

/** Downloads after the same checks the route makes, so a failure shows the spec's words instead of a dead download. */
async function download(file: FileOut) {
  const url = fileUrls(file.s3_path, file.filename).download;
  const problem = await checkFile(url, "download");
  if (problem) toast({ title: "Error", description: problem, variant: "destructive" });
  else startDownload(url);
}

export function BlogDetail({ blogId, initial, highlight }: BlogDetailProps) {
  const { permissions } = useCurrentUser();
  const canGenerate = permissions.includes("presentation.generate");
  const canViewPresentations = permissions.includes("presentation.view");
  const { blog, failed, now, refreshing, refresh } = useBlogData(blogId, initial, canViewPresentations);
  const [previewed, setPreviewed] = useState<FileOut | null>(null);
  const [block, setBlock] = useState<{ number: number; text: string } | null>(null);
  const [shared, setShared] = useState<PresentationSummary | null>(null);

  // The dialogs' code arrives once the page is idle, so the first click opens at once without weighing on the load.
  useEffect(() => {
    const preload = () => void Promise.all([loadFilePreview(), loadBlockDialog(), canViewPresentations ? loadShareDialog() : null]);
    if ("requestIdleCallback" in window) {
      const handle = window.requestIdleCallback(preload, { timeout: 4000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(preload, 1500);
    return () => clearTimeout(timer);
  }, [canViewPresentations]);

  if (!blog) {
    return failed ? <LoadFailed onRetry={refresh} retrying={refreshing} /> : <BlogDetailSkeleton />;
  }

  const of = (kind: BlogSourceOut["kind"]) => blog.sources.filter((source) => source.kind === kind);
  const main = of("main_document")[0];
  const links = of("website_link");
  const files = of("file");
  const blocks = blog.content_blocks;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-4">
        <Link href={blog.project_id ? `/projects/${blog.project_id}/blogs` : "/projects"} className={buttonClasses("ghost", "sm", "-ml-3 self-start")}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back
        </Link>
        <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-brand-700">{blog.project_name}</p>
            <h1 className="mt-1 break-words text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{blog.blog_title}</h1>
            <dl className="mt-3 flex flex-col gap-2 text-sm text-slate-600 sm:flex-row sm:flex-wrap sm:gap-x-6">
              <HeaderFact icon={UserRound} term="Author">
                {blog.blog_author}
              </HeaderFact>
              <HeaderFact icon={Mail} term="Author email">
                <a href={`mailto:${blog.blog_email}`} className="break-all hover:text-brand-700 hover:underline">
                  {blog.blog_email}
                </a>
              </HeaderFact>
              <HeaderFact icon={Calendar} term="Created">
                <span>Created <LocalTime value={blog.created_at} /></span>
              </HeaderFact>
              <BlogLanguage blog={blog} />
            </dl>
          </div>
          {canGenerate ? (
            <Link href={`/presentations/generate/${blog.id}`} className={buttonClasses("primary", "md", "self-start lg:self-auto")}>
              <Sparkles className="h-4 w-4" aria-hidden />
              Generate Presentation
            </Link>
          ) : null}
        </div>
      </header>

      <section aria-labelledby="blog-summary-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <h2 id="blog-summary-title" className="text-base font-semibold text-slate-900">
          Blog Summary
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
          <SummaryCount icon={FileText} label="Main document" value={main ? 1 : 0} tone="bg-rose-50 text-rose-600" />
          <SummaryCount icon={Globe} label="Website links" value={links.length} tone="bg-sky-50 text-sky-600" />
          <SummaryCount icon={Blocks} label="Content blocks" value={blocks.length} tone="bg-amber-50 text-amber-600" />
          <SummaryCount icon={Files} label="Uploaded files" value={files.length} tone="bg-emerald-50 text-emerald-600" />
        </dl>
      </section>

      <div className={cn("grid items-start gap-6", canViewPresentations && "lg:grid-cols-[minmax(0,1fr)_22rem]")}>
        <div className="flex min-w-0 flex-col gap-6">
          <Panel title="Main Document" icon={FileText}>
            {!main ? (
              <PanelEmpty>This blog has no main document.</PanelEmpty>
            ) : main.url ? (
              <ul>
                <LinkRow source={main} url={main.url} />
              </ul>
            ) : (
              <ul>
                <FileRow source={main} onView={setPreviewed} />
              </ul>
            )}
          </Panel>

          <Panel title="Website Links" icon={Link2} count={links.length}>
            {links.length === 0 ? (
              <PanelEmpty>No website links were added.</PanelEmpty>
            ) : (
              <ul className="flex flex-col gap-3">
                {links.map((source) => (source.url ? <LinkRow key={source.id} source={source} url={source.url} /> : null))}
              </ul>
            )}
          </Panel>

          <Panel title="Content Blocks" icon={Blocks} count={blocks.length}>
            {blocks.length === 0 ? (
              <PanelEmpty>No content blocks were added.</PanelEmpty>
            ) : (
              <ul className="flex flex-col gap-3">
                {blocks.map((contentBlock, index) => (
                  <BlockRow key={index} number={index + 1} text={contentBlock.content_path} onView={setBlock} />
                ))}
              </ul>
            )}
          </Panel>

          <Panel title="Uploaded Files" icon={Files} count={files.length}>
            {files.length === 0 ? (
              <PanelEmpty>No files were uploaded.</PanelEmpty>
            ) : (
              <ul className="flex flex-col gap-3">
                {files.map((source) => (
                  <FileRow key={source.id} source={source} onView={setPreviewed} />
                ))}
              </ul>
            )}
          </Panel>
        </div>

        {canViewPresentations ? (
          <PresentationsPanel
            blogId={blog.id}
            presentations={blog.presentations}
            canGenerate={canGenerate}
            highlight={highlight}
            now={now}
            refreshing={refreshing}
            onRefresh={() => void refresh()}
            onShare={setShared}
          />
        ) : null}
      </div>

      {previewed ? <FilePreviewDialog file={previewed} onClose={() => setPreviewed(null)} onDownload={download} /> : null}
      {block ? <ContentBlockDialog number={block.number} text={block.text} onClose={() => setBlock(null)} /> : null}
      {shared ? <ShareDialog presentation={shared} title={blog.blog_title} onClose={() => setShared(null)} /> : null}
    </div>
  );
}

function HeaderFact({ icon: Icon, term, children }: { icon: LucideIcon; term: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-1.5">
      <Icon className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
      <dt className="sr-only">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function SummaryCount({ icon: Icon, label, value, tone }: { icon: LucideIcon; label: string; value: number; tone: string }) {
  // Icon and number side by side; the label under them on a phone (where two columns leave it little room),
  // beside the icon under the number from sm up.
  return (
    <div className="grid grid-cols-[auto_1fr] items-center gap-x-2.5 gap-y-1 rounded-lg bg-slate-50 p-3 sm:gap-x-3 sm:gap-y-0">
      <dt className="col-span-2 row-start-2 text-xs font-medium text-slate-500 sm:col-span-1 sm:col-start-2">{label}</dt>
      {/* A definition list's groups hold only terms and definitions: the icon sits in the definition, laid out in the grid. */}
      <dd className="contents">
        <span className={cn("col-start-1 row-start-1 flex h-9 w-9 shrink-0 items-center justify-center rounded-lg sm:row-span-2 sm:h-10 sm:w-10", tone)}>
          <Icon className="h-5 w-5" aria-hidden />
        </span>
        <span className="col-start-2 row-start-1 text-2xl font-semibold leading-tight text-slate-900">{value}</span>
      </dd>
    </div>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

function LinkRow({ source, url }: { source: BlogSourceOut; url: string }) {
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center sm:gap-3">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-sky-50 text-sky-600">
          <Globe className="h-5 w-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <a href={url} target="_blank" rel="noopener noreferrer" className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline">
            {hostOf(url)}
          </a>
          <p className="truncate text-xs text-slate-500" title={url}>
            {url}
          </p>
          <SourceFailure source={source} />
        </div>
      </div>
      <div className="pl-[3.25rem] sm:pl-0">
        <SourceStatus source={source} />
      </div>
    </li>
  );
}

const FILE_TONES: Record<string, string> = {
  pdf: "bg-rose-50 text-rose-600",
  docx: "bg-blue-50 text-blue-600",
  image: "bg-violet-50 text-violet-600",
  none: "bg-slate-100 text-slate-500",
};

function FileRow({ source, onView }: { source: BlogSourceOut; onView: (file: FileOut) => void }) {
  const file = source.file;
  if (!file) {
    return (
      <li className="rounded-lg border border-dashed border-slate-300 p-3 text-sm text-slate-500">This file is no longer available.</li>
    );
  }
  const urls = fileUrls(file.s3_path, file.filename);
  const onDownload = (event: MouseEvent<HTMLAnchorElement>) => {
    // Without JavaScript the link downloads directly; with it, the checks come first.
    event.preventDefault();
    void download(file);
  };
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className={cn("flex h-10 w-10 shrink-0 items-center justify-center rounded-lg", FILE_TONES[previewKind(file.content_type)])}>
          <FileText className="h-5 w-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-slate-900" title={file.filename}>
            {file.filename}
          </p>
          <p className="text-xs text-slate-500">
            {typeLabel(file.content_type)} · {formatBytes(file.size)}
          </p>
          <SourceFailure source={source} />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 pl-[3.25rem] sm:pl-0">
        {/* On a phone the status takes its own line, so View and Download stay side by side under it. */}
        <span className="w-full sm:w-auto">
          <SourceStatus source={source} />
        </span>
        <Button variant="outline" size="sm" onClick={() => onView(file)} aria-label={`View ${file.filename}`}>
          <Eye className="h-4 w-4" aria-hidden />
          View
        </Button>
        <a href={urls.download} download onClick={onDownload} className={buttonClasses("outline", "sm")} aria-label={`Download ${file.filename}`}>
          <Download className="h-4 w-4" aria-hidden />
          Download
        </a>
      </div>
    </li>
  );
}

function BlockRow({ number, text, onView }: { number: number; text: string; onView: (block: { number: number; text: string }) => void }) {
  const preview = blockPreview(text);
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Block {number}</p>
        <p className="text-xs text-slate-400">{Array.from(text).length} characters</p>
      </div>
      <p className="mt-2 whitespace-pre-line break-words text-sm leading-relaxed text-slate-700">{preview.text}</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={() => onView({ number, text })} aria-label={`View content block ${number}`}>
        <Eye className="h-4 w-4" aria-hidden />
        View
      </Button>
    </li>
  );
}

function LoadFailed({ onRetry, retrying }: { onRetry: () => Promise<void>; retrying: boolean }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-4">
      <Alert variant="destructive">{LOAD_FAILED}</Alert>
      <div className="flex gap-2">
        <Button onClick={() => void onRetry()} disabled={retrying}>
          Try Again
        </Button>
        <Link href="/projects" className={buttonClasses("outline")}>
          Back to Projects
        </Link>
      </div>
    </div>
  );
}
