// Schemas of blogs (spec sections 3 and 5, "Blog"): shared by the REST routes, the 'Create New Blog' server action
// and the form. Messages are the spec's, verbatim.
import { z } from "zod";
import { pageQuery } from "@/lib/http/pagination";
import { emailAddress } from "./auth";
import { charactersOf } from "./text";

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

const required = (max: number, kind: "line" | "name") =>
  z
    .string({ message: BLOG_MESSAGES.required })
    .trim()
    .check(charactersOf(kind))
    .min(1, { message: BLOG_MESSAGES.required, abort: true })
    .max(max, { message: `Must be at most ${max} characters` });

const blogTitle = required(BLOG_LIMITS.title, "line");
const blogAuthor = required(BLOG_LIMITS.author, "name");
const blogEmail = z
  .string({ message: BLOG_MESSAGES.required })
  .trim()
  .min(1, { message: BLOG_MESSAGES.required, abort: true })
  .max(254, { message: "Please enter a valid email address" })
  .pipe(emailAddress());

/** A website link: a non-empty value, then a valid http(s) URL. */
export const webAddress = z
  .string({ message: BLOG_MESSAGES.invalidUrl })
  .trim()
  .min(1, { message: BLOG_MESSAGES.emptyBlock, abort: true })
  .check(charactersOf("line"))
  .max(BLOG_LIMITS.url, { message: BLOG_MESSAGES.invalidUrl, abort: true })
  .refine(isWebAddress, { message: BLOG_MESSAGES.invalidUrl });

/** A storage key (the spec's s3_path) as the upload call answered it; whether it exists is the service's check. */
const storageKey = z
  .string({ message: BLOG_MESSAGES.fileNotFound })
  .trim()
  .min(1, { message: BLOG_MESSAGES.required, abort: true })
  .check(charactersOf("line"))
  .max(BLOG_LIMITS.storageKey, { message: BLOG_MESSAGES.fileNotFound });

/**
 * A content block: the create form sends text; a client that echoes the detail page's shape sends
 * {content_type: 'contentBlock', content_path}. Either way the stored block is the trimmed, non-empty text.
 */
const contentBlock = z
  .union([z.string(), z.object({ content_type: z.literal("contentBlock").optional(), content_path: z.string() })], {
    message: BLOG_MESSAGES.emptyBlock,
  })
  .transform((value) => (typeof value === "string" ? value : value.content_path))
  .pipe(
    z
      .string()
      .trim()
      .min(1, { message: BLOG_MESSAGES.emptyBlock, abort: true })
      .check(charactersOf("multiline"))
      .max(BLOG_LIMITS.block, { message: `A content block must be at most ${BLOG_LIMITS.block} characters` }),
  );

const listOf = <T extends z.ZodType>(item: T, label: string) =>
  z.array(item).max(BLOG_LIMITS.entries, { message: `At most ${BLOG_LIMITS.entries} ${label}` });

/** The same key twice is one file: kept once, in its first place. */
const distinct = (keys: string[]) => [...new Set(keys)];

const websiteLinks = listOf(webAddress, "website links");
const contentBlocks = listOf(contentBlock, "content blocks");
const uploadedFiles = listOf(storageKey, "uploaded files").transform(distinct);

/** The main source: a URL when is_website, else the storage key of an uploaded PDF or DOCX. */
function checkMainSource(value: { main_text?: string; is_website?: boolean }, context: z.RefinementCtx) {
  if (value.main_text === undefined) return;
  if (value.is_website === undefined) {
    context.addIssue({ code: "custom", path: ["is_website"], message: BLOG_MESSAGES.isWebsiteWithMainText });
    return;
  }
  if (value.is_website) {
    const checked = webAddress.safeParse(value.main_text);
    if (!checked.success) context.addIssue({ code: "custom", path: ["main_text"], message: BLOG_MESSAGES.invalidUrl });
  } else if (value.main_text.length > BLOG_LIMITS.storageKey) {
    context.addIssue({ code: "custom", path: ["main_text"], message: BLOG_MESSAGES.fileNotFound });
  }
}

const mainText = z
  .string({ message: BLOG_MESSAGES.required })
  .trim()
  .min(1, { message: BLOG_MESSAGES.required, abort: true })
  .check(charactersOf("line"));

/** POST /blogs/ (spec section 7) and the 'Create New Blog' form. */
export const blogCreateInput = z
  .object({
    project_id: z.uuid({ message: BLOG_MESSAGES.projectNotFound }),
    blog_title: blogTitle,
    blog_author: blogAuthor,
    blog_email: blogEmail,
    main_text: mainText,
    is_website: z.boolean({ message: "is_website must be true or false" }).default(false),
    website_links: websiteLinks.default([]),
    content_blocks: contentBlocks.default([]),
    uploaded_files: uploadedFiles.default([]),
  })
  .superRefine(checkMainSource);
export type BlogCreateInput = z.infer<typeof blogCreateInput>;

/**
 * PUT /blogs/{id}: any of the fields; a list given replaces that list, one left out stays. The main source
 * changes as a pair (main_text with is_website). The project cannot change.
 */
export const blogUpdateInput = z
  .object({
    blog_title: blogTitle.optional(),
    blog_author: blogAuthor.optional(),
    blog_email: blogEmail.optional(),
    main_text: mainText.optional(),
    is_website: z.boolean({ message: "is_website must be true or false" }).optional(),
    website_links: websiteLinks.optional(),
    content_blocks: contentBlocks.optional(),
    uploaded_files: uploadedFiles.optional(),
  })
  .superRefine(checkMainSource);
export type BlogUpdateInput = z.infer<typeof blogUpdateInput>;

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

const search = z.string().trim().check(charactersOf("line")).max(200).optional();

/** GET /blogs/project/{projectId}: a page of one project's blogs. */
export const projectBlogsQuery = pageQuery.extend({ search });
export type ProjectBlogsQuery = z.infer<typeof projectBlogsQuery>;

/** GET /blogs/: a page of the tenant's blogs, of one project when project_id is given. */
export const blogListQuery = pageQuery.extend({
  search,
  project_id: z.uuid({ message: "Invalid project id" }).optional(),
  tenant_id: z.uuid({ message: "Invalid tenant id" }).optional(),
});
export type BlogListQuery = z.infer<typeof blogListQuery>;

export const projectIdParams = z.object({ projectId: z.uuid({ message: "Invalid project id" }) });
