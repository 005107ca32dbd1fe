// Only what can work is offered: a shared deck says whether its viewers can ask by voice (the player offers its
// microphone only then), and gTTS, which needs no key but Google Translate's unofficial voice, is offered and used
// only while it answers from this server (a check kept for minutes). This server has no offline recogniser here
// (PocketSphinx pointed at a missing program) and no platform speech keys.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, afterAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.POCKETSPHINX_PATH = "/nonexistent/pocketsphinx_continuous";
  process.env.GTTS_ENDPOINT = "http://127.0.0.1:65531";
  for (const name of ["OPENAI_API_KEY", "OPENAI_SPEECH_BASE_URL", "GOOGLE_CLOUD_API_KEY", "AZURE_SPEECH_KEY", "ELEVENLABS_API_KEY"]) delete process.env[name];
});

import * as pluginRoute from "@/app/api/v1/plugins/[id]/route";
import * as pluginsRoute from "@/app/api/v1/plugins/route";
import * as presentationRoute from "@/app/api/v1/presentations/[id]/route";
import * as shareRoute from "@/app/api/v1/presentations/[id]/share/route";
import * as presentationsRoute from "@/app/api/v1/presentations/route";
import * as sharedPresentationRoute from "@/app/api/v1/presentations/share/[token]/route";
import * as speechToTextRoute from "@/app/api/v1/tts/speech-to-text/route";
import { withStatementLog } from "@/db/statement-log";
import { env } from "@/lib/env";
import type { PluginOut } from "@/lib/services/plugins";
import type { PresentationOut } from "@/lib/services/presentations";
import { getSharedPresentation, type ShareLinkOut, type SharedPresentationOut } from "@/lib/services/sharing";
import { tenantSpeechProviders } from "@/lib/speech/plugin-settings";
import { GTTS_REACHABLE_TTL_MS, gttsReachable } from "@/lib/speech/providers/gtts";
import { call, json } from "../support/api";
import type { Organisation } from "../support/accounts";
import { organisation } from "../support/admin";
import { newBlog, newProject } from "../support/projects-blogs";
import { eventually } from "../support/wait";

let alpha: Organisation;

/** A stand-in for Google Translate's voice: audio while `answering`, else 503; counts the requests it gets. */
function fakeGtts(): { server: Server; url: () => string; requests: () => number; answering: (on: boolean) => void } {
  let count = 0;
  let on = true;
  const server = createServer((request, response) => {
    count += 1;
    if (!on || !request.url?.startsWith("/translate_tts?")) {
      response.writeHead(503).end();
      return;
    }
    response.writeHead(200, { "content-type": "audio/mpeg" }).end(Buffer.from([0xff, 0xf3, 0x44, 0xc4, 0, 0, 0, 0]));
  });
  return {
    server,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => count,
    answering: (value) => {
      on = value;
    },
  };
}

const google = fakeGtts();

beforeAll(async () => {
  alpha = await organisation("speech-availability");
  await new Promise<void>((resolve) => google.server.listen(0, "127.0.0.1", resolve));
});

afterAll(() => new Promise<void>((resolve) => google.server.close(() => resolve())));

describe("voice questions", () => {
  it("a shared deck says whether its viewers can ask by voice: not without a recogniser, yes once the tenant has one", async () => {
    const token = alpha.admin.access_token;
    const project = await newProject(token, "Voice");
    const blog = await newBlog(token, project.id, { blog_title: "Compost" });
    const created = await call(presentationsRoute.POST, "POST", {
      token,
      body: { blog_id: blog.id, template: "manual", slides: [{ slide_title: "Compost", body: "Greens and browns", slide_content: "Compost needs greens and browns." }] },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const deck = await json<PresentationOut>(created);
    // Shared once narrated (by the offline voice: gTTS is not reachable here).
    await eventually(async () => {
      const presentation = await json<PresentationOut>(await call(presentationRoute.GET, "GET", { token, params: { id: deck.id } }));
      return presentation.webhook_status === "completed" ? presentation : undefined;
    }, "the deck's narration", 60_000);
    const shared = await call(shareRoute.POST, "POST", { token, params: { id: deck.id } });
    expect(shared.status, await shared.clone().text()).toBe(200);
    const link = await json<ShareLinkOut>(shared);
    const read = async () => json<SharedPresentationOut>(await call(sharedPresentationRoute.GET, "GET", { params: { token: link.token } }));

    expect((await read()).speech_to_text_available).toBe(false);
    // The flag is the truth: a recording sent anyway is refused with the spec's words.
    const form = new FormData();
    form.set("audio_file", new Blob([new Uint8Array(2000).fill(7)], { type: "audio/webm" }), "recording.webm");
    const url = new URL("http://app.test/api/v1/tts/speech-to-text");
    url.searchParams.set("presentation_id", deck.id);
    url.searchParams.set("token", link.token);
    const refused = await speechToTextRoute.POST(new Request(url, { method: "POST", body: form }), { params: Promise.resolve({}) });
    expect(refused.status).toBe(503);
    expect(await json(refused)).toMatchObject({ detail: "Speech recognition service is not configured." });

    // The tenant's own Whisper key: its viewers may ask by voice. Still one statement for the public page.
    const saved = await call(pluginRoute.PUT, "PUT", { token, params: { id: "openai-whisper" }, body: { enabled: true, config: { apiKey: "not-a-real-key" } } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await read()).speech_to_text_available).toBe(true);
    const { statements } = await withStatementLog(() => getSharedPresentation(link.token));
    expect(statements).toHaveLength(1);

    const off = await call(pluginRoute.PUT, "PUT", { token, params: { id: "openai-whisper" }, body: { enabled: false } });
    expect(off.status).toBe(200);
    expect((await read()).speech_to_text_available).toBe(false);
    // The Plugins page says why the offline recogniser, switched on by default, does nothing here.
    const listed = await json<PluginOut[]>(await call(pluginsRoute.GET, "GET", { token }));
    expect(listed.find((plugin) => plugin.id === "pocketsphinx-speech")).toMatchObject({ enabled: true, status: "error", status_message: "Not installed on this server" });
  });
});

describe("gTTS", () => {
  it("is offered and used only while it answers from this server", async () => {
    const ids = async (settings = env()) => (await tenantSpeechProviders(alpha.tenantId, "tts", settings)).map((provider) => provider.id);
    // The configured address refuses connections: the offline voice alone (the wizard offers nothing else).
    expect(await ids()).toEqual(["espeak-tts"]);
    // Where it answers, it is offered; the answer is kept, so a second look asks Google nothing.
    const reachable = { ...env(), GTTS_ENDPOINT: google.url() };
    expect(await ids(reachable)).toEqual(["espeak-tts", "gtts"]);
    expect(await ids(reachable)).toEqual(["espeak-tts", "gtts"]);
    expect(google.requests()).toBe(1);
  });

  it("keeps its answer for minutes; past that the old answer holds while a new check runs", async () => {
    const address = { tld: "com", endpoint: google.url() };
    const start = Date.now();
    google.answering(true);
    expect(await gttsReachable(address, start)).toBe(true);
    const asked = google.requests();
    google.answering(false);
    expect(await gttsReachable(address, start + 60_000)).toBe(true);
    expect(google.requests()).toBe(asked);
    // Past its time: the old answer at once, and the check runs in the background.
    expect(await gttsReachable(address, start + GTTS_REACHABLE_TTL_MS + 1000)).toBe(true);
    await vi.waitFor(() => expect(google.requests()).toBe(asked + 1));
    await vi.waitFor(async () => expect(await gttsReachable(address)).toBe(false));
  });
});
