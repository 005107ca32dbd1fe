// The projects' and blogs' messages (spec section 5, verbatim), limits and the rules the forms check before
// sending. No zod here: the projects pages and the 'Create New Blog' form use these without shipping a schema
// library; the schemas (lib/validation/projects.ts, blogs.ts) use the same messages and the API applies them again.

export const PROJECT_MESSAGES = {
  nameRequired: "Project name is required",
} as const;

export const PROJECT_NAME_MAX = 200;
export const PROJECT_DESCRIPTION_MAX = 5000;

export const BLOG_MESSAGES = {
  required: "Please fill in all required fields",
  invalidUrl: "Please enter a valid URL",
  emptyBlock: "Please enter some content for the block",
  notFound: "Blog not found",
  projectNotFound: "Project not found",
  fileNotFound: "File not found",
  wrongFileType: "Only PDF and DOCX formats are supported",
  isWebsiteWithMainText: "is_website is required when main_text is given",
} as const;

export const BLOG_LIMITS = {
  title: 300,
  author: 200,
  url: 2048,
  storageKey: 1024,
  /** Characters of one content block. */
  block: 100_000,
  /** Entries of each list (links, blocks, extra files). */
  entries: 50,
} as const;

/** An absolute http(s) address with a host: what the extraction job can fetch. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Names of the 'Create New Blog' form's fields that are not the payload's own. */
export const BLOG_FORM_FIELDS = {
  mainUrl: "main_url",
  mainFile: "main_file",
  linkDraft: "website_link_draft",
  blockDraft: "content_block_draft",
} as const;

/**
 * The 'Create New Blog' form's FormData as POST /blogs/'s payload. The 'Website URL' toggle is a checkbox
 * (is_website); the main source comes from the URL field or from the uploaded file's key, whichever the toggle
 * chose. A link or block still in its input when the form is sent (typed but not added with Enter, or typed with
 * JavaScript not yet loaded) goes along as the last of its list.
 */
export function blogFormInput(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const list = (name: string, draft: string) => {
    const values = form.getAll(name).filter((value): value is string => typeof value === "string");
    const pending = text(draft);
    return pending !== undefined && pending.trim() !== "" ? [...values, pending] : values;
  };
  const isWebsite = ["on", "true", "1"].includes(text("is_website") ?? "");
  return {
    project_id: text("project_id"),
    blog_title: text("blog_title"),
    blog_author: text("blog_author"),
    blog_email: text("blog_email"),
    is_website: isWebsite,
    main_text: text(isWebsite ? BLOG_FORM_FIELDS.mainUrl : BLOG_FORM_FIELDS.mainFile),
    website_links: list("website_links", BLOG_FORM_FIELDS.linkDraft),
    content_blocks: list("content_blocks", BLOG_FORM_FIELDS.blockDraft),
    uploaded_files: form.getAll("uploaded_files").filter((value): value is string => typeof value === "string" && value !== ""),
  };
}


/** Main documents and extra files (spec section 9): checked by name in the form, by their bytes on upload. */
export const SOURCE_FILE_EXTENSIONS = [".pdf", ".docx"] as const;

export const UPLOAD_MESSAGES = {
  invalidTypeTitle: "Invalid File Type",
  invalidType: (names: string[]) => `Only PDF and DOCX formats are supported. Please remove: ${names.join(", ")}`,
  failed: "Failed",
  errorsTitle: "Upload Errors",
} as const;

/** Whether a file's name ends in one of the source extensions (any case). */
export function isSourceFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return SOURCE_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}
