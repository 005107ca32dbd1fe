// @ts-check
// The offline voice's engine, in a child process of the server: eSpeak NG (WebAssembly) synthesis and lamejs MP3
// encoding are synchronous and take about 1/20 of the audio's length, so on the server's own thread a narrated deck
// would hold up every request, and the engine's ~120 MB (its WebAssembly memory and heap) would count in the
// server's. lib/speech/providers/espeak.ts sends one text at a time (already split into sentences) over the IPC
// channel and gets back the MP3 and where each sentence starts. Plain JavaScript: it is loaded by Node.js as it is,
// outside the Next.js bundle.

const MP3_KBPS = 64;
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
  const encoder = new state.Mp3Encoder(1, state.sampleRate, MP3_KBPS);
  /** @type {Uint8Array[]} */
  const parts = [];
  /** @type {number[]} */
  const startSamples = [];
  let totalSamples = 0;
  for (const sentence of request.sentences) {
    /** @type {Int16Array[]} */
    const chunks = [];
    let length = 0;
    state.worker.synthesize(sentence, (samples) => {
      chunks.push(samples);
      length += samples.length;
      return false;
    });
    startSamples.push(totalSamples);
    totalSamples += length;
    const pcm = new Int16Array(length);
    let at = 0;
    for (const chunk of chunks) {
      pcm.set(chunk, at);
      at += chunk.length;
    }
    for (let offset = 0; offset < pcm.length; offset += ENCODE_BLOCK) {
      const encoded = encoder.encodeBuffer(pcm.subarray(offset, offset + ENCODE_BLOCK));
      if (encoded.length > 0) parts.push(encoded.slice());
    }
  }
  const tail = encoder.flush();
  if (tail.length > 0) parts.push(tail.slice());
  const audio = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    audio.set(part, offset);
    offset += part.length;
  }
  return { audio, startSamples, totalSamples, sampleRate: state.sampleRate };
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
