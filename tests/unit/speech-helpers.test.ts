// The small pieces under the speech providers: MP3 frame walking, narration sentences and request groups, timings
// shared out by characters, the voice and language of a request, and telling a recording's container by its bytes.
import { describe, expect, it } from "vitest";
import { detectAudioContainer } from "@/lib/speech/audio";
import { UnsupportedAudioFormat } from "@/lib/speech/errors";
import { concatMp3, mp3Info } from "@/lib/speech/mp3";
import { withoutKeyLikeTokens } from "@/lib/speech/provider-call";
import { pickVoice } from "@/lib/speech/providers/cloud";
import { estimatedStarts, groupSentences, narrationSentences, splitLongSentence, timingsFromStarts } from "@/lib/speech/sentences";
import { sttProviderId, ttsProviderId } from "@/lib/speech/types";
import { mp3Tone } from "../support/speech-standins";

describe("MP3 frames", () => {
  it("measures a file by its frames, past an ID3 tag and trailing junk", () => {
    const tone = mp3Tone(480); // 20 frames of 24 ms
    expect(mp3Info(tone)).toEqual({ durationMs: 480, frames: 20, sampleRate: 24_000 });
    const id3 = Buffer.concat([Buffer.from("ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0005", "latin1"), Buffer.alloc(5)]);
    expect(mp3Info(Buffer.concat([id3, tone, Buffer.from("TAG plus an ID3v1 tail")]))?.durationMs).toBe(480);
  });

  it("finds no audio in text, HTML or WAV", () => {
    expect(mp3Info(Buffer.from("<html><body>Service unavailable</body></html>"))).toBeUndefined();
    expect(mp3Info(Buffer.from("RIFF\u0000\u0000\u0000\u0000WAVEfmt ", "latin1"))).toBeUndefined();
    expect(mp3Info(new Uint8Array(0))).toBeUndefined();
  });

  it("joins answers into one file, dropping the later parts' ID3 tags", () => {
    const id3 = Buffer.concat([Buffer.from("ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0005", "latin1"), Buffer.alloc(5)]);
    const joined = concatMp3([Buffer.concat([id3, mp3Tone(240)]), Buffer.concat([id3, mp3Tone(480)])]);
    expect(joined.length).toBe(id3.length + mp3Tone(240).length + mp3Tone(480).length);
    expect(mp3Info(joined)?.durationMs).toBe(720);
  });
});

describe("narration sentences", () => {
  it("splits at sentence ends, keeping abbreviations and decimals whole", () => {
    expect(narrationSentences("Dr. Smith measured 3.5 litres. Was it enough? Yes!  It was.")).toEqual(["Dr. Smith measured 3.5 litres.", "Was it enough?", "Yes!", "It was."]);
  });

  it("cuts an over-long sentence after a comma where it can, else between words", () => {
    const pieces = splitLongSentence("We mixed greens and browns in equal parts, turned the heap every week, and waited for the summer to do the rest of the work.", 50);
    expect(pieces).toEqual(["We mixed greens and browns in equal parts,", "turned the heap every week,", "and waited for the summer to do the rest of the", "work."]);
    expect(pieces.every((piece) => piece.length <= 50)).toBe(true);
    expect(splitLongSentence("Supercalifragilisticexpialidocious", 10)).toEqual(["Supercalif", "ragilistic", "expialidoc", "ious"]);
  });

  it("groups consecutive sentences within a request limit", () => {
    expect(groupSentences(["One two.", "Three four.", "Five six seven eight."], 20)).toEqual([
      { sentences: [0, 1], text: "One two. Three four." },
      { sentences: [2], text: "Five six seven eight." },
    ]);
  });

  it("shares time out by characters and makes consecutive timings that cover the audio", () => {
    const sentences = ["Short.", "A much longer sentence."];
    const starts = estimatedStarts(sentences, 0, 1000);
    expect(starts[0]).toBe(0);
    expect(starts[1]).toBeCloseTo((6 / 26) * 1000, 5);
    expect(timingsFromStarts(sentences, starts, 1000)).toEqual([
      { text: "Short.", startMs: 0, endMs: 231 },
      { text: "A much longer sentence.", startMs: 231, endMs: 1000 },
    ]);
  });
});

describe("voices and providers", () => {
  it("takes the voice asked for with its language, else drops a default voice that does not speak the language", () => {
    expect(pickVoice({}, "en-US-Standard-A", "en-US")).toEqual({ voice: "en-US-Standard-A", language: "en-US" });
    expect(pickVoice({ voice: "de-DE-Wavenet-B" }, "en-US-Standard-A", "en-US")).toEqual({ voice: "de-DE-Wavenet-B", language: "de-DE" });
    expect(pickVoice({ language: "fr-FR" }, "en-US-Standard-A", "en-US")).toEqual({ language: "fr-FR" });
    expect(pickVoice({ language: "en" }, "en-US-Standard-A", "en-US")).toEqual({ voice: "en-US-Standard-A", language: "en-US" });
  });

  it("reads provider names as the spec's preferences spell them", () => {
    expect(ttsProviderId("google-cloud")).toBe("google-cloud-tts");
    expect(ttsProviderId("azure")).toBe("azure-tts");
    expect(ttsProviderId("gtts")).toBe("gtts");
    expect(ttsProviderId("elevenlabs-tts")).toBe("elevenlabs-tts");
    expect(ttsProviderId("festival")).toBeUndefined();
    expect(sttProviderId("openai-whisper")).toBe("openai-whisper");
    expect(sttProviderId("google-cloud")).toBe("google-cloud-speech");
    expect(sttProviderId(null)).toBeUndefined();
  });

  it("blanks key-like tokens a provider echoes, masked or not", () => {
    expect(withoutKeyLikeTokens("Incorrect API key provided: sk-pro****wxyz. You can find your API key at https://platform.openai.com.")).toBe(
      "Incorrect API key provided: [redacted]. You can find your API key at https://platform.openai.com.",
    );
    expect(withoutKeyLikeTokens("Invalid API key: xi-standin-abc123")).toBe("Invalid API key: [redacted]");
  });
});

describe("recording containers", () => {
  it("tells webm, ogg, mp4, wav and mp3 by their bytes, and refuses anything else", () => {
    expect(detectAudioContainer(Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f]))).toBe("webm");
    expect(detectAudioContainer(Buffer.from("OggS\u0000\u0002", "latin1"))).toBe("ogg");
    expect(detectAudioContainer(Buffer.from("\u0000\u0000\u0000\u001cftypisom", "latin1"))).toBe("mp4");
    expect(detectAudioContainer(Buffer.from("RIFF\u0024\u0000\u0000\u0000WAVEfmt ", "latin1"))).toBe("wav");
    expect(detectAudioContainer(mp3Tone(24))).toBe("mp3");
    expect(() => detectAudioContainer(Buffer.from("/tmp/recording.webm"))).toThrow(UnsupportedAudioFormat);
    expect(() => detectAudioContainer(new Uint8Array(0))).toThrow("Audio format not supported. Please try recording again.");
  });
});
