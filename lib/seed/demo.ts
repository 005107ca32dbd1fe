// The demo content of `npm run seed:demo` (issue 12): a demo organisation (approved, active) with an administrator
// whose password is known, a project, a blog made from a bundled article (the heat-pump article as a PDF main
// document), an AI presentation generated offline, rendered and narrated by calling the job functions directly (no
// job queue), and a live share link. Idempotent: run again, it finds what it made and completes what is missing.
import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { ensureRole } from "@/db/seed";
import { ensureDatabaseReady } from "@/db/startup";
import { blogs, permissions, presentations, projects, tenants, userRoles, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { ROLE_NAMES } from "@/lib/auth/permissions";
import { loadUserAccess, toActor } from "@/lib/services/access";
import { createBlog } from "@/lib/services/blogs";
import { extractBlogSources } from "@/lib/services/extraction";
import { uploadFile } from "@/lib/services/files";
import { markNarrationNeeded, narratePresentation } from "@/lib/services/narration";
import { runGeneration } from "@/lib/services/presentation-generation";
import { renderPendingSlides } from "@/lib/services/presentation-render";
import { createProject } from "@/lib/services/projects";
import { createShareLink } from "@/lib/services/sharing";
import { blogCreateInput } from "@/lib/validation/blogs";
import { loadArticle } from "@/tests/fixtures/articles";
import { buildPdf, type PdfBlock } from "@/tests/fixtures/pdf";

export const DEMO = {
  tenantName: "Demo Organisation",
  domain: "demo.example",
  email: "demo@demo.example",
  password: "demo-password-1",
  fullName: "Demo Admin",
  projectName: "Demo project",
  blogTitle: "Why Eastbridge Is Betting on Heat Pumps",
} as const;

export interface DemoResult {
  tenantId: string;
  userId: string;
  presentationId: string;
  shareUrl: string;
  email: string;
  password: string;
}

/** The bundled heat-pump article as a PDF: title and headings set large, paragraphs wrapped. */
function articlePdf(): Uint8Array {
  const article = loadArticle("city-heat-pumps");
  const blocks: PdfBlock[] = [{ heading: article.title, size: 22 }];
  for (const section of article.sections) {
    if (section.heading && section.heading !== article.title) blocks.push({ heading: section.heading, size: 16 });
    for (const paragraph of section.text.split("\n\n").filter(Boolean)) blocks.push({ paragraph });
  }
  const perPage = Math.ceil(blocks.length / 4);
  return buildPdf({ title: article.title, pages: Array.from({ length: 4 }, (_, page) => blocks.slice(page * perPage, (page + 1) * perPage)) });
}

/** The demo organisation and its administrator (the known password set again on every run). */
async function demoAccount(): Promise<{ tenantId: string; userId: string }> {
  const db = await getDb();
  const passwordHash = await hashPassword(DEMO.password);
  return db.transaction(async (tx) => {
    let [tenant] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.domain, DEMO.domain)).limit(1);
    if (!tenant) {
      [tenant] = await tx.insert(tenants).values({ name: DEMO.tenantName, domain: DEMO.domain, isActive: true, approvedAt: new Date() }).returning({ id: tenants.id });
    } else {
      await tx.update(tenants).set({ isActive: true }).where(eq(tenants.id, tenant.id));
    }
    if (!tenant) throw new Error("the demo tenant could not be made");
    const permissionIds = new Map((await tx.select({ id: permissions.id, name: permissions.name }).from(permissions)).map((row) => [row.name, row.id]));
    const roleId = await ensureRole(tx, ROLE_NAMES.TENANT_ADMIN, tenant.id, permissionIds);
    let [user] = await tx.select({ id: users.id, tenantId: users.tenantId }).from(users).where(eq(users.email, DEMO.email)).limit(1);
    if (user && user.tenantId !== tenant.id) throw new Error(`${DEMO.email} already belongs to another organisation`);
    if (!user) {
      [user] = await tx
        .insert(users)
        .values({ tenantId: tenant.id, email: DEMO.email, passwordHash, fullName: DEMO.fullName, isActive: true, emailVerifiedAt: new Date() })
        .returning({ id: users.id, tenantId: users.tenantId });
    } else {
      await tx.update(users).set({ passwordHash, isActive: true }).where(eq(users.id, user.id));
    }
    if (!user) throw new Error("the demo user could not be made");
    await tx.insert(userRoles).values({ userId: user.id, roleId }).onConflictDoNothing();
    return { tenantId: tenant.id, userId: user.id };
  });
}

/**
 * Migrates and seeds the database the app uses, then makes (or completes) the demo content. The caller closes the
 * database afterwards. `appUrl` only shapes the printed share address.
 */
export async function seedDemo(log: (line: string) => void = () => {}): Promise<DemoResult> {
  await ensureDatabaseReady();
  const db = await getDb();
  const account = await demoAccount();
  const access = await loadUserAccess(db, account.userId);
  if (!access) throw new Error("the demo user's access could not be loaded");
  const actor = toActor(access, null);

  let [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.tenantId, account.tenantId), eq(projects.name, DEMO.projectName)))
    .limit(1);
  project ??= await createProject(actor, { name: DEMO.projectName, description: "Made by npm run seed:demo from a bundled article." });

  let [blog] = await db
    .select({ id: blogs.id })
    .from(blogs)
    .where(and(eq(blogs.projectId, project.id), eq(blogs.blogTitle, DEMO.blogTitle)))
    .limit(1);
  if (!blog) {
    log("Making the demo blog from the bundled heat-pump article...");
    const form = new FormData();
    form.set("folder", "maintext");
    form.set("file", new Blob([Buffer.from(articlePdf())], { type: "application/pdf" }), "why-eastbridge-is-betting-on-heat-pumps.pdf");
    const uploaded = await uploadFile(actor, new Request("http://demo.local/api/v1/files/upload", { method: "POST", body: form }));
    blog = await createBlog(
      actor,
      blogCreateInput.parse({
        project_id: project.id,
        blog_title: DEMO.blogTitle,
        blog_author: "Demo Writer",
        blog_email: DEMO.email,
        main_text: uploaded.s3_path,
        is_website: false,
      }),
    );
  }
  await extractBlogSources(blog.id);

  let [presentation] = await db
    .select({ id: presentations.id, status: presentations.status })
    .from(presentations)
    .where(eq(presentations.blogId, blog.id))
    .orderBy(desc(presentations.versionNumber))
    .limit(1);
  if (!presentation || presentation.status === "failed") {
    log("Generating the demo presentation (offline generator)...");
    // Made as the creation request makes an AI deck (pending, its options stored), then generated here directly.
    [presentation] = await db
      .insert(presentations)
      .values({
        tenantId: account.tenantId,
        blogId: blog.id,
        template: "professional",
        generationMethod: "ai_template",
        versionNumber: (presentation ? await nextVersion(blog.id) : 1),
        progressStep: "queued",
        generationOptions: { useMainSourceOnly: true, instructions: null, supportingSourceIds: null },
        createdBy: account.userId,
      })
      .returning({ id: presentations.id, status: presentations.status });
  }
  if (!presentation) throw new Error("the demo presentation could not be made");
  if (presentation.status !== "completed") {
    const outcome = await runGeneration(presentation.id);
    if (outcome !== "completed") throw new Error(`the demo presentation's generation ended ${outcome}`);
  }
  await renderPendingSlides(presentation.id);
  log("Narrating every slide (offline voice)...");
  await markNarrationNeeded(db, presentation.id);
  const [state] = await db.select({ webhookStatus: presentations.webhookStatus }).from(presentations).where(eq(presentations.id, presentation.id));
  if (state?.webhookStatus !== "completed") {
    const outcome = await narratePresentation(presentation.id);
    if (outcome !== "completed") throw new Error(`the demo presentation's narration ended ${outcome}`);
  }
  const link = await createShareLink(actor, presentation.id);
  return { ...account, presentationId: presentation.id, shareUrl: link.share_url, email: DEMO.email, password: DEMO.password };
}

async function nextVersion(blogId: string): Promise<number> {
  const db = await getDb();
  const [latest] = await db.select({ version: presentations.versionNumber }).from(presentations).where(eq(presentations.blogId, blogId)).orderBy(desc(presentations.versionNumber)).limit(1);
  return (latest?.version ?? 0) + 1;
}
