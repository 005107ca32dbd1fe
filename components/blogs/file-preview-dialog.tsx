"use client";

// The file preview dialog of the blog page: a PDF or an image inline from /files/view, a Word document as the
// sanitised HTML of /files/preview (an outside online viewer cannot reach a private deployment), anything else
// with a download. A file that cannot be served shows the spec's message instead (section 8).
import { Download, ExternalLink, FileQuestion } from "lucide-react";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { api } from "@/lib/http/client";
import type { FileOut } from "@/lib/services/blogs";
import { checkFile, fileErrorFrom } from "./file-access";
import { fileUrls, formatBytes, previewKind, typeLabel } from "./format";

type PreviewState = { status: "loading" } | { status: "ready"; html?: string } | { status: "failed"; message: string };

/** Tailwind's look of a printed page for the converted document (no typography plugin in this project). */
const DOCUMENT_LOOK = [
  "mx-auto w-full max-w-3xl bg-white px-6 py-8 text-[15px] leading-relaxed text-slate-800 shadow-sm ring-1 ring-slate-200 sm:px-12 sm:py-12",
  "[&_h1]:mb-4 [&_h1]:mt-2 [&_h1]:text-2xl [&_h1]:font-semibold [&_h1]:text-slate-900",
  "[&_h2]:mb-3 [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900",
  "[&_h3]:mb-2 [&_h3]:mt-5 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:font-semibold",
  "[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1",
  "[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_table]:my-4 [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:border-slate-300 [&_td]:px-2 [&_td]:py-1",
  "[&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-50 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left",
  "[&_a]:text-brand-700 [&_a]:underline [&_img]:my-3 [&_img]:h-auto [&_img]:max-w-full [&_pre]:overflow-x-auto",
].join(" ");

interface FilePreviewDialogProps {
  file: FileOut;
  onClose: () => void;
  onDownload: (file: FileOut) => Promise<void>;
}

export function FilePreviewDialog({ file, onClose, onDownload }: FilePreviewDialogProps) {
  const kind = previewKind(file.content_type);
  const urls = fileUrls(file.s3_path, file.filename);
  const [state, setState] = useState<PreviewState>({ status: "loading" });

  useEffect(() => {
    let live = true;
    // The dialog says what went wrong where the preview would be (a toast would sit behind the modal dialog).
    const fail = (message: string) => {
      if (live) setState({ status: "failed", message });
    };
    const load = async () => {
      if (kind === "docx") {
        try {
          const preview = await api.get<{ html: string }>(`/files/preview?path=${encodeURIComponent(file.s3_path)}`);
          if (live) setState({ status: "ready", html: preview.html });
        } catch (error) {
          fail(fileErrorFrom("view", error));
        }
        return;
      }
      const problem = kind === "none" ? null : await checkFile(urls.view, "view");
      if (problem) fail(problem);
      else if (live) setState({ status: "ready" });
    };
    void load();
    return () => {
      live = false;
    };
  }, [file.s3_path, kind, urls.view]);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="flex h-[calc(100dvh-2rem)] max-w-5xl flex-col gap-4 p-4 sm:h-[calc(100dvh-4rem)] sm:p-6">
        <DialogHeader>
          <DialogTitle className="truncate">{file.filename}</DialogTitle>
          <DialogDescription>
            {typeLabel(file.content_type)} · {formatBytes(file.size)}
          </DialogDescription>
        </DialogHeader>
        <div className="min-h-0 flex-1 overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
          <PreviewBody file={file} kind={kind} state={state} viewUrl={urls.view} />
        </div>
        <DialogFooter>
          {kind === "pdf" || kind === "image" ? (
            <a href={urls.view} target="_blank" rel="noopener noreferrer" className={buttonClasses("outline")}>
              <ExternalLink className="h-4 w-4" aria-hidden />
              Open in new tab
            </a>
          ) : null}
          <Button onClick={() => void onDownload(file)}>
            <Download className="h-4 w-4" aria-hidden />
            Download
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PreviewBody({ file, kind, state, viewUrl }: { file: FileOut; kind: ReturnType<typeof previewKind>; state: PreviewState; viewUrl: string }) {
  if (state.status === "loading") {
    return (
      <div className="flex h-full items-center justify-center">
        <Spinner label="Loading preview" />
      </div>
    );
  }
  if (state.status === "failed") {
    return (
      <div className="flex h-full items-center justify-center p-6">
        <Alert variant="destructive" className="max-w-md">
          {state.message}
        </Alert>
      </div>
    );
  }
  if (kind === "pdf") return <iframe src={viewUrl} title={`Preview of ${file.filename}`} className="h-full w-full bg-white" />;
  if (kind === "image") {
    return (
      <div className="flex h-full items-center justify-center overflow-auto p-4">
        {/* A stored upload of any size and shape, served by our file route: next/image has nothing to add. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src={viewUrl} alt={file.filename} className="max-h-full max-w-full object-contain" />
      </div>
    );
  }
  if (kind === "docx") {
    return (
      <div className="h-full overflow-y-auto p-3 sm:p-6">
        {/* Sanitised on the server (lib/content/extract.ts sanitizePreviewHtml: no scripts, styles or attributes but
            safe links and inline images), so it is rendered as the document's own markup. */}
        <article aria-label={`Preview of ${file.filename}`} className={DOCUMENT_LOOK} dangerouslySetInnerHTML={{ __html: state.html ?? "" }} />
      </div>
    );
  }
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center">
      <FileQuestion className="h-10 w-10 text-slate-300" aria-hidden />
      <p className="font-medium text-slate-700">No preview for this type of file</p>
      <p className="text-sm text-slate-500">Download it to open it on your device.</p>
    </div>
  );
}
