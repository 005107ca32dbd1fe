// Schemas of blogs (spec sections 3 and 5, "Blog"): shared by the REST routes, the 'Create New Blog' server action
// and the form. Messages are the spec's, verbatim.
import { z } from "zod";
import { pageQuery } from "@/lib/http/pagination";
import { emailAddress } from "./auth";
import { BLOG_LIMITS, BLOG_MESSAGES, isWebAddress } from "./content-rules";
import { charactersOf } from "./text";

export { BLOG_FORM_FIELDS, BLOG_LIMITS, BLOG_MESSAGES, blogFormInput, isWebAddress } from "./content-rules";

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
