"use client";

import { Globe, Type } from "lucide-react";
import Link from "next/link";
import { useActionState, useEffect, useId, useRef, useState } from "react";
import { createBlogAction } from "@/app/(app)/projects/actions";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useHydrated } from "@/components/ui/use-hydrated";
import { toast } from "@/components/ui/use-toast";
import type { ActionState } from "@/lib/http/action";
import type { BlogCreated } from "@/lib/services/blogs";
import { BLOG_FORM_FIELDS } from "@/lib/validation/content-rules";
import { actionErrorMessage, actionFieldErrors } from "./action-state";
import { checkBlock, checkLink, EntryList, ExtraFilesField, MainSourceFields, UploadErrors } from "./blog-form-fields";
import { InlineDialog } from "./inline-dialog";
import { useBlogUploads } from "./use-blog-uploads";

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
  const { mainUpload, extraUploads, uploading, failedUploads, chooseMain, chooseExtra, removeMain, removeExtra, settle } = useBlogUploads();

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
      settle(new Set([state.result.main_text, ...state.result.uploaded_files]));
      toast({ title: "Blog Created", description: `${state.result.blog_title} was created.` });
      onCreated(state.result);
      onCancel();
    } else {
      toast({ variant: "destructive", title: "Error", description: actionErrorMessage(state.detail) });
    }
  }, [state, onCreated, onCancel, settle]);

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
  const hasMain = isWebsite ? filled.url : mainUpload?.progress === 100;
  const ready = filled.title && filled.author && filled.email && hasMain;
  const track = (field: keyof typeof filled) => (event: { target: { value: string } }) =>
    setFilled((current) => ({ ...current, [field]: event.target.value.trim() !== "" }));

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

      <MainSourceFields
        ids={ids}
        isWebsite={isWebsite}
        onWebsiteChange={setIsWebsite}
        error={errors.main_text}
        sentUrl={sentText(BLOG_FORM_FIELDS.mainUrl)}
        onUrlChange={track("url")}
        upload={mainUpload}
        onChoose={chooseMain}
        onRemove={removeMain}
      />

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

      <ExtraFilesField id={`${ids}-extra`} error={errors.uploaded_files} uploads={extraUploads} onChoose={chooseExtra} onRemove={removeExtra} />
      <UploadErrors id={`${ids}-upload-errors`} uploads={failedUploads} />

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
