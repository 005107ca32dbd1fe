// Hostile inputs, each sent to a running production server (scripts/server.mjs with `npm start`'s flags:
// a 256 MB heap) while another thread polls /api/v1/health and samples the server's RSS. For each: the server stays
// up, health answers within 1 s throughout, RSS stays under MAX_RSS_MB (400 MB), and the request ends with a clear 4xx, a failed
// job with its reason, or success where the work fits. The 2x variants send the same input twice at once.
import http from "node:http";
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bigDocx, bigTextPptx, doctypeEntityPptx, nestedGroupsPptx, NUL_QUESTION, oversizedImage, photoPng } from "../fixtures/hostile";
import { buildDocx } from "../fixtures/docx";
import { callApi, newBlog, newDeck, newProject, newTenant, ok, until, upload, uploadReply, type Reply, type Tenant } from "./support/client";
import { expectClearRefusal, MAX_RSS_MB, results, underWatch } from "./support/hostile-run";
import { buildExists, createAppDatabase, port, printOutputOnFailure, startApp, tempDataDir, type AppDatabase, type AppServer } from "./support/server";

const NO_SLIDES = "No slides found in PowerPoint file or invalid response format";

let database: AppDatabase;
let data: { dir: string; remove(): void };
let server: AppServer;
let tenant: Tenant;
let projectId = "";

async function start(): Promise<void> {
  server = await startApp({ port: port(0), databaseUrl: database.url, dataDir: data.dir });
}

beforeAll(async () => {
  database = await createAppDatabase("resilience_hostile");
  data = tempDataDir("hostile");
  await start();
  tenant = await newTenant(server.base, "Hostile");
  projectId = await newProject(server.base, tenant.token, "Hostile inputs");
});

// A test that took the server down must not take the rest of the file with it: the next starts it again.
beforeEach(async () => {
  if (!server.alive()) {
    console.log(`the server had ended (${await server.exited}); starting it again`);
    await start();
  }
});

afterEach((context) => printOutputOnFailure(context, [server]));

afterAll(async () => {
  console.log(`\nHostile inputs (server RSS under ${MAX_RSS_MB} MB; health within 1 s):\n${results.join("\n")}`);
  await server?.stop();
  await database?.drop();
  data?.remove();
});

function parsePpt(filePath: string): Promise<Reply> {
  return callApi(server.base, "POST", "/presentations/parse-ppt", { token: tenant.token, body: { file_path: filePath } });
}

/** Upload then parse-ppt; answers the first reply that is not a success (the upload's refusal) or the parse's. */
async function uploadAndParse(bytes: Uint8Array, name: string): Promise<Reply> {
  const uploaded = await uploadReply(server.base, tenant.token, "pptx", bytes, name);
  if (uploaded.status !== 201) return uploaded;
  return parsePpt(String(uploaded.json.s3_path));
}

function said(reply: Reply): string {
  return `${reply.status} ${reply.status >= 300 || reply.text.endsWith(" bytes") ? reply.text.slice(0, 200) : `(${reply.text.length} characters)`}`;
}

/** A parse that fits answers slides; one that does not, a clear 4xx. Never a 5xx. */
function expectParsedOrRefused(reply: Reply, label: string): void {
  if (reply.status === 200) {
    expect(Array.isArray(reply.json.slides) && reply.json.slides.length > 0, `${label}: slides`).toBe(true);
  } else {
    expectClearRefusal(reply, label);
  }
}

describe.skipIf(!buildExists())("hostile inputs against the production server", () => {
  describe("PowerPoint parsing (items 1 and 7)", () => {
    it("a 0.5 MB .pptx whose one slide holds 6 MB of text", async () => {
      const bytes = await bigTextPptx(6_000_000);
      const reply = await underWatch(server, "parse-ppt, one slide of 6 MB text", () => uploadAndParse(bytes, "six.pptx"), said);
      expectParsedOrRefused(reply, "6 MB slide");
    });

    it("2x: two such files parsed at once", async () => {
      const [first, second] = [await bigTextPptx(6_000_000, 21), await bigTextPptx(6_000_000, 22)];
      const replies = await underWatch(
        server,
        "parse-ppt x2 at once, 6 MB text each",
        () => Promise.all([uploadAndParse(first, "a.pptx"), uploadAndParse(second, "b.pptx")]),
        (both) => both.map(said).join(" | "),
      );
      for (const reply of replies) expectParsedOrRefused(reply, "6 MB slide, 2x");
    });

    it("a 1.7 MB .pptx whose one slide holds 20 MB of text", async () => {
      const bytes = await bigTextPptx(20_000_000);
      const reply = await underWatch(server, "parse-ppt, one slide of 20 MB text", () => uploadAndParse(bytes, "twenty.pptx"), said);
      expectParsedOrRefused(reply, "20 MB slide");
    });

    it("a slide with a DOCTYPE and nested entities: the spec's 422, or its slides with nothing expanded", async () => {
      const bytes = await doctypeEntityPptx();
      const reply = await underWatch(server, "parse-ppt, DOCTYPE with entities", () => uploadAndParse(bytes, "entities.pptx"), said);
      if (reply.status === 200) {
        expect(reply.text, "no entity expanded").not.toContain("lollol");
      } else {
        expect(reply.status, reply.text.slice(0, 500)).toBe(422);
        expect(reply.json).toEqual({ detail: NO_SLIDES });
      }
    });

    it("a slide of 30,000 nested group shapes: its slides or the spec's 422", async () => {
      const bytes = await nestedGroupsPptx(30_000);
      const reply = await underWatch(server, "parse-ppt, 30,000 nested groups", () => uploadAndParse(bytes, "groups.pptx"), said);
      if (reply.status !== 200) {
        expect(reply.status, reply.text.slice(0, 500)).toBe(422);
        expect(reply.json).toEqual({ detail: NO_SLIDES });
      }
    });
  });

  describe("a blog of four 2,000,000-character sources (items 2, 3 and 6)", { timeout: 240_000 }, () => {
    let blogId = "";
    let deckId = "";
    let shareToken = "";

    const sources: string[] = [];
    let mainKey = "";

    beforeAll(async () => {
      mainKey = await upload(server.base, tenant.token, "maintext", await buildDocx({ title: "Main", blocks: [{ heading: 1, text: "Heat pumps" }, { paragraph: "A heat pump moves heat from the outside air into the home." }] }), "main.docx");
      for (let index = 0; index < 4; index += 1) {
        sources.push(await upload(server.base, tenant.token, "sourcefile", await bigDocx(2_000_000, 100 + index, `Field notes ${index + 1}`), `notes-${index + 1}.docx`));
      }
    }, 120_000);

    it("the blog's sources are extracted (or refused with a reason) while the server goes on", async () => {
      await underWatch(
        server,
        "blog of 4 x 2,000,000-character DOCX sources: extraction",
        async () => {
          blogId = await newBlog(server.base, tenant.token, projectId, { blog_title: "Big sources", main_text: mainKey, is_website: false, uploaded_files: sources });
          return until(
            "the sources' extraction",
            async () => {
              const blog = await ok(server.base, "GET", `/blogs/${blogId}`, { token: tenant.token });
              const states = blog.sources as { kind: string; extraction_status: string; extraction_error: string | null }[];
              return states.every((state) => state.extraction_status !== "pending" && state.extraction_status !== "processing") ? states : undefined;
            },
            150_000,
          );
        },
        (states) => states.map((source) => `${source.kind}: ${source.extraction_status}${source.extraction_error ? ` (${source.extraction_error})` : ""}`).join("; "),
      );
    });

    /** The blog's one-slide deck, narrated and shared by link (made once, for the questions). */
    async function sharedDeck(): Promise<void> {
      if (shareToken) return;
      deckId = await newDeck(server.base, tenant.token, blogId, [
        { slide_title: "Heat pumps", body: "Move heat", slide_content: "A heat pump moves heat from outside air into the home." },
      ]);
      await until("the deck's narration", async () => {
        const deck = await ok(server.base, "GET", `/presentations/${deckId}`, { token: tenant.token });
        return deck.webhook_status === "completed" ? deck : undefined;
      });
      shareToken = String((await ok(server.base, "POST", `/presentations/${deckId}/share`, { token: tenant.token })).token);
    }

    async function askSignedOut(question: string): Promise<{ asked: Reply; answered?: Reply }> {
      await sharedDeck();
      const asked = await callApi(server.base, "POST", "/qa/question", { body: { presentation_id: deckId, question, token: shareToken } });
      if (asked.status >= 300) return { asked };
      const answered = await callApi(server.base, "POST", "/qa/stream-response", {
        query: { chat_history_id: String(asked.json.chat_history_id), current_slide_number: 1, token: shareToken },
      });
      return { asked, answered };
    }

    function expectAnsweredOrRefused(result: { asked: Reply; answered?: Reply }, label: string): void {
      if (result.asked.status >= 300) return expectClearRefusal(result.asked, `${label}: question`);
      expect(result.answered, label).toBeDefined();
      if (result.answered!.status !== 200) return expectClearRefusal(result.answered!, `${label}: answer`);
      expect(result.answered!.headers.get("response-text"), `${label}: the answer's text`).toBeTruthy();
    }

    const answerSaid = (result: { asked: Reply; answered?: Reply }) =>
      `question ${said(result.asked)}${result.answered ? `, answer ${result.answered.status} ${Buffer.from(result.answered.headers.get("response-text") ?? "", "base64").toString("utf8").slice(0, 80)}` : ""}`;

    it("one anonymous question and its spoken answer", async () => {
      const result = await underWatch(server, "signed-out question + stream-response", () => askSignedOut("How much does a heat pump cost to run in a winter?"), answerSaid);
      expectAnsweredOrRefused(result, "question");
    });

    it("2x: two anonymous questions at once", async () => {
      const both = await underWatch(
        server,
        "signed-out question + stream-response x2 at once",
        () => Promise.all([askSignedOut("Which volunteers repair the bridge?"), askSignedOut("When does the library open on a holiday?")]),
        (pair) => pair.map(answerSaid).join(" | "),
      );
      for (const result of both) expectAnsweredOrRefused(result, "question, 2x");
    });

    it("a NUL byte in a typed question: a clear 4xx, and no session row left behind", async () => {
      const sessions = async () => {
        if (!database.postgres) return 0;
        const sql = postgres(database.url, { max: 1, onnotice: () => {} });
        try {
          const [row] = await sql`select count(*)::int as count from qa_sessions`;
          return Number(row!.count);
        } finally {
          await sql.end();
        }
      };
      await sharedDeck();
      const before = await sessions();
      const reply = await underWatch(server, "signed-out question with a NUL byte", () =>
        callApi(server.base, "POST", "/qa/question", { body: { presentation_id: deckId, question: NUL_QUESTION, token: shareToken } }), said);
      if (reply.status >= 300) {
        expectClearRefusal(reply, "NUL question");
        expect(await sessions(), "Q&A sessions after a refused question").toBe(before);
      } else {
        // Taken (the NUL dropped): then it must be answerable like any other question.
        expect(reply.json.chat_history_id).toBeTruthy();
      }
    });

    /**
     * POST /presentations/ for an AI deck from the chosen sources, then its task status until it ends. A refusal
     * before work starts (a documented limit) is an answer too: its reply is returned as `refused`.
     */
    async function generate(choice: Record<string, unknown>): Promise<{ refused?: Reply; status?: Record<string, unknown> }> {
      const created = await callApi(server.base, "POST", "/presentations/", {
        token: tenant.token,
        body: { blog_id: blogId, template: "professional", use_main_source_only: false, ...choice },
      });
      if (created.status !== 201) return { refused: created };
      const id = String(created.json.presentation_id ?? created.json.id);
      const status = await until(
        "the generation's end",
        async () => {
          const now = await ok(server.base, "GET", `/presentations/${id}/task-status`, { token: tenant.token });
          return now.status === "completed" || now.status === "failed" ? now : undefined;
        },
        200_000,
      );
      return { status };
    }

    const generationSaid = (result: { refused?: Reply; status?: Record<string, unknown> }) =>
      result.refused ? `refused: ${said(result.refused)}` : `${String(result.status!.status)}${result.status!.error ? ` (${String(result.status!.error)})` : ""}`;

    function expectGeneratedOrRefused(result: { refused?: Reply; status?: Record<string, unknown> }, label: string): void {
      if (result.refused) return expectClearRefusal(result.refused, label);
      if (result.status!.status === "failed") expect(result.status!.error, `${label}: the failure's reason`).toBeTruthy();
    }

    it("one AI generation from every source (8 million characters): a clear 4xx, or completed, or failed with its reason", async () => {
      const result = await underWatch(server, "AI generation from all four sources", () => generate({}), generationSaid);
      expectGeneratedOrRefused(result, "generation from every source");
    });

    it("one AI generation from the main document and one 2,000,000-character source", async () => {
      const result = await underWatch(server, "AI generation from one big source", () => generate({ supporting_files: [sources[0]] }), generationSaid);
      expectGeneratedOrRefused(result, "generation from one big source");
    });

    it("2x: two such generations at once", async () => {
      const both = await underWatch(
        server,
        "AI generation from one big source x2 at once",
        () => Promise.all([generate({ supporting_files: [sources[1]] }), generate({ supporting_files: [sources[2]] })]),
        (pair) => pair.map(generationSaid).join(" | "),
      );
      for (const result of both) expectGeneratedOrRefused(result, "generation, 2x");
    });
  });

  describe("export of a 30-slide deck of one 7.9 MB photo (item 4)", () => {
    let deckId = "";

    beforeAll(async () => {
      const blogId = await newBlog(server.base, tenant.token, projectId, { blog_title: "Photo deck" });
      const imagePath = await upload(server.base, tenant.token, "images", photoPng(7_900_000), "photo.png");
      const slides = Array.from({ length: 30 }, (_, index) => ({
        slide_title: `Photo ${index + 1}`,
        body: "The harbour at dawn",
        slide_content: `Slide ${index + 1} shows the harbour at dawn.`,
        image_path: imagePath,
      }));
      deckId = await newDeck(server.base, tenant.token, blogId, slides, "imported");
    }, 120_000);

    const download = () =>
      callApi(server.base, "GET", `/presentations/download/${deckId}`, { token: tenant.token, timeoutMs: 170_000, binary: true });

    it("the slides are drawn (or given up with a reason) while the server goes on", async () => {
      const deck = await underWatch(
        server,
        "rendering 30 slides of a 7.9 MB photo",
        () =>
          until(
            "the slides' images",
            async () => {
              const deck = await ok(server.base, "GET", `/presentations/${deckId}`, { token: tenant.token });
              const slides = deck.slides as { image_status: string }[];
              return slides.every((slide) => slide.image_status === "ready") || deck.error ? deck : undefined;
            },
            170_000,
          ),
        (deck) => `${(deck.slides as { image_status: string }[]).filter((slide) => slide.image_status === "ready").length}/30 drawn${deck.error ? `, error: ${String(deck.error)}` : ""}`,
      );
      expect(deck.id ?? deck.presentation_id).toBeTruthy();
    });

    it("GET /presentations/download/{id}: the .pptx, or a clear 4xx", async () => {
      const reply = await underWatch(server, "download of the 30-slide deck (.pptx)", download, said);
      if (reply.status === 200) expect(reply.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.presentationml.presentation");
      else expectClearRefusal(reply, "download");
    });

    it("2x: two downloads at once", async () => {
      const both = await underWatch(server, "download x2 at once", () => Promise.all([download(), download()]), (pair) => pair.map(said).join(" | "));
      for (const reply of both) if (reply.status !== 200) expectClearRefusal(reply, "download, 2x");
    });
  });

  describe("a slide image over its limit over a real socket (item 9)", () => {
    /** A multipart upload sent whole over a socket; the reply as the client sees it, or the socket's error. */
    function postMultipart(pathname: string, fields: Record<string, string>, file: Uint8Array): Promise<{ status?: number; body?: string; error?: string }> {
      const boundary = `----resilience${Date.now().toString(16)}`;
      const head = Object.entries(fields)
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join("");
      const parts = [
        Buffer.from(`${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`),
        Buffer.from(file),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ];
      const length = parts.reduce((sum, part) => sum + part.length, 0);
      return new Promise((resolve) => {
        const request = http.request(
          `${server.base}/api/v1${pathname}`,
          {
            method: "POST",
            headers: { authorization: `Bearer ${tenant.token}`, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(length) },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString("utf8") }));
            response.on("error", (error) => resolve({ status: response.statusCode, error: String(error) }));
          },
        );
        request.on("error", (error) => resolve({ error: String(error) }));
        // Sent in 64 KB pieces, as a browser's upload goes out.
        let index = 0;
        const all = Buffer.concat(parts);
        const writeMore = () => {
          while (index < all.length) {
            const piece = all.subarray(index, index + 65_536);
            index += piece.length;
            if (!request.write(piece)) return void request.once("drain", writeMore);
          }
          request.end();
        };
        writeMore();
      });
    }

    const replySaid = (reply: { status?: number; body?: string; error?: string }) => `${reply.status ?? "no answer"} ${reply.body?.slice(0, 120) ?? ""}${reply.error ? ` error: ${reply.error}` : ""}`;

    it("upload-slide-image: the client reads the 413 JSON, not a reset", async () => {
      const blogId = await newBlog(server.base, tenant.token, projectId, { blog_title: "Image limit" });
      const deckId = await newDeck(server.base, tenant.token, blogId, [{ slide_title: "One", body: "A slide", slide_content: "One slide." }], "imported");
      const reply = await underWatch(server, "upload-slide-image of 11.5 MB", () => postMultipart("/presentations/upload-slide-image", { presentation_id: deckId, slide_number: "1" }, oversizedImage()), replySaid);
      expect(reply.error, replySaid(reply)).toBeUndefined();
      expect(reply.status).toBe(413);
      expect(JSON.parse(reply.body ?? "{}")).toEqual({ detail: "Image must be less than 10MB" });
    });

    it("files/upload to 'images': the client reads the 413 JSON, not a reset", async () => {
      const reply = await underWatch(server, "files/upload images of 11.5 MB", () => postMultipart("/files/upload", { folder: "images" }, oversizedImage()), replySaid);
      expect(reply.error, replySaid(reply)).toBeUndefined();
      expect(reply.status).toBe(413);
      expect(JSON.parse(reply.body ?? "{}")).toEqual({ detail: "Image must be less than 10MB" });
    });
  });
});
