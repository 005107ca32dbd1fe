"use client";

// The parts of the 'Create New Blog' form (create-blog-dialog.tsx): an upload's progress row, the lists of links and
// content blocks typed one at a time, the main source, the additional files and the failed uploads.
import { FileUp, Link2, Plus, X } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input, inputClasses } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { BLOG_FORM_FIELDS, BLOG_MESSAGES, SOURCE_FILE_EXTENSIONS, UPLOAD_MESSAGES, isWebAddress } from "@/lib/validation/content-rules";
import type { Upload } from "./use-blog-uploads";

const fileAccept = SOURCE_FILE_EXTENSIONS.join(",");
const dropZone =
  "flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 text-sm text-slate-600 hover:border-brand-400 hover:bg-brand-50/40";

export const checkLink = (value: string) => (value === "" ? BLOG_MESSAGES.emptyBlock : isWebAddress(value) ? undefined : BLOG_MESSAGES.invalidUrl);
export const checkBlock = (value: string) => (value === "" ? BLOG_MESSAGES.emptyBlock : undefined);

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

/** A hidden file input and the dashed label that opens it; the chosen files are handed on and the input cleared. */
function FilePicker({ id, label, multiple, onChoose, className }: { id: string; label: string; multiple?: boolean; onChoose: (files: File[]) => void; className: string }) {
  return (
    <>
      <label htmlFor={id} className={cn(dropZone, className)}>
        <FileUp className="h-5 w-5 text-brand-600" aria-hidden />
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={fileAccept}
        multiple={multiple}
        className="sr-only"
        onChange={(event) => {
          onChoose(Array.from(event.target.files ?? []));
          event.target.value = "";
        }}
      />
    </>
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
export function EntryList({ id, label, name, draftName, placeholder, multiline, icon: Icon, check, entries, onChange, error }: EntryListProps) {
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

interface MainSourceProps {
  ids: string;
  isWebsite: boolean;
  onWebsiteChange: (isWebsite: boolean) => void;
  error?: string;
  sentUrl: string;
  onUrlChange: (event: { target: { value: string } }) => void;
  upload: Upload | null;
  onChoose: (files: File[]) => void;
  onRemove: () => void;
}

/** The main source: a web page's address or an uploaded PDF or DOCX, as the switch says. */
export function MainSourceFields({ ids, isWebsite, onWebsiteChange, error, sentUrl, onUrlChange, upload, onChoose, onRemove }: MainSourceProps) {
  return (
    <fieldset className="group/main flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Main Source</legend>
      <label className="flex cursor-pointer items-center gap-3 self-start text-sm font-medium text-slate-700">
        <input
          type="checkbox"
          role="switch"
          name="is_website"
          className="peer sr-only"
          checked={isWebsite}
          onChange={(event) => onWebsiteChange(event.target.checked)}
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
        <FormField id={`${ids}-url`} label="Main Document URL" error={isWebsite ? error : undefined}>
          <Input
            {...fieldAria(`${ids}-url`, isWebsite ? error : undefined)}
            name={BLOG_FORM_FIELDS.mainUrl}
            type="url"
            inputMode="url"
            placeholder="https://example.com/article"
            defaultValue={sentUrl}
            onChange={onUrlChange}
            onKeyDown={(event) => event.key === "Enter" && event.preventDefault()}
          />
        </FormField>
      </div>
      <div className="group-has-checked/main:hidden">
        <FormField id={`${ids}-main-file`} label="Main Document (PDF or DOCX)" error={!isWebsite ? error : undefined}>
          <FilePicker id={`${ids}-main-file`} label={upload ? "Choose another file" : "Choose a PDF or DOCX file"} onChoose={onChoose} className="py-5" />
          {upload?.key ? <input type="hidden" name={BLOG_FORM_FIELDS.mainFile} value={upload.key} /> : null}
          {upload && upload.progress !== -1 ? (
            <ul>
              <ProgressRow upload={upload} onRemove={onRemove} />
            </ul>
          ) : null}
        </FormField>
      </div>
    </fieldset>
  );
}

interface ExtraFilesProps {
  id: string;
  error?: string;
  uploads: Upload[];
  onChoose: (files: File[]) => void;
  onRemove: (upload: Upload) => void;
}

/** Additional files: several at a time, each uploaded at once; the ones stored are sent as uploaded_files. */
export function ExtraFilesField({ id, error, uploads, onChoose, onRemove }: ExtraFilesProps) {
  const shown = uploads.filter((upload) => upload.progress !== -1);
  return (
    <FormField id={id} label="Additional Files (PDF or DOCX)" error={error}>
      <FilePicker id={id} label="Add files" multiple onChoose={onChoose} className="py-4" />
      {shown.length > 0 ? (
        <ul className="flex flex-col gap-1.5" aria-label="Additional files added">
          {shown.map((upload) => (
            <ProgressRow key={upload.id} upload={upload} onRemove={() => onRemove(upload)} />
          ))}
        </ul>
      ) : null}
      {uploads.flatMap((upload) => (upload.progress === 100 && upload.key ? [<input key={upload.id} type="hidden" name="uploaded_files" value={upload.key} />] : []))}
    </FormField>
  );
}

/** The uploads that failed, each with the server's reason. */
export function UploadErrors({ id, uploads }: { id: string; uploads: Upload[] }) {
  if (uploads.length === 0) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 rounded-xl border border-red-200 bg-red-50/60 p-3">
      <h3 id={id} className="text-sm font-semibold text-red-800">
        {UPLOAD_MESSAGES.errorsTitle}
      </h3>
      <ul className="flex flex-col gap-1.5">
        {uploads.map((upload) => (
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
  );
}
