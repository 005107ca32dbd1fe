"use client";

import { FileUp, Globe, Link2, Plus, Type, X } from "lucide-react";
import Link from "next/link";
import { useActionState, useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent } from "react";
import { createBlogAction } from "@/app/(app)/projects/actions";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input, inputClasses } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { cn } from "@/lib/cn";
import { getErrorMessage } from "@/lib/errors/messages";
import { api } from "@/lib/http/client";
import type { ActionState } from "@/lib/http/action";
import type { BlogCreated } from "@/lib/services/blogs";
import {
  BLOG_FORM_FIELDS,
  BLOG_MESSAGES,
  SOURCE_FILE_EXTENSIONS,
  UPLOAD_MESSAGES,
  isSourceFileName,
  isWebAddress,
} from "@/lib/validation/content-rules";
import { actionErrorMessage, actionFieldErrors } from "./action-state";
import { InlineDialog } from "./inline-dialog";

/** Upload progress as the spec counts it: 0 initial, 10 while uploading, 100 done, -1 failed. */
type Progress = 0 | 10 | 100 | -1;

interface Upload {
  id: string;
  name: string;
  progress: Progress;
  /** The storage key (s3_path) the upload call answered. */
  key?: string;
  error?: string;
}

interface UploadAnswer {
  s3_path: string;
  filename: string;
  size: number;
  content_type: string;
}

/** POST /files/upload (multipart: file, folder): the stored file's key, or the server's reason. */
async function uploadFile(file: File, folder: "maintext" | "sourcefile"): Promise<UploadAnswer> {
  const body = new FormData();
  body.append("file", file);
  body.append("folder", folder);
  return api.post<UploadAnswer>("/files/upload", body);
}

/** Files that are not .pdf or .docx are refused before any upload, with the spec's texts. */
function acceptedFiles(files: File[]): File[] {
  const refused = files.filter((file) => !isSourceFileName(file.name));
  if (refused.length > 0) {
    toast({ variant: "destructive", title: UPLOAD_MESSAGES.invalidTypeTitle, description: UPLOAD_MESSAGES.invalidType(refused.map((file) => file.name)) });
  }
  return files.filter((file) => isSourceFileName(file.name));
}

const noSubscription = () => () => {};

/** False in the server's HTML and until hydration: rules that need JavaScript (disabling submit) wait for it. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

function ProgressRow({ upload, onRemove }: { upload: Upload; onRemove: () => void }) {
  const failed = upload.progress === -1;
  return (
    <li className="flex flex-col gap-1.5 rounded-lg border border-slate-200 px-3 py-2" data-testid="upload-row" data-progress={upload.progress}>
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="min-w-0 truncate font-medium text-slate-800">{upload.name}</span>
        <span className="flex shrink-0 items-center gap-2">
          {failed ? <Badge variant="destructive">{UPLOAD_MESSAGES.failed}</Badge> : <span className="text-xs tabular-nums text-slate-500">{upload.progress}%</span>}
          <button type="button" onClick={onRemove} aria-label={`Remove ${upload.name}`} className="rounded p-0.5 text-slate-400 hover:text-slate-700">
            <X className="h-4 w-4" aria-hidden />
          </button>
        </span>
      </div>
      <div
        className="h-1.5 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label={`Upload of ${upload.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.max(upload.progress, 0)}
      >
        <div className={cn("h-full rounded-full transition-[width]", failed ? "w-full bg-red-400" : "bg-brand-500")} style={failed ? undefined : { width: `${upload.progress}%` }} />
      </div>
    </li>
  );
}

interface EntryListProps {
  id: string;
  label: string;
  name: string;
  draftName: string;
  placeholder: string;
  multiline?: boolean;
  icon: typeof Link2;
  check: (value: string) => string | undefined;
  entries: string[];
  onChange: (entries: string[]) => void;
  error?: string;
}

/** Website links or content blocks: typed into one field and added with Enter (or Add); each can be removed. */
function EntryList({ id, label, name, draftName, placeholder, multiline, icon: Icon, check, entries, onChange, error }: EntryListProps) {
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const shown = problem ?? error;

  function add() {
    const value = draft.trim();
    const refusal = check(value);
    setProblem(refusal);
    if (refusal) return;
    onChange([...entries, value]);
    setDraft("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) {
    // Enter adds the value (a new line in a block is Shift+Enter); it never sends the whole form.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    add();
  }

  const common = {
    ...fieldAria(id, shown),
    name: draftName,
    value: draft,
    placeholder,
    onKeyDown,
    onChange: (event: { target: { value: string } }) => {
      setDraft(event.target.value);
      setProblem(undefined);
    },
  };

  return (
    <FormField id={id} label={label} error={shown}>
      <div className="flex items-start gap-2">
        {multiline ? <textarea {...common} rows={3} className={cn(inputClasses, "h-auto min-h-20 resize-y")} /> : <Input {...common} type="url" inputMode="url" />}
        <Button variant="outline" onClick={add} aria-label={`Add ${label.toLowerCase()}`} className="shrink-0">
          <Plus className="h-4 w-4" aria-hidden />
          Add
        </Button>
      </div>
      {entries.length > 0 ? (
        <ul className="flex flex-col gap-1.5" aria-label={`${label} added`}>
          {entries.map((entry, index) => (
            <li key={`${index}:${entry}`} className="flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
              <Icon className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
              <span className="min-w-0 flex-1 whitespace-pre-wrap break-words">{multiline && entry.length > 150 ? `${entry.slice(0, 150)}...` : entry}</span>
              <input type="hidden" name={name} value={entry} />
              <button
                type="button"
                onClick={() => onChange(entries.filter((_, position) => position !== index))}
                aria-label={`Remove ${entry.slice(0, 40)}`}
                className="rounded p-0.5 text-slate-400 hover:text-slate-700"
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </FormField>
  );
}

const checkLink = (value: string) => (value === "" ? BLOG_MESSAGES.emptyBlock : isWebAddress(value) ? undefined : BLOG_MESSAGES.invalidUrl);
const checkBlock = (value: string) => (value === "" ? BLOG_MESSAGES.emptyBlock : undefined);

interface CreateBlogDialogProps {
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (blog: BlogCreated) => void;
}

/** 'Create New Blog' (spec section 2, "Blog creation form"), posted to its server action. */
export function CreateBlogDialog({ projectId, open, onOpenChange, onCreated }: CreateBlogDialogProps) {
  return (
    <InlineDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create New Blog"
      description="The blog's main source is an uploaded PDF or DOCX, or a web page. Add links, text and more files as you like."
      className="max-w-2xl"
    >
      <BlogForm projectId={projectId} onCancel={() => onOpenChange(false)} onCreated={onCreated} />
    </InlineDialog>
  );
}

function BlogForm({ projectId, onCancel, onCreated }: { projectId: string; onCancel: () => void; onCreated: (blog: BlogCreated) => void }) {
  const [state, submit, saving] = useActionState<ActionState<BlogCreated>, FormData>(createBlogAction, null);
  const hydrated = useHydrated();
  const ids = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const reported = useRef<ActionState<BlogCreated>>(null);
  const sent = state && !state.ok ? state.fields : undefined;
  const sentText = (name: string) => {
    const value = sent?.[name];
    return typeof value === "string" ? value : "";
  };
  const sentList = (name: string) => [sent?.[name] ?? []].flat();

  const [isWebsite, setIsWebsite] = useState(() => ["on", "true"].includes(sentText("is_website")));
  const [filled, setFilled] = useState({ title: false, author: false, email: false, url: false });
  const [links, setLinks] = useState<string[]>(() => sentList("website_links"));
  const [blocks, setBlocks] = useState<string[]>(() => sentList("content_blocks"));
  const [mainUpload, setMainUpload] = useState<Upload | null>(null);
  const [extraUploads, setExtraUploads] = useState<Upload[]>([]);
  // Files uploaded for this blog and not (yet) part of one: removed when taken out of the form, or when the form
  // closes without creating the blog (DELETE /files refuses a file a blog uses).
  const unused = useRef(new Set<string>());
  const discard = (key: string | undefined) => {
    if (!key) return;
    unused.current.delete(key);
    api.delete(`/files?path=${encodeURIComponent(key)}`).catch(() => undefined);
  };
  useEffect(() => {
    const pending = unused.current;
    return () => {
      for (const key of pending) api.delete(`/files?path=${encodeURIComponent(key)}`).catch(() => undefined);
    };
  }, []);

  // What was typed before the page's JavaScript arrived counts too.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const has = (name: string) => String(new FormData(form).get(name) ?? "").trim() !== "";
    setFilled({ title: has("blog_title"), author: has("blog_author"), email: has("blog_email"), url: has(BLOG_FORM_FIELDS.mainUrl) });
  }, []);

  useEffect(() => {
    if (!state || reported.current === state) return;
    reported.current = state;
    if (state.ok) {
      // What the blog took is its now; an upload it did not take (a file replaced by a web page) goes.
      const taken = new Set([state.result.main_text, ...state.result.uploaded_files]);
      for (const key of [...unused.current]) if (!taken.has(key)) discard(key);
      unused.current.clear();
      toast({ title: "Blog Created", description: `${state.result.blog_title} was created.` });
      onCreated(state.result);
      onCancel();
    } else {
      toast({ variant: "destructive", title: "Error", description: actionErrorMessage(state.detail) });
    }
  }, [state, onCreated, onCancel]);

  if (state?.ok) {
    return (
      <div className="flex flex-col gap-4">
        <Alert variant="success">{state.result.blog_title} was created.</Alert>
        <Link href={`/blogs/${state.result.blog_id}`} className={buttonClasses()}>
          Open Blog
        </Link>
      </div>
    );
  }

  const errors = state && !state.ok ? actionFieldErrors(state.detail) : {};
  const uploads = [...(mainUpload ? [mainUpload] : []), ...extraUploads];
  const uploading = uploads.some((upload) => upload.progress === 10);
  const failedUploads = uploads.filter((upload) => upload.progress === -1);
  const hasMain = isWebsite ? filled.url : mainUpload?.progress === 100;
  const ready = filled.title && filled.author && filled.email && hasMain;

  async function upload(file: File, folder: "maintext" | "sourcefile", update: (change: (upload: Upload) => Upload) => void) {
    update((current) => ({ ...current, progress: 10 }));
    try {
      const answer = await uploadFile(file, folder);
      unused.current.add(answer.s3_path);
      update((current) => ({ ...current, progress: 100, key: answer.s3_path }));
    } catch (failure) {
      update((current) => ({ ...current, progress: -1, error: getErrorMessage(failure) }));
    }
  }

  function chooseMain(files: File[]) {
    const [file] = acceptedFiles(files);
    if (!file) return;
    const entry: Upload = { id: `${Date.now()}-main`, name: file.name, progress: 0 };
    discard(mainUpload?.key);
    setMainUpload(entry);
    void upload(file, "maintext", (change) => setMainUpload((current) => (current && current.id === entry.id ? change(current) : current)));
  }

  function chooseExtra(files: File[]) {
    const entries = acceptedFiles(files).map((file, index) => ({ file, entry: { id: `${Date.now()}-${index}`, name: file.name, progress: 0 as Progress } }));
    setExtraUploads((current) => [...current, ...entries.map(({ entry }) => entry)]);
    for (const { file, entry } of entries) {
      void upload(file, "sourcefile", (change) => setExtraUploads((current) => current.map((item) => (item.id === entry.id ? change(item) : item))));
    }
  }

  const track = (field: keyof typeof filled) => (event: { target: { value: string } }) =>
    setFilled((current) => ({ ...current, [field]: event.target.value.trim() !== "" }));
  const fileAccept = SOURCE_FILE_EXTENSIONS.join(",");

  return (
    <form ref={formRef} action={submit} className="flex flex-col gap-5" noValidate>
      <input type="hidden" name="project_id" value={projectId} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField id={`${ids}-title`} label="Blog Title" error={errors.blog_title} className="sm:col-span-2">
          <Input {...fieldAria(`${ids}-title`, errors.blog_title)} name="blog_title" required defaultValue={sentText("blog_title")} onChange={track("title")} autoComplete="off" />
        </FormField>
        <FormField id={`${ids}-author`} label="Author" error={errors.blog_author}>
          <Input {...fieldAria(`${ids}-author`, errors.blog_author)} name="blog_author" required defaultValue={sentText("blog_author")} onChange={track("author")} autoComplete="name" />
        </FormField>
        <FormField id={`${ids}-email`} label="Author Email" error={errors.blog_email}>
          <Input {...fieldAria(`${ids}-email`, errors.blog_email)} name="blog_email" type="email" required defaultValue={sentText("blog_email")} onChange={track("email")} autoComplete="email" />
        </FormField>
      </div>

      <fieldset className="group/main flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">Main Source</legend>
        <label className="flex cursor-pointer items-center gap-3 self-start text-sm font-medium text-slate-700">
          <input
            type="checkbox"
            role="switch"
            name="is_website"
            className="peer sr-only"
            checked={isWebsite}
            onChange={(event) => setIsWebsite(event.target.checked)}
          />
          <span
            aria-hidden
            className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors peer-checked:bg-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 after:absolute after:left-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow-sm after:transition-transform after:content-[''] peer-checked:after:translate-x-5"
          />
          Website URL
        </label>
        {/* Which input shows follows the switch (the fieldset's one checkbox) in CSS, so it works before the page's
            JavaScript has loaded. */}
        <div className="hidden group-has-checked/main:block">
          <FormField id={`${ids}-url`} label="Main Document URL" error={isWebsite ? errors.main_text : undefined}>
            <Input
              {...fieldAria(`${ids}-url`, isWebsite ? errors.main_text : undefined)}
              name={BLOG_FORM_FIELDS.mainUrl}
              type="url"
              inputMode="url"
              placeholder="https://example.com/article"
              defaultValue={sentText(BLOG_FORM_FIELDS.mainUrl)}
              onChange={track("url")}
              onKeyDown={(event) => event.key === "Enter" && event.preventDefault()}
            />
          </FormField>
        </div>
        <div className="group-has-checked/main:hidden">
          <FormField id={`${ids}-main-file`} label="Main Document (PDF or DOCX)" error={!isWebsite ? errors.main_text : undefined}>
            <label
              htmlFor={`${ids}-main-file`}
              className="flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-5 text-sm text-slate-600 hover:border-brand-400 hover:bg-brand-50/40"
            >
              <FileUp className="h-5 w-5 text-brand-600" aria-hidden />
              {mainUpload ? "Choose another file" : "Choose a PDF or DOCX file"}
            </label>
            <input
              id={`${ids}-main-file`}
              type="file"
              accept={fileAccept}
              className="sr-only"
              onChange={(event) => {
                chooseMain(Array.from(event.target.files ?? []));
                event.target.value = "";
              }}
            />
            {mainUpload?.key ? <input type="hidden" name={BLOG_FORM_FIELDS.mainFile} value={mainUpload.key} /> : null}
            {mainUpload && mainUpload.progress !== -1 ? (
              <ul>
                <ProgressRow
                  upload={mainUpload}
                  onRemove={() => {
                    discard(mainUpload.key);
                    setMainUpload(null);
                  }}
                />
              </ul>
            ) : null}
          </FormField>
        </div>
      </fieldset>

      <EntryList
        id={`${ids}-links`}
        label="Website Links"
        name="website_links"
        draftName={BLOG_FORM_FIELDS.linkDraft}
        placeholder="https://example.com/more and press Enter"
        icon={Globe}
        check={checkLink}
        entries={links}
        onChange={setLinks}
        error={errors.website_links}
      />
      <EntryList
        id={`${ids}-blocks`}
        label="Content Blocks"
        name="content_blocks"
        draftName={BLOG_FORM_FIELDS.blockDraft}
        placeholder="Paste or type text and press Enter"
        multiline
        icon={Type}
        check={checkBlock}
        entries={blocks}
        onChange={setBlocks}
        error={errors.content_blocks}
      />

      <FormField id={`${ids}-extra`} label="Additional Files (PDF or DOCX)" error={errors.uploaded_files}>
        <label
          htmlFor={`${ids}-extra`}
          className="flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-4 text-sm text-slate-600 hover:border-brand-400 hover:bg-brand-50/40"
        >
          <FileUp className="h-5 w-5 text-brand-600" aria-hidden />
          Add files
        </label>
        <input
          id={`${ids}-extra`}
          type="file"
          accept={fileAccept}
          multiple
          className="sr-only"
          onChange={(event) => {
            chooseExtra(Array.from(event.target.files ?? []));
            event.target.value = "";
          }}
        />
        {extraUploads.some((upload) => upload.progress !== -1) ? (
          <ul className="flex flex-col gap-1.5" aria-label="Additional files added">
            {extraUploads
              .filter((upload) => upload.progress !== -1)
              .map((upload) => (
                <ProgressRow
                  key={upload.id}
                  upload={upload}
                  onRemove={() => {
                    discard(upload.key);
                    setExtraUploads((current) => current.filter((item) => item.id !== upload.id));
                  }}
                />
              ))}
          </ul>
        ) : null}
        {extraUploads.flatMap((upload) => (upload.progress === 100 && upload.key ? [<input key={upload.id} type="hidden" name="uploaded_files" value={upload.key} />] : []))}
      </FormField>

      {failedUploads.length > 0 ? (
        <section aria-labelledby={`${ids}-upload-errors`} className="flex flex-col gap-2 rounded-xl border border-red-200 bg-red-50/60 p-3">
          <h3 id={`${ids}-upload-errors`} className="text-sm font-semibold text-red-800">
            {UPLOAD_MESSAGES.errorsTitle}
          </h3>
          <ul className="flex flex-col gap-1.5">
            {failedUploads.map((upload) => (
              <li key={upload.id} className="flex flex-col gap-0.5 text-sm" data-testid="upload-error">
                <span className="flex items-center justify-between gap-2">
                  <span className="min-w-0 truncate font-medium text-slate-800">{upload.name}</span>
                  <Badge variant="destructive">{UPLOAD_MESSAGES.failed}</Badge>
                </span>
                {upload.error ? <span className="text-xs text-red-700">{upload.error}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link
          href="?"
          className={buttonClasses("outline")}
          onClick={(event) => {
            event.preventDefault();
            onCancel();
          }}
        >
          Cancel
        </Link>
        <Button type="submit" disabled={hydrated && (!ready || uploading || saving)} aria-busy={saving}>
          {saving ? "Creating..." : uploading ? "Uploading..." : "Create Blog"}
        </Button>
      </div>
    </form>
  );
}
