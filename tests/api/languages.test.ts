// A blog's language, through the real route handlers and the extraction job: a content block's language is told by
// the job (off the request's thread) and indexed with its language's stemmer; the blog takes its sources' dominant
// language; a deck is made in the blog's language unless told another; a question is looked up and answered in the
// deck's language.
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as blogRoute from "@/app/api/v1/blogs/[id]/route";
import * as presentationsRoute from "@/app/api/v1/presentations/route";
import * as questionRoute from "@/app/api/v1/qa/question/route";
import * as streamRoute from "@/app/api/v1/qa/stream-response/route";
import { getDb } from "@/db/client";
import { blogSources, sourcePassages } from "@/db/schema";
import type { BlogOut } from "@/lib/services/blogs";
import { extractBlogSources } from "@/lib/services/extraction";
import { NARRATION_JOB } from "@/lib/services/narration";
import { RENDER_JOB } from "@/lib/services/presentation-render";
import type { PresentationOut } from "@/lib/services/presentations";
import type { QuestionOut } from "@/lib/services/qa";
import type { Organisation } from "../support/accounts";
import { organisation } from "../support/admin";
import { call, json } from "../support/api";
import { contentSnapshot, newBlog, newProject } from "../support/projects-blogs";
import { jobsSettle } from "../support/wait";

let alpha: Organisation;
let projectId: string;

const ORCHARD_FR =
  "Le verger partagé du quartier compte quarante arbres fruitiers de douze variétés. Les habitants le soignent ensemble chaque samedi matin. " +
  "Les pommes récoltées en automne sont données à la banque alimentaire de la ville.";
const NOTE_EN = "A short note in English about the orchard's opening hours, which are posted on the gate.";

beforeAll(async () => {
  alpha = await organisation("languages");
  projectId = (await newProject(alpha.admin.access_token, "Languages")).id;
});

async function readBlog(token: string, id: string): Promise<BlogOut> {
  const response = await call(blogRoute.GET, "GET", { token, params: { id } });
  expect(response.status).toBe(200);
  return json<BlogOut>(response);
}

describe("languages of sources, blogs and decks", () => {
  it("tells each content block's language, indexes it with that language's stemmer and takes the dominant one for the blog", async () => {
    const token = alpha.admin.access_token;
    const blog = await newBlog(token, projectId, { content_blocks: [ORCHARD_FR, NOTE_EN] });
    // Stored at once, their language not yet told.
    expect(blog.language).toBeNull();
    expect(blog.sources.filter((source) => source.kind === "content_block").map((source) => source.language)).toEqual([null, null]);
    await extractBlogSources(blog.id);
    const read = await readBlog(token, blog.id);
    expect(read.sources.filter((source) => source.kind === "content_block").map((source) => source.language)).toEqual(["fr", "en"]);
    expect(read.language).toBe("fr");
    const db = await getDb();
    const passages = await db
      .select({ language: sourcePassages.language, kind: blogSources.kind, position: blogSources.position })
      .from(sourcePassages)
      .innerJoin(blogSources, eq(blogSources.id, sourcePassages.sourceId))
      .where(eq(sourcePassages.blogId, blog.id))
      .orderBy(asc(blogSources.position));
    expect(passages.map((passage) => passage.language)).toEqual(["french", "english"]);

    // A deck made without a language is in the blog's; one told another language is in that one.
    const made = await call(presentationsRoute.POST, "POST", {
      token,
      body: { blog_id: blog.id, template: "manual", slides: [{ slide_title: "Le verger", body: "Arbres", slide_content: ORCHARD_FR }] },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const deck = await json<PresentationOut>(made);
    expect(deck.language).toBe("fr");
    const german = await call(presentationsRoute.POST, "POST", {
      token,
      body: { blog_id: blog.id, template: "manual", language: "de", slides: [{ slide_title: "Obstgarten", body: "Bäume", slide_content: "Der Garten hat vierzig Bäume." }] },
    });
    expect((await json<PresentationOut>(german)).language).toBe("de");

    // A question in French gets a French answer from the French passage, citing where it comes from.
    const asked = await json<QuestionOut>(
      await call(questionRoute.POST, "POST", { token, body: { presentation_id: deck.id, question: "Combien d'arbres fruitiers compte le verger ?" } }),
    );
    const spoken = await call(streamRoute.POST, "POST", { token, query: { chat_history_id: asked.chat_history_id }, headers: { "content-type": "application/json" } });
    expect(spoken.status).toBe(200);
    await spoken.arrayBuffer();
    expect(Buffer.from(spoken.headers.get("Response-Text") ?? "", "base64").toString("utf8")).toMatch(/quarante arbres fruitiers/);
    // Asked about something the deck does not cover: the French 'not covered' reply.
    const off = await json<QuestionOut>(
      await call(questionRoute.POST, "POST", { token, body: { presentation_id: deck.id, question: "Quel est le prix d'un billet de train pour Lisbonne ?" } }),
    );
    const refused = await call(streamRoute.POST, "POST", { token, query: { chat_history_id: off.chat_history_id }, headers: { "content-type": "application/json" } });
    await refused.arrayBuffer();
    expect(Buffer.from(refused.headers.get("Response-Text") ?? "", "base64").toString("utf8")).toMatch(/^La présentation et ses sources n'abordent pas ce point/);
  });

  it("refuses a language no deck can be made in, writing nothing", async () => {
    const token = alpha.admin.access_token;
    const blog = await newBlog(token, projectId, { content_blocks: [ORCHARD_FR] });
    // The decks made above are drawn and spoken in the background, storing files: that is over before the snapshot.
    await jobsSettle(RENDER_JOB);
    await jobsSettle(NARRATION_JOB);
    const before = await contentSnapshot(alpha.tenantId);
    const refused = await call(presentationsRoute.POST, "POST", {
      token,
      body: { blog_id: blog.id, template: "manual", language: "xx", slides: [{ slide_title: "A", body: "B", slide_content: "C" }] },
    });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toMatch(/language must be one of en, fr, de, es, it, pt, nl, ru/);
    expect(await contentSnapshot(alpha.tenantId)).toEqual(before);
  });
});
