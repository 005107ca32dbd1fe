// Voice Q&A (issue 12) through the real route handlers: a real recording (the offline voice's MP3 made into WebM/Opus
// and WAV by ffmpeg) transcribed by the offline recogniser and stored as the session's question; recordings under
// 1000 bytes and file paths refused with the spec's messages; the spoken answer with its Base64 headers, stored;
// typed questions; the session history in order; another viewer's session not found; share-link viewers asking
// with the token, rate limited per link and address.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as presentationRoute from "@/app/api/v1/presentations/[id]/route";
import * as shareRoute from "@/app/api/v1/presentations/[id]/share/route";
import * as presentationsRoute from "@/app/api/v1/presentations/route";
import * as historyRoute from "@/app/api/v1/qa/history/route";
import * as questionRoute from "@/app/api/v1/qa/question/route";
import * as streamRoute from "@/app/api/v1/qa/stream-response/route";
import * as speechToTextRoute from "@/app/api/v1/tts/speech-to-text/route";
import { getDb } from "@/db/client";
import { qaMessages, qaSessions } from "@/db/schema";
import { CLIENT_IP_HEADER } from "@/lib/http/client-address.mjs";
import type { PresentationOut } from "@/lib/services/presentations";
import type { QaMessageOut, QuestionOut, SourceRef, TranscriptionOut } from "@/lib/services/qa";
import type { ShareLinkOut } from "@/lib/services/sharing";
import { offlineTextToSpeech } from "@/lib/speech/tts";
import { call, json } from "../support/api";
import type { Organisation, SignedIn } from "../support/accounts";
import { organisation, signedInUser } from "../support/admin";
import { newBlog, newProject } from "../support/projects-blogs";
import { eventually } from "../support/wait";

let alpha: Organisation;
let bravo: Organisation;
let colleague: SignedIn;
let deck: PresentationOut;
let recordings: { webm: Uint8Array; wav: Uint8Array };

const SLIDES = [
  { slide_title: "Heat pumps", body: "Move heat", slide_content: "A heat pump moves heat from outside air into the home. It uses electricity to run a compressor." },
  { slide_title: "Running costs", body: "Per winter", slide_content: "Running a heat pump in a city apartment costs about four hundred euros a winter." },
];

/** A question as a browser would record it: the offline voice's MP3 turned into WebM/Opus and 16-bit WAV. */
async function makeRecordings(): Promise<{ webm: Uint8Array; wav: Uint8Array }> {
  const directory = mkdtempSync(path.join(tmpdir(), "qa-recording-"));
  const speech = await offlineTextToSpeech().synthesize("How much does a heat pump cost to run in a city apartment?");
  const mp3 = path.join(directory, "question.mp3");
  writeFileSync(mp3, speech.audio);
  const webm = path.join(directory, "question.webm");
  const wav = path.join(directory, "question.wav");
  execFileSync("ffmpeg", ["-loglevel", "error", "-y", "-i", mp3, "-c:a", "libopus", "-ac", "1", "-ar", "48000", webm]);
  execFileSync("ffmpeg", ["-loglevel", "error", "-y", "-i", mp3, "-ac", "1", "-ar", "44100", "-c:a", "pcm_s16le", wav]);
  return { webm: new Uint8Array(readFileSync(webm)), wav: new Uint8Array(readFileSync(wav)) };
}

/** POST /tts/speech-to-text with the multipart field audio_file, as the player sends it. */
async function speak(
  audio: Uint8Array | string,
  query: Record<string, string>,
  auth: { token?: string; ip?: string } = {},
  type = "audio/webm;codecs=opus",
): Promise<Response> {
  const form = new FormData();
  if (typeof audio === "string") form.set("audio_file", audio);
  else form.set("audio_file", new Blob([Buffer.from(audio)], { type }), "recording.webm");
  const url = new URL("http://app.test/api/v1/tts/speech-to-text");
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const headers: Record<string, string> = { [CLIENT_IP_HEADER]: auth.ip ?? "198.51.100.7" };
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  return speechToTextRoute.POST(new Request(url, { method: "POST", headers, body: form }), { params: Promise.resolve({}) });
}

const decode = (value: string | null) => Buffer.from(value ?? "", "base64").toString("utf8");

async function answer(query: Record<string, string>, token?: string, ip?: string): Promise<Response> {
  return call(streamRoute.POST, "POST", { token, query, ip, headers: { "content-type": "application/json" } });
}

beforeAll(async () => {
  alpha = await organisation("qa-alpha");
  bravo = await organisation("qa-bravo");
  colleague = await signedInUser(alpha.admin.access_token, { email: "colleague@qa-alpha.test" });
  const token = alpha.admin.access_token;
  const project = await newProject(token, "Q&A");
  const blog = await newBlog(token, project.id, { blog_title: "Heat pumps", content_blocks: ["A survey by a fitter takes about two hours."] });
  const response = await call(presentationsRoute.POST, "POST", { token, body: { blog_id: blog.id, template: "manual", slides: SLIDES } });
  expect(response.status).toBe(201);
  const created = await json<PresentationOut>(response);
  deck = await eventually(async () => {
    const read = await json<PresentationOut>(await call(presentationRoute.GET, "GET", { token, params: { id: created.id } }));
    return read.webhook_status === "completed" ? read : undefined;
  }, "the deck's narration", 60_000);
  recordings = await makeRecordings();
}, 120_000);

describe("voice questions", () => {
  it("a WebM/Opus recording is transcribed and stored; the spoken answer comes with its Base64 headers and is stored", async () => {
    const token = alpha.admin.access_token;
    const response = await speak(recordings.webm, { presentation_id: deck.id, current_slide_number: "2" }, { token });
    expect(response.status, await response.clone().text()).toBe(200);
    const heard = await json<TranscriptionOut>(response);
    expect(heard.error).toBeNull();
    expect(heard.transcript.trim().length).toBeGreaterThan(0);
    expect(heard.chat_history_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(heard.session_id).toMatch(/^[0-9a-f-]{36}$/);
    const db = await getDb();
    const [question] = await db.select().from(qaMessages).where(eq(qaMessages.id, heard.chat_history_id!));
    expect(question).toMatchObject({ type: "question", content: heard.transcript, sessionId: heard.session_id, slideNumber: 2 });
    const [session] = await db.select().from(qaSessions).where(eq(qaSessions.id, heard.session_id!));
    expect(session).toMatchObject({ presentationId: deck.id, userId: alpha.admin.user.id, shareLinkId: null });

    const spoken = await answer({ chat_history_id: heard.chat_history_id!, current_slide_number: "2" }, token);
    expect(spoken.status).toBe(200);
    expect(spoken.headers.get("content-type")).toBe("audio/mpeg");
    const audio = Buffer.from(await spoken.arrayBuffer());
    expect(audio.length).toBeGreaterThan(1000);
    expect(audio.subarray(0, 3).toString("latin1") === "ID3" || audio[0] === 0xff).toBe(true);
    const answerId = decode(spoken.headers.get("Chat-History-ID"));
    const [stored] = await db.select().from(qaMessages).where(eq(qaMessages.id, answerId));
    expect(stored).toMatchObject({ type: "answer", questionId: heard.chat_history_id, sessionId: heard.session_id });
    expect(decode(spoken.headers.get("Response-Text"))).toBe(stored!.content);
    expect(stored!.content.length).toBeGreaterThan(0);
    expect(decode(spoken.headers.get("Question-Text"))).toBe(heard.transcript);
    const sources = JSON.parse(decode(spoken.headers.get("Answer-Sources"))) as SourceRef[];
    expect(Array.isArray(sources)).toBe(true);
    for (const source of sources) expect(typeof source.label).toBe("string");
    expect(spoken.headers.get("Answer-Audio")).toBeNull();

    // Asked again, the stored answer is spoken again: one answer per question.
    const again = await answer({ chat_history_id: heard.chat_history_id! }, token);
    expect(decode(again.headers.get("Chat-History-ID"))).toBe(answerId);
    await again.arrayBuffer();
    expect(await db.select().from(qaMessages).where(and(eq(qaMessages.questionId, heard.chat_history_id!), eq(qaMessages.type, "answer")))).toHaveLength(1);
  });

  it("a WAV recording goes into the same session when it is named", async () => {
    const token = alpha.admin.access_token;
    const first = await json<TranscriptionOut>(await speak(recordings.wav, { presentation_id: deck.id }, { token }, "audio/wav"));
    expect(first.transcript.length).toBeGreaterThan(0);
    const second = await json<TranscriptionOut>(await speak(recordings.wav, { presentation_id: deck.id, session_id: first.session_id! }, { token }, "audio/wav"));
    expect(second.session_id).toBe(first.session_id);
    // An unknown session (or none) starts a new one.
    const fresh = await json<TranscriptionOut>(await speak(recordings.wav, { presentation_id: deck.id, session_id: "00000000-0000-4000-8000-000000000000" }, { token }, "audio/wav"));
    expect(fresh.session_id).not.toBe(first.session_id);
  });

  it("refuses recordings under 1000 bytes and file paths with the spec's messages, storing nothing", async () => {
    const token = alpha.admin.access_token;
    const db = await getDb();
    const before = await db.select().from(qaMessages);
    const short = await speak(recordings.webm.subarray(0, 999), { presentation_id: deck.id }, { token });
    expect(short.status).toBe(400);
    expect(await json(short)).toEqual({ detail: "Recording must be at least 1 second. Please try again." });
    for (const filePath of ["/tmp/recording.webm", "C:\\Users\\ada\\recording.webm", "file:///tmp/a.webm", "./a.webm"]) {
      const asText = await speak(filePath, { presentation_id: deck.id }, { token });
      expect(asText.status, filePath).toBe(400);
      expect(await json(asText)).toEqual({ detail: "Audio data is a file path, not Base64 audio data" });
      const asFile = await speak(new Uint8Array(Buffer.from(filePath)), { presentation_id: deck.id }, { token });
      expect(asFile.status, filePath).toBe(400);
      expect(await json(asFile)).toEqual({ detail: "Audio data is a file path, not Base64 audio data" });
    }
    // Base64 audio (a data URL, as older clients send it) is accepted.
    const dataUrl = `data:audio/webm;codecs=opus;base64,${Buffer.from(recordings.webm).toString("base64")}`;
    const base64 = await speak(dataUrl, { presentation_id: deck.id }, { token });
    expect(base64.status, await base64.clone().text()).toBe(200);
    // Bytes that are no audio: the recogniser's 415 with the spec's words, in detail and error.
    const noise = await speak(new Uint8Array(2000).fill(7), { presentation_id: deck.id }, { token });
    expect(noise.status).toBe(415);
    expect(await json(noise)).toMatchObject({ detail: "Audio format not supported. Please try recording again.", error: "Audio format not supported. Please try recording again." });
    const after = await db.select().from(qaMessages);
    expect(after.length).toBe(before.length + 1);
  });
});

describe("a recording with no words in it", () => {
  it("is no failure: 200 with an empty transcript and the session, nothing stored, so the player says 'No Speech Detected'", async () => {
    const token = alpha.admin.access_token;
    const silence = new Uint8Array(
      execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "anullsrc=r=48000:cl=mono", "-t", "2", "-c:a", "libopus", "-f", "webm", "pipe:1"]),
    );
    const db = await getDb();
    const first = await json<TranscriptionOut>(await speak(recordings.webm, { presentation_id: deck.id }, { token }));
    const before = await db.select().from(qaMessages);
    const response = await speak(silence, { presentation_id: deck.id, session_id: first.session_id! }, { token });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await json<TranscriptionOut>(response)).toEqual({ transcript: "", chat_history_id: null, session_id: first.session_id, error: null });
    expect(await db.select().from(qaMessages)).toHaveLength(before.length);
    // Without a session named, the viewer still gets one for the next try.
    const fresh = await json<TranscriptionOut>(await speak(silence, { presentation_id: deck.id }, { token }));
    expect(fresh).toMatchObject({ transcript: "", chat_history_id: null, error: null });
    expect(fresh.session_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("typed questions and sessions", () => {
  it("a typed question is answered the same way; the history lists question then answer", async () => {
    const token = alpha.admin.access_token;
    const asked = await call(questionRoute.POST, "POST", { token, body: { presentation_id: deck.id, question: "How much does running a heat pump cost?", current_slide_number: 1 } });
    expect(asked.status, await asked.clone().text()).toBe(200);
    const question = await json<QuestionOut>(asked);
    expect(question.transcript).toBe("How much does running a heat pump cost?");
    const spoken = await answer({ chat_history_id: question.chat_history_id, current_slide_number: "1" }, token);
    expect(spoken.status).toBe(200);
    await spoken.arrayBuffer();
    const text = decode(spoken.headers.get("Response-Text"));
    expect(text).toMatch(/four hundred euros/i);
    const sources = JSON.parse(decode(spoken.headers.get("Answer-Sources"))) as SourceRef[];
    expect(sources).toContainEqual({ label: "Slide 2", slide_number: 2 });

    const follow = await json<QuestionOut>(
      await call(questionRoute.POST, "POST", { token, body: { presentation_id: deck.id, question: "How long does a survey take?", session_id: question.session_id } }),
    );
    expect(follow.session_id).toBe(question.session_id);
    const history = await call(historyRoute.GET, "GET", { token, query: { session_id: question.session_id } });
    expect(history.status).toBe(200);
    const messages = await json<QaMessageOut[]>(history);
    expect(messages.map((message) => [message.type, message.content])).toEqual([
      ["question", "How much does running a heat pump cost?"],
      ["answer", text],
      ["question", "How long does a survey take?"],
    ]);
    expect(messages[1]!.sources).toEqual(sources);
    expect(messages[0]!.slide_number).toBe(1);

    const empty = await call(questionRoute.POST, "POST", { token, body: { presentation_id: deck.id, question: "   " } });
    expect(empty.status).toBe(422);
  });

  it("answers a question of asking words only from the source's section it puts as a question", async () => {
    const token = alpha.admin.access_token;
    const project = await newProject(token, "Q&A headings");
    const guide = [
      "# Choosing a Heat Pump",
      "A heat pump moves heat from outside air into the home.",
      "## Running Costs",
      "Running a heat pump in a city apartment costs about four hundred euros a winter.",
      "## What You Should Do",
      "Book a survey with a registered fitter before you buy anything, and ask for two quotes.",
    ].join("\n\n");
    const blog = await newBlog(token, project.id, { blog_title: "Heat pump guide", content_blocks: [guide] });
    const made = await call(presentationsRoute.POST, "POST", { token, body: { blog_id: blog.id, template: "manual", slides: SLIDES } });
    expect(made.status).toBe(201);
    const presentation = await json<PresentationOut>(made);
    const asked = await json<QuestionOut>(await call(questionRoute.POST, "POST", { token, body: { presentation_id: presentation.id, question: "What should I do?" } }));
    const spoken = await answer({ chat_history_id: asked.chat_history_id }, token);
    expect(spoken.status).toBe(200);
    await spoken.arrayBuffer();
    expect(decode(spoken.headers.get("Response-Text"))).toMatch(/^Book a survey with a registered fitter before you buy anything/);
  });

  it("sends the answer's text before its audio is made; the audio follows in the body and is kept with the answer", async () => {
    const token = alpha.admin.access_token;
    const asked = await json<QuestionOut>(
      await call(questionRoute.POST, "POST", { token, body: { presentation_id: deck.id, question: "How long does a survey take?", current_slide_number: 1 } }),
    );
    const spoken = await answer({ chat_history_id: asked.chat_history_id, current_slide_number: "1" }, token);
    expect(spoken.status).toBe(200);
    // The headers carry the answer as soon as it is written; no audio exists yet.
    const text = decode(spoken.headers.get("Response-Text"));
    expect(text.length).toBeGreaterThan(20);
    const answerId = decode(spoken.headers.get("Chat-History-ID"));
    const db = await getDb();
    const [before] = await db.select().from(qaMessages).where(eq(qaMessages.id, answerId));
    expect(before).toMatchObject({ type: "answer", content: text, audioFileId: null });
    // The body is the MP3, made while it is sent, and stored once it is whole.
    const audio = new Uint8Array(await spoken.arrayBuffer());
    expect(audio.length).toBeGreaterThan(1000);
    expect(audio[0] === 0xff || String.fromCharCode(...audio.slice(0, 3)) === "ID3").toBe(true);
    const [after] = await db.select().from(qaMessages).where(eq(qaMessages.id, answerId));
    expect(after!.audioFileId).not.toBeNull();
  });

  it("another viewer's session is not found: no reading, no appending, no answers", async () => {
    const mine = await json<QuestionOut>(
      await call(questionRoute.POST, "POST", { token: alpha.admin.access_token, body: { presentation_id: deck.id, question: "What is a heat pump?" } }),
    );
    const other = colleague.access_token;
    expect((await call(historyRoute.GET, "GET", { token: other, query: { session_id: mine.session_id } })).status).toBe(404);
    const appended = await call(questionRoute.POST, "POST", { token: other, body: { presentation_id: deck.id, question: "Mine now?", session_id: mine.session_id } });
    expect(appended.status).toBe(404);
    expect((await speak(recordings.webm, { presentation_id: deck.id, session_id: mine.session_id }, { token: other })).status).toBe(404);
    expect((await answer({ chat_history_id: mine.chat_history_id }, other)).status).toBe(404);
    // Another tenant: the presentation itself is not found.
    const foreign = await call(questionRoute.POST, "POST", { token: bravo.admin.access_token, body: { presentation_id: deck.id, question: "Hello?" } });
    expect(foreign.status).toBe(404);
    expect((await call(historyRoute.GET, "GET", { token: bravo.admin.access_token, query: { session_id: mine.session_id } })).status).toBe(404);
    // Anonymous, without a token: sign in first.
    expect((await call(questionRoute.POST, "POST", { body: { presentation_id: deck.id, question: "Hello?" } })).status).toBe(401);
  });
});

describe("share-link viewers", () => {
  it("ask with the token in their own session, rate limited per link and address; a revoked link ends it", async () => {
    const made = await call(shareRoute.POST, "POST", { token: alpha.admin.access_token, params: { id: deck.id } });
    expect(made.status).toBe(200);
    const link = await json<ShareLinkOut>(made);

    const spoken = await speak(recordings.webm, { presentation_id: deck.id, token: link.token }, { ip: "203.0.113.10" });
    expect(spoken.status, await spoken.clone().text()).toBe(200);
    const heard = await json<TranscriptionOut>(spoken);
    const db = await getDb();
    const [session] = await db.select().from(qaSessions).where(eq(qaSessions.id, heard.session_id!));
    expect(session).toMatchObject({ userId: null });
    expect(session!.shareLinkId).not.toBeNull();
    const answered = await answer({ chat_history_id: heard.chat_history_id!, token: link.token }, undefined, "203.0.113.10");
    expect(answered.status).toBe(200);
    await answered.arrayBuffer();
    const history = await call(historyRoute.GET, "GET", { query: { session_id: heard.session_id!, token: link.token } });
    expect((await json<QaMessageOut[]>(history)).map((message) => message.type)).toEqual(["question", "answer"]);
    // The signed-in owner's session is not the link's, and the link's is not a signed-in user's.
    const own = await json<QuestionOut>(
      await call(questionRoute.POST, "POST", { token: alpha.admin.access_token, body: { presentation_id: deck.id, question: "Owner's question" } }),
    );
    expect((await call(historyRoute.GET, "GET", { query: { session_id: own.session_id, token: link.token } })).status).toBe(404);
    expect((await call(historyRoute.GET, "GET", { token: alpha.admin.access_token, query: { session_id: heard.session_id! } })).status).toBe(404);

    // A token of this deck does not open another presentation's Q&A.
    const elsewhere = await call(questionRoute.POST, "POST", { body: { presentation_id: "00000000-0000-4000-8000-000000000000", question: "Hi", token: link.token } });
    expect(elsewhere.status).toBe(404);

    // Rate limit: per link and address; another address still may ask.
    const ask = (ip: string) => call(questionRoute.POST, "POST", { ip, body: { presentation_id: deck.id, question: "Is it loud?", token: link.token } });
    let limited: Response | undefined;
    for (let attempt = 0; attempt < 30 && !limited; attempt += 1) {
      const response = await ask("203.0.113.20");
      if (response.status === 429) limited = response;
      else expect(response.status).toBe(200);
    }
    expect(limited, "a 429 within 30 questions").toBeDefined();
    expect((await json<{ detail: string }>(limited!)).detail).toMatch(/^Too many questions\. Please wait 1 minute before asking again\.$/);
    expect(limited!.headers.get("retry-after")).not.toBeNull();
    expect((await ask("203.0.113.21")).status).toBe(200);

    // Revoked: the token asks nothing more.
    expect((await call(shareRoute.DELETE, "DELETE", { token: alpha.admin.access_token, params: { id: deck.id } })).status).toBe(204);
    expect((await ask("203.0.113.22")).status).toBe(404);
    expect((await call(historyRoute.GET, "GET", { query: { session_id: heard.session_id!, token: link.token } })).status).toBe(404);
  });
});
