// npm run bench:generate — AI generation of a presentation end to end on the offline default: a 10-page PDF (the
// heat-pump fixture article) uploaded and extracted, then the time from the creation request to 'completed' as
// task-status reports it, which includes writing the slides and drawing each at web, mobile and thumbnail size.
// Then the time from 'completed' until its narration is ready (webhook_status 'completed': the player's View and
// Share are enabled) with the offline voice, and the render time per slide image, by size. Goals on the project's
// 2-core machine: under 10 s for about 12 slides; narration ready within 5 s of completion. Runs on a fresh in-memory PGlite database (or a new database on DATABASE_URL's server) and a temporary
// data folder, both removed afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadArticle } from "@/tests/fixtures/articles";
import { buildPdf, type PdfBlock } from "@/tests/fixtures/pdf";
import { createTestDatabase } from "@/tests/support/database";

const GOAL_MS = 10_000;
const NARRATION_GOAL_MS = 5_000;
const PAGES = 10;

function ms(value: number): string {
  return `${value.toFixed(0)} ms`;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The fixture article as a PDF of PAGES pages: title and headings set large, paragraphs wrapped. */
function articlePdf(): { bytes: Uint8Array; words: number } {
  const article = loadArticle("city-heat-pumps");
  const blocks: PdfBlock[] = [{ heading: article.title, size: 22 }];
  for (const section of article.sections) {
    if (section.heading && section.heading !== article.title) blocks.push({ heading: section.heading, size: 16 });
    for (const paragraph of section.text.split("\n\n").filter(Boolean)) blocks.push({ paragraph });
  }
  const perPage = Math.ceil(blocks.length / PAGES);
  const pages = Array.from({ length: PAGES }, (_, page) => blocks.slice(page * perPage, (page + 1) * perPage));
  return { bytes: buildPdf({ title: article.title, pages }), words: article.text.split(/\s+/).length };
}

async function main(): Promise<void> {
  const database = await createTestDatabase("bench");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-generate-"));
  // Before any app module reads its configuration.
  Object.assign(process.env, database.env, { DATA_DIR: dataDir, APP_URL: "http://bench.test", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
  const { eq } = await import("drizzle-orm");
  const { closeDatabase, getDb } = await import("@/db/client");
  const { ensureDatabaseReady } = await import("@/db/startup");
  const { users } = await import("@/db/schema");
  const { loadUserAccess, toActor } = await import("@/lib/services/access");
  const { createProject } = await import("@/lib/services/projects");
  const { createBlog } = await import("@/lib/services/blogs");
  const { extractBlogSources } = await import("@/lib/services/extraction");
  const { uploadFile } = await import("@/lib/services/files");
  const { createPresentation, getPresentation, taskStatus } = await import("@/lib/services/presentations");
  const { presentationCreateInput } = await import("@/lib/validation/presentations");
  await import("@/lib/jobs/workers");
  const { jobQueue, stopJobQueue } = await import("@/lib/jobs/queue");
  const { renderSlide, renderSlideSet } = await import("@/lib/slides/render");
  const { bulletsOf } = await import("@/lib/services/presentation-render");

  try {
    await ensureDatabaseReady();
    await jobQueue();
    const db = await getDb();
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, "admin@localhost"));
    const access = admin ? await loadUserAccess(db, admin.id) : null;
    if (!access) throw new Error("the seeded super admin is missing");
    const actor = toActor(access, null);

    const pdf = articlePdf();
    const form = new FormData();
    form.set("folder", "maintext");
    form.set("file", new Blob([Buffer.from(pdf.bytes)]), "heat-pumps.pdf");
    const uploaded = await uploadFile(actor, new Request("http://bench.test/api/v1/files/upload", { method: "POST", body: form }));
    const project = await createProject(actor, { name: "Benchmark", description: null });
    const blog = await createBlog(actor, {
      project_id: project.id,
      blog_title: "Why Eastbridge Is Betting on Heat Pumps",
      blog_author: "Bench",
      blog_email: "bench@example.com",
      main_text: uploaded.s3_path,
      is_website: false,
      website_links: [],
      content_blocks: [],
      uploaded_files: [],
    });
    let started = performance.now();
    await extractBlogSources(blog.id);
    const extractionMs = performance.now() - started;

    const input = presentationCreateInput.parse({ blog_id: blog.id, template: "professional", use_main_source_only: true });
    started = performance.now();
    const created = await createPresentation(actor, input);
    const answeredMs = performance.now() - started;
    const steps: string[] = [];
    let status = await taskStatus(actor, created.id);
    while (status.status !== "completed" && status.status !== "failed") {
      const seen = `${status.progress}% ${status.step ?? ""}`;
      if (steps.at(-1)?.split(" at ")[0] !== seen) steps.push(`${seen} at ${ms(performance.now() - started)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = await taskStatus(actor, created.id);
    }
    const totalMs = performance.now() - started;
    if (status.status === "failed") throw new Error(`generation failed: ${status.error ?? "no reason"}`);
    const completedAt = performance.now();
    let deck = await getPresentation(actor, created.id);
    // The slides are spoken while they are drawn: what was spoken by completion.
    const spokenByCompletion = deck.slides.filter((slide) => slide.audio_url !== null).length;
    while (deck.webhook_status === "pending" && performance.now() - completedAt < 120_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      deck = await getPresentation(actor, created.id);
    }
    const narrationMs = performance.now() - completedAt;
    if (deck.webhook_status !== "completed") throw new Error(`narration ended as ${deck.webhook_status}: ${deck.error ?? "no reason"}`);
    const narratedWords = deck.slides.reduce((sum, slide) => sum + slide.slide_content.split(/\s+/).filter(Boolean).length, 0);
    const renderedCount = deck.slides.filter((slide) => slide.image_status === "ready").length;

    // Render time per slide image: every slide of the deck drawn again at each size (the renderer is warm now).
    const perSize: Record<"web" | "mobile" | "thumbnail", number[]> = { web: [], mobile: [], thumbnail: [] };
    for (const slide of deck.slides) {
      for (const size of ["web", "mobile", "thumbnail"] as const) {
        const at = performance.now();
        await renderSlide(
          { title: slide.slide_title, bullets: bulletsOf(slide.body), slideNumber: slide.slide_number, totalSlides: deck.slides.length },
          { template: "professional", size },
        );
        perSize[size].push(performance.now() - at);
      }
    }
    // The three images of a slide as the render job draws them (one layout for web and thumbnail).
    const perSet: number[] = [];
    for (const slide of deck.slides) {
      const at = performance.now();
      await renderSlideSet(
        { title: slide.slide_title, bullets: bulletsOf(slide.body), slideNumber: slide.slide_number, totalSlides: deck.slides.length },
        { template: "professional" },
      );
      perSet.push(performance.now() - at);
    }

    console.log("");
    console.log(`AI generation, offline default provider, ${database.describe}, ${os.cpus().length} CPUs`);
    console.log(`  source: ${PAGES}-page PDF, about ${pdf.words} words; text extraction ${ms(extractionMs)} (before the request)`);
    console.log(`  creation request answered in ${ms(answeredMs)} (pending)`);
    for (const step of steps) console.log(`    ${step}`);
    console.log(`  request to completed: ${ms(totalMs)} for ${deck.slides.length} slides, ${renderedCount} rendered at web, mobile and thumbnail size`);
    console.log(`  goal < ${GOAL_MS / 1000} s: ${totalMs < GOAL_MS ? "met" : "MISSED"}`);
    console.log(`  completed to narration ready (offline voice, ${narratedWords} words, ${spokenByCompletion} of ${deck.slides.length} slides spoken by completion): ${ms(narrationMs)}`);
    console.log(`  goal < ${NARRATION_GOAL_MS / 1000} s: ${narrationMs < NARRATION_GOAL_MS ? "met" : "MISSED"}`);
    console.log("  render time per slide image (warm, median / slowest):");
    for (const [size, times] of Object.entries(perSize)) {
      console.log(`    ${size.padEnd(9)} ${ms(median(times))} / ${ms(Math.max(...times))}`);
    }
    console.log(`    all three of a slide, as the job draws them: ${ms(median(perSet))} / ${ms(Math.max(...perSet))}`);
    console.log("");
  } finally {
    await stopJobQueue();
    await closeDatabase();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
