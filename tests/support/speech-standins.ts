// Loopback stand-ins of the cloud speech APIs, so every adapter in lib/speech is tested without network. Each checks
// what the real API needs (its key header, the documented body and query fields), records every request, answers
// with real MP3 audio (a tone whose length grows with the text) and takes queued replies per route for failures:
// errors with headers (429 with retry-after), hanging, dropped connections. Emulated:
//   "google-tts"        POST /v1beta1/text:synthesize          X-Goog-Api-Key; SSML with marks -> audio + timepoints
//   "google-speech"     POST /v1/speech:recognize              X-Goog-Api-Key; config + base64 audio -> results
//   "azure"             POST /cognitiveservices/v1             Ocp-Apim-Subscription-Key; SSML -> audio/mpeg
//   "elevenlabs-voices" GET  /v1/voices                        xi-api-key -> the account's voices
//   "elevenlabs-tts"    POST /v1/text-to-speech/{id}/with-timestamps?output_format  xi-api-key -> audio + alignment
//   "gtts"              GET  /translate_tts?q&tl&client=tw-ob  (no key; q at most 100 characters) -> audio/mpeg
// OpenAI's /audio/speech and /audio/transcriptions are added to the OpenAI-compatible stand-in (openai-standin.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Mp3Encoder } from "@breezystack/lamejs";
import busboy from "busboy";
import { apiError, startOpenAIStandIn, type OpenAIStandIn, type StandInReply, type StandInRequest } from "./openai-standin";

export type { StandInReply, StandInRequest } from "./openai-standin";

/** Milliseconds of stand-in speech per character of text, about a speaker's pace. */
export const MS_PER_CHARACTER = 60;

const FRAME_MS = 24; // 576 samples at 24 kHz
let toneFrame: Buffer | undefined;

/**
 * A real MP3 (MPEG-2 Layer III, 24 kHz mono, 64 kbps) of a tone lasting `durationMs` rounded up to whole 24 ms
 * frames. One frame from the middle of an encoded tone is repeated: lamejs writes no bit reservoir, so frames stand
 * alone, and the stand-ins answer at once however long the text.
 */
export function mp3Tone(durationMs: number): Buffer {
  if (!toneFrame) {
    const sampleRate = 24_000;
    const samples = new Int16Array(sampleRate);
    for (let index = 0; index < samples.length; index += 1) samples[index] = Math.round(6000 * Math.sin((2 * Math.PI * 250 * index) / sampleRate));
    // At 64 kbps lamejs keeps 24 kHz (at 32 it resamples to 22.05 kHz, where frame sizes vary).
    const encoder = new Mp3Encoder(1, sampleRate, 64);
    const encoded = Buffer.concat([Buffer.from(encoder.encodeBuffer(samples)), Buffer.from(encoder.flush())]);
    const frameBytes = (72_000 * 64) / sampleRate; // 192: no padding at this rate
    toneFrame = encoded.subarray(20 * frameBytes, 21 * frameBytes);
    if (toneFrame[0] !== 0xff) throw new Error("stand-in: the encoded tone is not made of 192-byte frames");
  }
  return Buffer.concat(new Array<Buffer>(Math.max(1, Math.ceil(durationMs / FRAME_MS))).fill(toneFrame));
}

export type SpeechRoute = "google-tts" | "google-speech" | "azure" | "elevenlabs-voices" | "elevenlabs-tts" | "gtts";

export interface SpeechStandIn {
  /** Base address, "http://127.0.0.1:<port>": the endpoint setting of every adapter. */
  url: string;
  keys: { google: string; azure: string; elevenlabs: string };
  /** Voices of the ElevenLabs account. */
  elevenLabsVoices: { voice_id: string; name: string }[];
  /** What speech:recognize hears. */
  transcript: string;
  /** Every request with the route it reached, in order (refused ones too). */
  requests: (StandInRequest & { route: SpeechRoute | "unknown" })[];
  /** Shape problems found in requests, as "<route>: <problem>"; such requests got a 400. */
  shapeErrors: string[];
  /** Queues replies for a route; each request takes the next before the route's normal answer. */
  enqueue(route: SpeechRoute, ...replies: StandInReply[]): void;
  reset(): void;
  close(): Promise<void>;
}

function routeOf(method: string, path: string): SpeechRoute | "unknown" {
  if (method === "POST" && path === "/v1beta1/text:synthesize") return "google-tts";
  if (method === "POST" && path === "/v1/speech:recognize") return "google-speech";
  if (method === "POST" && path === "/cognitiveservices/v1") return "azure";
  if (method === "GET" && path === "/v1/voices") return "elevenlabs-voices";
  if (method === "POST" && /^\/v1\/text-to-speech\/[^/]+\/with-timestamps$/.test(path)) return "elevenlabs-tts";
  if (method === "GET" && path === "/translate_tts") return "gtts";
  return "unknown";
}

function plainText(ssml: string): string {
  return ssml
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

const record = (value: unknown): Record<string, unknown> => (value && typeof value === "object" ? (value as Record<string, unknown>) : {});

export async function startSpeechStandIn(): Promise<SpeechStandIn> {
  const suffix = `${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  const keys = { google: `AIza-standin-${suffix}`, azure: `azure-standin-${suffix}`, elevenlabs: `xi-standin-${suffix}` };
  const requests: SpeechStandIn["requests"] = [];
  const shapeErrors: string[] = [];
  const queues = new Map<SpeechRoute, StandInReply[]>();
  const timers = new Set<NodeJS.Timeout>();
  const state = {
    transcript: "what is the capital of france",
    elevenLabsVoices: [
      { voice_id: "21m00Tcm4TlvDq8ikWAM", name: "Rachel" },
      { voice_id: "AZnzlk1XvdvUeBnXmlld", name: "Domi" },
    ],
  };

  const wait = (ms: number, response: ServerResponse) =>
    new Promise<boolean>((resolve) => {
      if (!ms) return resolve(!response.destroyed);
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve(!response.destroyed);
      }, ms);
      timers.add(timer);
      response.on("close", () => {
        clearTimeout(timer);
        timers.delete(timer);
        resolve(false);
      });
    });

  async function send(reply: StandInReply, response: ServerResponse): Promise<void> {
    if (reply.kind === "hang") return;
    if (reply.kind === "drop") {
      response.socket?.destroy();
      return;
    }
    if (!(await wait(reply.delayMs ?? 0, response))) return;
    if (reply.kind === "json") {
      response.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers }).end(JSON.stringify(reply.body));
    } else if (reply.kind === "raw") {
      response.writeHead(reply.status ?? 200, { "content-type": reply.contentType, ...reply.headers }).end(reply.body);
    } else {
      response.writeHead(500).end("stand-in: streams are not part of these APIs");
    }
  }

  const googleKeyError: StandInReply = {
    kind: "json",
    status: 400,
    body: {
      error: {
        code: 400,
        message: "API key not valid. Please pass a valid API key.",
        status: "INVALID_ARGUMENT",
        details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID", domain: "googleapis.com" }],
      },
    },
  };

  /** The key check of each API, as the real one answers a wrong key. */
  function refusal(route: SpeechRoute, request: StandInRequest): StandInReply | undefined {
    const header = (name: string) => String(request.headers[name] ?? "");
    if (route === "google-tts" || route === "google-speech") return header("x-goog-api-key") === keys.google ? undefined : googleKeyError;
    if (route === "azure") return header("ocp-apim-subscription-key") === keys.azure ? undefined : { kind: "raw", status: 401, body: "", contentType: "text/plain" };
    if (route === "elevenlabs-voices" || route === "elevenlabs-tts") {
      return header("xi-api-key") === keys.elevenlabs
        ? undefined
        : { kind: "json", status: 401, body: { detail: { status: "invalid_api_key", message: `Invalid API key: ${header("xi-api-key")}` } } };
    }
    return undefined;
  }

  function validate(route: SpeechRoute, request: StandInRequest): string[] {
    const problems: string[] = [];
    const json = record(request.json);
    const contentType = String(request.headers["content-type"] ?? "");
    if (route === "google-tts") {
      if (!contentType.startsWith("application/json")) problems.push("content-type is not application/json");
      const ssml = record(json.input).ssml;
      if (typeof ssml !== "string" || !ssml.startsWith("<speak>") || !ssml.endsWith("</speak>")) problems.push("input.ssml must be an SSML <speak> document");
      if (typeof record(json.voice).languageCode !== "string") problems.push("voice.languageCode is required");
      if (record(json.audioConfig).audioEncoding !== "MP3") problems.push("audioConfig.audioEncoding must be MP3");
      if (!Array.isArray(json.enableTimePointing) || !json.enableTimePointing.includes("SSML_MARK")) problems.push("enableTimePointing must include SSML_MARK");
    } else if (route === "google-speech") {
      const config = record(json.config);
      if (!["LINEAR16", "WEBM_OPUS", "OGG_OPUS"].includes(String(config.encoding))) problems.push("config.encoding must be LINEAR16, WEBM_OPUS or OGG_OPUS");
      if (typeof config.languageCode !== "string") problems.push("config.languageCode is required");
      const content = record(json.audio).content;
      if (typeof content !== "string" || content.length < 100 || !/^[A-Za-z0-9+/]+=*$/.test(content)) problems.push("audio.content must be base64 audio");
      if (config.encoding === "LINEAR16" && typeof content === "string" && Buffer.from(content, "base64").subarray(0, 4).toString("latin1") !== "RIFF") {
        problems.push("LINEAR16 audio.content is not a WAV file");
      }
    } else if (route === "azure") {
      if (!contentType.startsWith("application/ssml+xml")) problems.push("Content-Type must be application/ssml+xml");
      if (!/^audio-.*-mp3$/.test(String(request.headers["x-microsoft-outputformat"] ?? ""))) problems.push("X-Microsoft-OutputFormat must name an MP3 format");
      if (!request.headers["user-agent"]) problems.push("User-Agent is required");
      const ssml = request.body.toString("utf8");
      if (!/^<speak version="1.0" [^>]*xml:lang="[A-Za-z-]+">\s*<voice name="[^"]+">[\s\S]*<\/voice>\s*<\/speak>$/.test(ssml)) problems.push("body must be <speak xml:lang><voice name>text</voice></speak>");
    } else if (route === "elevenlabs-tts") {
      if (!contentType.startsWith("application/json")) problems.push("content-type is not application/json");
      if (typeof json.text !== "string" || json.text.trim() === "") problems.push("text is required");
      if (typeof json.model_id !== "string") problems.push("model_id is required");
      if (!/^mp3_/.test(request.query.get("output_format") ?? "")) problems.push("output_format must be an mp3 format");
      const voiceId = request.path.split("/")[3];
      if (!state.elevenLabsVoices.some((voice) => voice.voice_id === voiceId)) problems.push(`unknown voice id ${voiceId}`);
    } else if (route === "gtts") {
      const q = request.query.get("q") ?? "";
      if (q.length === 0 || q.length > 100) problems.push("q must hold 1 to 100 characters");
      if (!request.query.get("tl")) problems.push("tl is required");
      if (request.query.get("client") !== "tw-ob") problems.push("client must be tw-ob");
    }
    return problems;
  }

  function answer(route: SpeechRoute, request: StandInRequest): StandInReply {
    const json = record(request.json);
    if (route === "google-tts") {
      const ssml = String(record(json.input).ssml);
      // Each mark's time: the characters spoken before it.
      const timepoints: { markName: string; timeSeconds: number }[] = [];
      let spoken = 0;
      for (const part of ssml.replace(/^<speak>|<\/speak>$/g, "").split(/(<mark name="[^"]+"\/>)/)) {
        const mark = /^<mark name="([^"]+)"\/>$/.exec(part);
        if (mark) timepoints.push({ markName: mark[1]!, timeSeconds: (spoken * MS_PER_CHARACTER) / 1000 });
        else spoken += plainText(part).length;
      }
      return { kind: "json", body: { audioContent: mp3Tone(spoken * MS_PER_CHARACTER).toString("base64"), timepoints, audioConfig: json.audioConfig } };
    }
    if (route === "google-speech") {
      return { kind: "json", body: state.transcript ? { results: [{ alternatives: [{ transcript: state.transcript, confidence: 0.92 }], languageCode: "en-us" }] } : {} };
    }
    if (route === "azure") {
      return { kind: "raw", body: mp3Tone(plainText(request.body.toString("utf8")).length * MS_PER_CHARACTER), contentType: "audio/mpeg" };
    }
    if (route === "elevenlabs-voices") return { kind: "json", body: { voices: state.elevenLabsVoices } };
    if (route === "elevenlabs-tts") {
      const characters = [...String(json.text)];
      const starts = characters.map((_, index) => (index * MS_PER_CHARACTER) / 1000);
      return {
        kind: "json",
        body: {
          audio_base64: mp3Tone(characters.length * MS_PER_CHARACTER).toString("base64"),
          alignment: { characters, character_start_times_seconds: starts, character_end_times_seconds: starts.map((start) => start + MS_PER_CHARACTER / 1000) },
          normalized_alignment: null,
        },
      };
    }
    return { kind: "raw", body: mp3Tone((request.query.get("q") ?? "").length * MS_PER_CHARACTER), contentType: "audio/mpeg" };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(request.url ?? "/", "http://standin.local");
    let json: unknown;
    if (String(request.headers["content-type"] ?? "").startsWith("application/json")) {
      try {
        json = JSON.parse(body.toString("utf8"));
      } catch {
        json = undefined;
      }
    }
    const method = request.method ?? "GET";
    const route = routeOf(method, url.pathname);
    const recorded = { method, path: url.pathname, query: url.searchParams, headers: request.headers, body, json, route };
    requests.push(recorded);
    if (route === "unknown") {
      await send({ kind: "json", status: 404, body: { error: `stand-in: no route for ${method} ${url.pathname}` } }, response);
      return;
    }
    const refused = refusal(route, recorded);
    if (refused) {
      await send(refused, response);
      return;
    }
    const problems = validate(route, recorded);
    if (problems.length > 0) {
      shapeErrors.push(...problems.map((problem) => `${route}: ${problem}`));
      await send({ kind: "json", status: 400, body: { error: { code: 400, message: problems.join("; ") } } }, response);
      return;
    }
    await send(queues.get(route)?.shift() ?? answer(route, recorded), response);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
      response.end(`stand-in failure: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    keys,
    get elevenLabsVoices() {
      return state.elevenLabsVoices;
    },
    get transcript() {
      return state.transcript;
    },
    set transcript(value: string) {
      state.transcript = value;
    },
    requests,
    shapeErrors,
    enqueue(route, ...replies) {
      queues.set(route, [...(queues.get(route) ?? []), ...replies]);
    },
    reset() {
      requests.length = 0;
      shapeErrors.length = 0;
      queues.clear();
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The multipart fields and file of a request (audio/transcriptions). */
export function multipartOf(request: StandInRequest): Promise<{ fields: Record<string, string>; file?: { name: string; type: string; data: Buffer } }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: { name: string; type: string; data: Buffer } | undefined;
    const parser = busboy({ headers: request.headers });
    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("file", (_name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        file = { name: info.filename ?? "", type: info.mimeType, data: Buffer.concat(chunks) };
      });
    });
    parser.on("close", () => resolve({ fields, file }));
    parser.on("error", reject);
    parser.end(request.body);
  });
}

const OPENAI_VOICES = ["alloy", "ash", "ballad", "coral", "echo", "fable", "onyx", "nova", "sage", "shimmer", "verse"];

export interface OpenAISpeechStandIn extends OpenAIStandIn {
  /** What /audio/transcriptions hears. */
  transcript: string;
}

/**
 * The OpenAI-compatible stand-in with the two audio endpoints: POST /audio/speech ({model, voice, input,
 * response_format: "mp3"} -> audio/mpeg) and POST /audio/transcriptions (multipart file, model, language,
 * temperature -> {"text"}).
 */
export async function startOpenAISpeechStandIn(): Promise<OpenAISpeechStandIn> {
  const standIn = (await startOpenAIStandIn()) as OpenAISpeechStandIn;
  standIn.transcript = "what does the speaker mean by a narrated deck";
  standIn.route(
    "/audio/speech",
    (request) => ({ kind: "raw", body: mp3Tone(String(record(request.json).input).length * MS_PER_CHARACTER), contentType: "audio/mpeg" }),
    (request) => {
      const json = record(request.json);
      const problems: string[] = [];
      if (typeof json.model !== "string" || json.model === "") problems.push("model is required");
      if (typeof json.voice !== "string" || !OPENAI_VOICES.includes(json.voice)) problems.push("voice must be one of OpenAI's voices");
      if (typeof json.input !== "string" || json.input.length === 0 || json.input.length > 4096) problems.push("input must hold 1 to 4096 characters");
      if (json.response_format !== "mp3") problems.push("response_format must be mp3");
      return problems;
    },
  );
  standIn.route(
    "/audio/transcriptions",
    async (request) => {
      const { fields, file } = await multipartOf(request);
      if (!file || file.data.length === 0 || !fields.model) return apiError(400, "file and model are required");
      return { kind: "json", body: { text: standIn.transcript } };
    },
    (request) => (String(request.headers["content-type"] ?? "").startsWith("multipart/form-data") ? [] : ["content-type must be multipart/form-data"]),
  );
  return standIn;
}
