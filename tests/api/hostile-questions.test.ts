// Questions as a hostile or unlucky viewer sends them (issue 20, items 2, 6 and 8), through the real route handlers:
// a blog whose DOCX sources are long is answered from its passage index, never by reading every source's whole text
// per question; a NUL byte in a typed question or a plugin setting is a clear 422 that writes nothing; an answer's
// audio is made once and kept with the answer (asked again, the stored MP3 is sent, even after a voice change), and
// goes with the blog.
import { and, count, eq, isNotNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as blogRoute from "@/app/api/v1/blogs/[id]/route";
import * as pluginRoute from "@/app/api/v1/plugins/[id]/route";
import * as pluginsRoute from "@/app/api/v1/plugins/route";
import * as presentationRoute from "@/app/api/v1/presentations/[id]/route";
import * as shareRoute from "@/app/api/v1/presentations/[id]/share/route";
import * as presentationsRoute from "@/app/api/v1/presentations/route";
import * as questionRoute from "@/app/api/v1/qa/question/route";
import * as streamRoute from "@/app/api/v1/qa/stream-response/route";
import { getDb } from "@/db/client";
import { blogSources, files, qaMessages, qaSessions, sourcePassages } from "@/db/schema";
import { withStatementLog } from "@/db/statement-log";
import type { BlogCreated } from "@/lib/services/blogs";
import { extractBlogSources } from "@/lib/services/extraction";
import type { PluginOut } from "@/lib/services/plugins";
import type { PresentationOut } from "@/lib/services/presentations";
import type { QuestionOut } from "@/lib/services/qa";
import type { ShareLinkOut } from "@/lib/services/sharing";
import { storage } from "@/lib/storage";
import { buildDocx, type DocxBlock } from "../fixtures/docx";
import { call, json } from "../support/api";
import type { Organisation } from "../support/accounts";
import { organisation } from "../support/admin";
import { newBlog, newProject, uploaded } from "../support/projects-blogs";
import { eventually } from "../support/wait";

let alpha: Organisation;
let blog: BlogCreated;
let deck: PresentationOut;
let link: ShareLinkOut;

const SLIDES = [
  { slide_title: "Heat pumps", body: "Move heat", slide_content: "A heat pump moves heat from outside air into the home. It uses electricity to run a compressor." },
  { slide_title: "Running costs", body: "Per winter", slide_content: "Running a heat pump in a city apartment costs about four hundred euros a winter." },
];

const TOPICS = ["compost heaps", "rainwater barrels", "bicycle lanes", "community gardens", "solar lanterns", "library hours", "bus timetables"];

/** About `chars` characters of ordinary prose under headings, with one fact (`needle`) in the middle. */
function longDocument(chars: number, needle: string): DocxBlock[] {
  const blocks: DocxBlock[] = [];
  let length = 0;
  let index = 0;
  let placed = false;
  while (length < chars) {
    const topic = TOPICS[index % TOPICS.length]!;
    if (index % 12 === 0) blocks.push({ heading: 2, text: `Notes on ${topic} ${index / 12 + 1}` });
    const paragraph =
      `Volunteers looked after the ${topic} in district ${index} for ${(index % 9) + 2} weeks. ` +
      `They wrote down what worked and what did not, and shared the list with the neighbours at the monthly meeting. ` +
      `Nobody expected the ${topic} to need so much patience, yet the results kept the street busy until autumn.`;
    blocks.push({ paragraph });
    length += paragraph.length + 2;
    index += 1;
    if (!placed && length >= chars / 2) {
      blocks.push({ heading: 2, text: "Home improvement grants" }, { paragraph: needle });
      placed = true;
    }
  }
  return blocks;
}


const decode = (value: string | null) => Buffer.from(value ?? "", "base64").toString("utf8");

async function answer(query: Record<string, string>, token?: string): Promise<Response> {
  return call(streamRoute.POST, "POST", { token, query, ip: "203.0.113.40", headers: { "content-type": "application/json" } });
}

async function rowCounts() {
  const db = await getDb();
  const [sessions] = await db.select({ value: count() }).from(qaSessions);
  const [messages] = await db.select({ value: count() }).from(qaMessages);
  return { sessions: sessions?.value ?? 0, messages: messages?.value ?? 0 };
}

beforeAll(async () => {
  alpha = await organisation("hostile-questions");
  const token = alpha.admin.access_token;
  const project = await newProject(token, "Long sources");
  const main = await uploaded(token, "maintext", await buildDocx({ blocks: longDocument(200_000, "Heat pumps are quiet.") }), "main.docx");
  const extra = await uploaded(
    token,
    "sourcefile",
    await buildDocx({ blocks: longDocument(400_000, "The attic insulation grant pays seven hundred euros per household, once.") }),
    "grants.docx",
  );
  blog = await newBlog(token, project.id, {
    main_text: main.s3_path,
    is_website: false,
    uploaded_files: [extra.s3_path],
    content_blocks: ["A survey by a fitter takes about two hours."],
  });
  // The extraction job may be on it already; either way both documents end ready.
  await extractBlogSources(blog.id);
  await eventually(async () => {
    const rows = await (await getDb()).select({ status: blogSources.extractionStatus }).from(blogSources).where(eq(blogSources.blogId, blog.id));
    return rows.every((row) => row.status === "ready") ? rows : undefined;
  }, "the sources' extraction", 60_000);
  const response = await call(presentationsRoute.POST, "POST", { token, body: { blog_id: blog.id, template: "manual", slides: SLIDES } });
  expect(response.status).toBe(201);
  const created = await json<PresentationOut>(response);
  deck = await eventually(async () => {
    const read = await json<PresentationOut>(await call(presentationRoute.GET, "GET", { token, params: { id: created.id } }));
    return read.webhook_status === "completed" ? read : undefined;
  }, "the deck's narration", 60_000);
  const made = await call(shareRoute.POST, "POST", { token, params: { id: deck.id } });
  expect(made.status).toBe(200);
  link = await json<ShareLinkOut>(made);
}, 180_000);

describe("a question over long sources", () => {
  it("is answered from the passage index: the question path reads passages, never a source's whole text", async () => {
    const asked = await call(questionRoute.POST, "POST", {
      ip: "203.0.113.40",
      body: { presentation_id: deck.id, question: "How much does the attic insulation grant pay?", token: link.token },
    });
    expect(asked.status, await asked.clone().text()).toBe(200);
    const question = await json<QuestionOut>(asked);

    const { result: spoken, statements } = await withStatementLog(async () => {
      const response = await answer({ chat_history_id: question.chat_history_id, token: link.token });
      await response.clone().arrayBuffer();
      return response;
    });
    expect(spoken.status).toBe(200);
    expect(decode(spoken.headers.get("Response-Text"))).toMatch(/seven hundred euros per household/);
    expect(JSON.parse(decode(spoken.headers.get("Answer-Sources")))).toContainEqual({ label: "grants.docx", slide_number: null });
    expect(statements.some((text) => text.includes("source_passages"))).toBe(true);
    expect(statements.filter((text) => text.includes("extracted_text"))).toEqual([]);
  });

  it("still answers from the slides as before", async () => {
    const asked = await json<QuestionOut>(
      await call(questionRoute.POST, "POST", {
        ip: "203.0.113.41",
        body: { presentation_id: deck.id, question: "How much does running a heat pump cost?", token: link.token },
      }),
    );
    const spoken = await answer({ chat_history_id: asked.chat_history_id, token: link.token });
    expect(spoken.status).toBe(200);
    await spoken.arrayBuffer();
    expect(decode(spoken.headers.get("Response-Text"))).toMatch(/four hundred euros/i);
  });

  it("a question of search operators, quotes and any script is looked up as words, never as query syntax", async () => {
    for (const [index, text] of ["C++ & Rust | 'quoted':* !not <-> (grant)", "Größe? 中文问题 ١٢٣ ünïcödé — “quotes”", "a | & ! ( ) : * ' \\"].entries()) {
      const asked = await json<QuestionOut>(
        await call(questionRoute.POST, "POST", { ip: `203.0.113.${50 + index}`, body: { presentation_id: deck.id, question: text, token: link.token } }),
      );
      const spoken = await answer({ chat_history_id: asked.chat_history_id, token: link.token });
      expect(spoken.status, text).toBe(200);
      await spoken.arrayBuffer();
    }
  });
});

describe("control characters", () => {
  it("a NUL byte in a typed question is a 422 that stores no session and no question, signed out or in", async () => {
    const before = await rowCounts();
    for (const [auth, body] of [
      [undefined, { presentation_id: deck.id, question: "How much\u0000 does it cost?", token: link.token }],
      [alpha.admin.access_token, { presentation_id: deck.id, question: "\u0000" }],
      [undefined, { presentation_id: deck.id, question: "Fine question", token: link.token, session_id: "\u0000" }],
    ] as const) {
      const response = await call(questionRoute.POST, "POST", { token: auth, ip: "203.0.113.42", body });
      expect(response.status, await response.clone().text()).toBe(422);
      const error = await json<{ detail: { msg: string }[] }>(response);
      expect(error.detail.map((issue) => issue.msg)).toContain("Must not contain control characters");
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("a NUL byte in a speech plugin's setting is a 422 that changes nothing", async () => {
    const token = alpha.admin.access_token;
    const listed = async () => (await json<PluginOut[]>(await call(pluginsRoute.GET, "GET", { token }))).find((plugin) => plugin.id === "gtts")!;
    const before = await listed();
    for (const config of [{ language: "en\u0000" }, { tld: "com", language: "e\u0000n" }]) {
      const response = await call(pluginRoute.PUT, "PUT", { token, params: { id: "gtts" }, body: { config } });
      expect(response.status, await response.clone().text()).toBe(422);
      const error = await json<{ detail: { loc: string[]; msg: string }[] }>(response);
      expect(error.detail).toContainEqual(expect.objectContaining({ loc: ["body", "config", "language"], msg: "Must not contain control characters" }));
    }
    const secret = await call(pluginRoute.PUT, "PUT", { token, params: { id: "openai-tts" }, body: { config: { apiKey: "sk-\u0000abc" } } });
    expect(secret.status).toBe(422);
    expect(await listed()).toEqual(before);
  });
});

describe("answer audio", () => {
  it("is made once and kept: asked again (even after a voice change) the stored MP3 is sent; it goes with the blog", async () => {
    const token = alpha.admin.access_token;
    const asked = await json<QuestionOut>(
      await call(questionRoute.POST, "POST", { token, body: { presentation_id: deck.id, question: "How long does a survey take?" } }),
    );
    const first = await answer({ chat_history_id: asked.chat_history_id }, token);
    expect(first.status).toBe(200);
    const firstAudio = Buffer.from(await first.arrayBuffer());
    expect(firstAudio.length).toBeGreaterThan(1000);
    const answerId = decode(first.headers.get("Chat-History-ID"));
    const db = await getDb();
    const [stored] = await db.select().from(qaMessages).where(eq(qaMessages.id, answerId));
    expect(stored!.audioFileId).not.toBeNull();
    const [file] = await db.select().from(files).where(eq(files.id, stored!.audioFileId!));
    expect(file).toMatchObject({ tenantId: alpha.tenantId, mimeType: "audio/mpeg", kind: "audio", sizeBytes: firstAudio.length });

    // Another voice speed: a new synthesis would differ; the kept answer does not.
    const slower = await call(pluginRoute.PUT, "PUT", { token, params: { id: "espeak-tts" }, body: { config: { wordsPerMinute: 90 } } });
    expect(slower.status, await slower.clone().text()).toBe(200);
    const audioFiles = async () => (await db.select({ value: count() }).from(files).where(and(eq(files.tenantId, alpha.tenantId), eq(files.kind, "audio"))))[0]!.value;
    const filesBefore = await audioFiles();
    const again = await answer({ chat_history_id: asked.chat_history_id }, token);
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(firstAudio)).toBe(true);
    expect(decode(again.headers.get("Chat-History-ID"))).toBe(answerId);
    expect(await audioFiles()).toBe(filesBefore);

    // The blog goes, and with it the answer's audio: its row and its object.
    const answered = await db.select({ key: files.storageKey }).from(qaMessages).innerJoin(files, eq(files.id, qaMessages.audioFileId)).where(isNotNull(qaMessages.audioFileId));
    expect(answered.length).toBeGreaterThan(0);
    const removed = await call(blogRoute.DELETE, "DELETE", { token, params: { id: blog.id } });
    expect(removed.status, await removed.clone().text()).toBeLessThan(300);
    for (const { key } of answered) {
      expect(await db.select().from(files).where(eq(files.storageKey, key))).toEqual([]);
      expect(await storage().head(key)).toBeNull();
    }
    expect(await db.select().from(sourcePassages).where(eq(sourcePassages.blogId, blog.id))).toEqual([]);
  });
});
