// @ts-check
// The offline voice's engine, in a child process of the server: eSpeak NG (WebAssembly) synthesis and lamejs MP3
// encoding are synchronous and take about 1/20 of the audio's length, so on the server's own thread a narrated deck
// would hold up every request, and the engine's ~120 MB (its WebAssembly memory and heap) would count in the
// server's. lib/speech/providers/espeak.ts sends one text at a time (already split into sentences) over the IPC
// channel and gets back the MP3 and where each sentence starts. The MP3 is encoded by ffmpeg's LAME where ffmpeg is
// installed (its path is this process's first argument; native, about 20 times faster than lamejs, which encoding a
// slide's narration otherwise spends most of its time in), else by lamejs, the same encoder in JavaScript. Plain
// JavaScript: it is loaded by Node.js as it is, outside the Next.js bundle.
import { execFileSync, spawn } from "node:child_process";

const MP3_KBPS = 64;
/** An encoding that takes longer than this (a stuck ffmpeg) fails the text. */
const ENCODE_TIMEOUT_MS = 60_000;

/** ffmpeg, when it is there with its LAME encoder (checked once, when the engine starts); else null. */
const ffmpeg = (() => {
  const candidate = process.argv[2];
  if (!candidate) return null;
  try {
    const encoders = execFileSync(candidate, ["-hide_banner", "-encoders"], { encoding: "utf8", timeout: 5_000, stdio: ["ignore", "pipe", "ignore"] });
    return encoders.includes("libmp3lame") ? candidate : null;
  } catch {
    return null;
  }
})();
/** lamejs works fastest on whole frames; sentences are encoded in blocks of this many samples. */
const ENCODE_BLOCK = 1152 * 16;

const send = process.send?.bind(process);
if (!send) throw new Error("espeak-worker.mjs runs as a child process with an IPC channel.");

/**
 * @typedef {{ id: number; sentences: string[]; voice: string; wordsPerMinute: number }} SynthesisRequest
 * @typedef {{ id: number; ok: true; audio: Uint8Array; startSamples: number[]; totalSamples: number; sampleRate: number }
 *   | { id: number; ok: false; rejected: boolean; message: string }} SynthesisReply
 */

const engine = (async () => {
  const { default: initialize } = await import("@echogarden/espeak-ng-emscripten");
  const espeakModule = await initialize({ print: () => {}, printErr: () => {} });
  const worker = new espeakModule.eSpeakNGWorker();
  const { Mp3Encoder } = await import("@breezystack/lamejs");
  return {
    worker,
    Mp3Encoder,
    sampleRate: worker.get_samplerate(),
    /** @type {string | undefined} */ voice: undefined,
    /** @type {number | undefined} */ wordsPerMinute: undefined,
    /** Voice names that worked, by what was asked for ("en-GB" -> "gmw/en"). @type {Map<string, string>} */
    resolvedVoices: new Map(),
  };
})();

class Rejected extends Error {}

/** The eSpeak voice for a voice name or language code: the name itself, a voice speaking that language, or its base. */
function resolveVoice(/** @type {Awaited<typeof engine>} */ state, /** @type {string} */ wanted) {
  const known = state.resolvedVoices.get(wanted);
  if (known) return known;
  const candidates = [wanted];
  const lower = wanted.toLowerCase();
  const voices = state.worker.list_voices();
  const speaking = (/** @type {string} */ language) =>
    voices.find((voice) => voice.languages.some((entry) => entry.name.toLowerCase() === language));
  const byLanguage = speaking(lower) ?? speaking(lower.split(/[-_]/)[0] ?? lower);
  if (byLanguage) candidates.push(byLanguage.identifier);
  for (const candidate of candidates) {
    if (state.worker.set_voice(candidate) === 0) {
      // Choosing a voice resets the rate to the voice's own.
      state.voice = candidate;
      state.wordsPerMinute = undefined;
      state.resolvedVoices.set(wanted, candidate);
      return candidate;
    }
  }
  state.voice = undefined;
  throw new Rejected(`eSpeak NG has no voice or language "${wanted.slice(0, 40)}".`);
}

/** @param {SynthesisRequest} request */
async function synthesize(request) {
  const state = await engine;
  const voice = resolveVoice(state, request.voice);
  if (state.voice !== voice) {
    if (state.worker.set_voice(voice) !== 0) throw new Rejected(`eSpeak NG has no voice "${voice}".`);
    state.voice = voice;
    state.wordsPerMinute = undefined;
  }
  if (state.wordsPerMinute !== request.wordsPerMinute) {
    state.worker.set_rate(request.wordsPerMinute);
    state.wordsPerMinute = request.wordsPerMinute;
  }
  /** @type {Int16Array[]} */
  const chunks = [];
  /** @type {number[]} */
  const startSamples = [];
  let totalSamples = 0;
  for (const sentence of request.sentences) {
    startSamples.push(totalSamples);
    state.worker.synthesize(sentence, (/** @type {Int16Array} */ samples) => {
      chunks.push(samples.slice());
      totalSamples += samples.length;
      return false;
    });
  }
  const pcm = new Int16Array(totalSamples);
  let at = 0;
  for (const chunk of chunks) {
    pcm.set(chunk, at);
    at += chunk.length;
  }
  const audio = ffmpeg ? await encodeWithFfmpeg(ffmpeg, pcm, state.sampleRate) : encodeWithLame(state, pcm);
  return { audio, startSamples, totalSamples, sampleRate: state.sampleRate };
}

/**
 * 16-bit mono samples as a 64 kbps MP3 by ffmpeg's LAME: no ID3 tag and no Xing header, as lamejs writes it, so a
 * sentence starts at the same place in both (DECODER_DELAY_SAMPLES in lib/speech/providers/espeak.ts).
 * @param {string} path @param {Int16Array} pcm @param {number} sampleRate @returns {Promise<Uint8Array>}
 */
function encodeWithFfmpeg(path, pcm, sampleRate) {
  return new Promise((resolve, reject) => {
    const args = ["-hide_banner", "-loglevel", "error", "-f", "s16le", "-ar", String(sampleRate), "-ac", "1", "-i", "pipe:0"];
    args.push("-codec:a", "libmp3lame", "-b:a", `${MP3_KBPS}k`, "-write_xing", "0", "-id3v2_version", "0", "-f", "mp3", "pipe:1");
    const child = spawn(path, args, { stdio: ["pipe", "pipe", "pipe"] });
    /** @type {Buffer[]} */
    const parts = [];
    let errors = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), ENCODE_TIMEOUT_MS);
    child.stdout.on("data", (/** @type {Buffer} */ part) => parts.push(part));
    child.stderr.on("data", (/** @type {Buffer} */ part) => (errors = (errors + part.toString("utf8")).slice(-500)));
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(new Uint8Array(Buffer.concat(parts)));
      else reject(new Error(`ffmpeg could not encode the narration (${signal ?? `exit code ${code}`}): ${errors.trim()}`));
    });
    // A closed stdin (ffmpeg ended early) is reported by 'close' above.
    child.stdin.on("error", () => {});
    child.stdin.end(Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength));
  });
}

/**
 * The same in JavaScript (lamejs), block by block.
 * @param {Awaited<typeof engine>} state @param {Int16Array} pcm @returns {Uint8Array}
 */
function encodeWithLame(state, pcm) {
  const encoder = new state.Mp3Encoder(1, state.sampleRate, MP3_KBPS);
  /** @type {Uint8Array[]} */
  const parts = [];
  for (let offset = 0; offset < pcm.length; offset += ENCODE_BLOCK) {
    const encoded = encoder.encodeBuffer(pcm.subarray(offset, offset + ENCODE_BLOCK));
    if (encoded.length > 0) parts.push(encoded.slice());
  }
  const tail = encoder.flush();
  if (tail.length > 0) parts.push(tail.slice());
  const audio = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    audio.set(part, offset);
    offset += part.length;
  }
  return audio;
}

process.on("message", (/** @type {SynthesisRequest} */ request) => {
  synthesize(request).then(
    (result) => {
      /** @type {SynthesisReply} */
      const reply = { id: request.id, ok: true, ...result };
      send(reply);
    },
    (error) => {
      /** @type {SynthesisReply} */
      const reply = {
        id: request.id,
        ok: false,
        rejected: error instanceof Rejected,
        message: error instanceof Error ? error.message : String(error),
      };
      send(reply);
    },
  );
});

// The server's end closed (it stopped, or stopped this engine): nothing is left to answer.
process.on("disconnect", () => process.exit(0));
