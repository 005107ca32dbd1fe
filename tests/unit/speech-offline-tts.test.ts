// The offline voice runs for real: eSpeak NG (WebAssembly), its MP3 encoded by ffmpeg's LAME (or lamejs where ffmpeg
// is missing). Its MP3 is decoded with Debian's ffmpeg to check it is audio, not silence, as long as it says, and that
// sentence timings fall where the speech is; both encoders give the same audio length and sentence starts.
import { execFileSync, fork } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SpeechInputRejected } from "@/lib/speech/errors";
import { benchmarkText } from "@/lib/speech/bench";
import { mp3Info } from "@/lib/speech/mp3";
import { espeakTts, espeakWorkerCount } from "@/lib/speech/providers/espeak";
import { offlineTextToSpeech } from "@/lib/speech/tts";

const SAMPLE_RATE = 22_050;

/** The MP3 decoded by ffmpeg to 16-bit mono PCM at 22,050 Hz. */
function decode(mp3: Uint8Array): Int16Array {
  const pcm = execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", "pipe:0", "-f", "s16le", "-ac", "1", "-ar", String(SAMPLE_RATE), "pipe:1"], {
    input: mp3,
    maxBuffer: 64 * 1024 * 1024,
  });
  return new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.length / 2));
}

function rms(samples: Int16Array, from = 0, to = samples.length): number {
  let sum = 0;
  for (let index = from; index < to; index += 1) sum += samples[index]! * samples[index]!;
  return Math.sqrt(sum / Math.max(1, to - from));
}

const SHORT = "Welcome to the presentation.";
const LONGER =
  "Welcome to the presentation. Today we look at how compost turns kitchen scraps into soil. " +
  "First, we gather green and brown material in roughly equal parts! Then we keep the heap moist and turn it every week. " +
  "After a few months, what is left smells of a forest floor. Is that not remarkable?";

// The first test loads the WebAssembly engine (about half a second alone, more on a busy machine).
describe("offline text to speech (eSpeak NG, MP3 by LAME)", { timeout: 60_000 }, () => {
  it("makes MP3 that decodes to speech, not silence, as long as it reports", async () => {
    const speech = await offlineTextToSpeech().synthesize(LONGER);
    expect(speech.mimeType).toBe("audio/mpeg");
    expect(speech.provider).toBe("espeak-tts");
    // MP3 frames, not WAV: an MPEG sync word (or ID3), never RIFF.
    expect(Buffer.from(speech.audio.subarray(0, 4)).toString("latin1")).not.toBe("RIFF");
    expect(mp3Info(speech.audio)).toMatchObject({ sampleRate: SAMPLE_RATE });
    // 64 kbps mono: about 8 kB per second of audio.
    expect(speech.audio.length / (speech.durationMs / 1000)).toBeGreaterThan(7_000);
    expect(speech.audio.length / (speech.durationMs / 1000)).toBeLessThan(9_000);

    const samples = decode(speech.audio);
    const decodedMs = (samples.length / SAMPLE_RATE) * 1000;
    expect(Math.abs(decodedMs - speech.durationMs)).toBeLessThan(60);
    // Speech is loud on average (16-bit full scale is 32768); digital silence is 0.
    expect(rms(samples)).toBeGreaterThan(500);
  });

  it("takes longer to say more", async () => {
    const tts = espeakTts();
    const short = await tts.synthesize(SHORT);
    const longer = await tts.synthesize(LONGER);
    expect(short.durationMs).toBeGreaterThan(1_000);
    expect(longer.durationMs).toBeGreaterThan(short.durationMs * 4);
  });

  it("times every sentence, in order, covering the whole audio, where the speech is", async () => {
    const speech = await espeakTts().synthesize(LONGER);
    expect(speech.timing).toBe("exact");
    expect(speech.sentences.map((sentence) => sentence.text)).toEqual([
      "Welcome to the presentation.",
      "Today we look at how compost turns kitchen scraps into soil.",
      "First, we gather green and brown material in roughly equal parts!",
      "Then we keep the heap moist and turn it every week.",
      "After a few months, what is left smells of a forest floor.",
      "Is that not remarkable?",
    ]);
    expect(speech.sentences[0]!.startMs).toBe(0);
    expect(speech.sentences.at(-1)!.endMs).toBe(speech.durationMs);
    for (const [index, sentence] of speech.sentences.entries()) {
      expect(sentence.endMs).toBeGreaterThan(sentence.startMs);
      if (index > 0) expect(sentence.startMs).toBe(speech.sentences[index - 1]!.endMs);
    }
    // Longer sentences take longer.
    const lengthOf = (index: number) => speech.sentences[index]!.endMs - speech.sentences[index]!.startMs;
    expect(lengthOf(2)).toBeGreaterThan(lengthOf(0));
    // Each sentence's first 150 ms hold its first sound: speech there, where a misplaced timing would find a pause.
    const samples = decode(speech.audio);
    for (const sentence of speech.sentences.slice(1)) {
      const from = Math.round((sentence.startMs / 1000) * SAMPLE_RATE);
      const window = rms(samples, from, from + Math.round(0.15 * SAMPLE_RATE));
      expect(window, `speech at the start of "${sentence.text}"`).toBeGreaterThan(300);
    }
  });

  it("speaks other languages and honours the words-per-minute setting", async () => {
    const german = await espeakTts().synthesize("Guten Tag. Wie geht es Ihnen?", { language: "de" });
    expect(german.durationMs).toBeGreaterThan(1_000);
    const slow = await espeakTts({ wordsPerMinute: 100 }).synthesize(SHORT);
    const fast = await espeakTts({ wordsPerMinute: 300 }).synthesize(SHORT);
    expect(slow.durationMs).toBeGreaterThan(fast.durationMs * 1.5);
  });

  it("refuses empty text and unknown voices with a clear error", async () => {
    await expect(espeakTts().synthesize("   ")).rejects.toBeInstanceOf(SpeechInputRejected);
    await expect(espeakTts().synthesize(SHORT, { voice: "klingon-xx" })).rejects.toThrow('eSpeak NG has no voice or language "klingon-xx".');
  });

  it("speaks in its own thread: the server's event loop keeps turning while a long text is spoken", async () => {
    const text = benchmarkText(400);
    await espeakTts().synthesize("The engine is loaded first.");
    let turns = 0;
    let speaking = true;
    const spin = () => {
      turns += 1;
      if (speaking) setImmediate(spin);
    };
    setImmediate(spin);
    const speech = await espeakTts().synthesize(text);
    speaking = false;
    // On this thread the engine would give the loop one turn per sentence at most (synthesis is synchronous).
    expect(speech.sentences.length).toBeGreaterThan(10);
    expect(turns).toBeGreaterThan(speech.sentences.length * 20);
  });

  it("keeps concurrent narrations apart (one engine, one text at a time)", async () => {
    const tts = espeakTts();
    const [english, alone] = await Promise.all([
      tts.synthesize(LONGER),
      espeakTts({ wordsPerMinute: 300 }).synthesize("Bonjour à tous. Merci beaucoup.", { language: "fr" }),
    ]);
    const again = await tts.synthesize(LONGER);
    // The same text takes as long whatever ran beside it: the other narration's voice or rate (almost twice as fast)
    // leaking in would change it by far more than eSpeak's few milliseconds of carried-over pause.
    expect(Math.abs(english.durationMs - again.durationMs)).toBeLessThan(again.durationMs * 0.02);
    expect(english.sentences.map((sentence) => sentence.text)).toEqual(again.sentences.map((sentence) => sentence.text));
    expect(alone.sentences).toHaveLength(2);
  });

  it("with more workers (ESPEAK_WORKERS), texts spoken at the same time come out as they do alone", async () => {
    const before = process.env.ESPEAK_WORKERS;
    process.env.ESPEAK_WORKERS = "2";
    try {
      expect(espeakWorkerCount()).toBe(2);
      const slow = espeakTts({ wordsPerMinute: 120 });
      const fast = espeakTts({ wordsPerMinute: 300 });
      const [a, b] = await Promise.all([slow.synthesize(LONGER), fast.synthesize(LONGER)]);
      const [aloneA, aloneB] = [await slow.synthesize(LONGER), await fast.synthesize(LONGER)];
      expect(Math.abs(a.durationMs - aloneA.durationMs)).toBeLessThan(aloneA.durationMs * 0.02);
      expect(Math.abs(b.durationMs - aloneB.durationMs)).toBeLessThan(aloneB.durationMs * 0.02);
      expect(a.durationMs).toBeGreaterThan(b.durationMs * 1.5);
    } finally {
      if (before === undefined) delete process.env.ESPEAK_WORKERS;
      else process.env.ESPEAK_WORKERS = before;
    }
  });

  it("encodes alike with ffmpeg's LAME and, where ffmpeg is missing, with lamejs", async () => {
    type Reply = { ok: true; audio: Uint8Array; startSamples: number[]; totalSamples: number } | { ok: false; message: string };
    const speak = (ffmpegPath: string) =>
      new Promise<Extract<Reply, { ok: true }>>((resolve, reject) => {
        const engine = fork(path.join(process.cwd(), "lib", "speech", "espeak-worker.mjs"), [ffmpegPath], { serialization: "advanced" });
        engine.once("message", (message) => {
          engine.kill();
          const reply = message as Reply;
          if (reply.ok) resolve(reply);
          else reject(new Error(reply.message));
        });
        engine.once("error", reject);
        engine.send({ id: 1, sentences: ["Welcome to the presentation.", "Today we look at compost."], voice: "en-us", wordsPerMinute: 165 });
      });
    const [native, javascript] = await Promise.all([speak("ffmpeg"), speak("/nonexistent/ffmpeg")]);
    // Two encoders, two byte streams (ffmpeg is installed with the speech tools on every test machine).
    expect(Buffer.from(native.audio).equals(Buffer.from(javascript.audio))).toBe(false);
    expect(native.startSamples).toEqual(javascript.startSamples);
    expect(native.totalSamples).toBe(javascript.totalSamples);
    const [nativeInfo, javascriptInfo] = [mp3Info(native.audio), mp3Info(javascript.audio)];
    // The same frames: the same length to within one MP3 frame (1,152 samples, 52 ms at 22,050 Hz).
    expect(Math.abs(nativeInfo!.durationMs - javascriptInfo!.durationMs)).toBeLessThan(60);
    // Both decode to speech where the second sentence starts.
    for (const audio of [native.audio, javascript.audio]) {
      const pcm = decode(audio);
      expect(rms(pcm, native.startSamples[1]!, native.startSamples[1]! + SAMPLE_RATE / 2)).toBeGreaterThan(300);
    }
  });
});
