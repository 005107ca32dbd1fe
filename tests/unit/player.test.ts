// The player's pure rules (spec sections 3, 4 and 8): narration text and sentences, estimated sentence timings,
// the sentence heard at a time, message order, the answer headers, the load and transcription messages, and the
// recording format preference.
import { describe, expect, it } from "vitest";
import { decodeHeader, loadErrorMessage, parseSources, withToken } from "@/components/player/api";
import { estimateTimings, narrationText, sentenceAt, slideDuration, splitSentences, toPlayerPresentation } from "@/components/player/slides";
import type { QaMessage } from "@/components/player/types";
import { orderMessages, transcriptionFailure } from "@/components/player/use-qa";
import { recordingType } from "@/components/player/use-recorder";
import { HttpError, TransportError } from "@/lib/http/client";

const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

describe("narration text", () => {
  it("splits sentences at '.', '!' and '?'", () => {
    expect(splitSentences("We grow beans. Come along! Will you help? Yes")).toEqual(["We grow beans.", "Come along!", "Will you help?", "Yes"]);
  });

  it("uses the script only when longer than 10 characters, else title and content", () => {
    expect(narrationText("Title", "Body", "A long enough script.")).toBe("A long enough script.");
    expect(narrationText("Title", "Body", "Too short")).toBe("Title. Body");
  });

  it("shares the audio out by text length when the server sent no timings, ending at the duration", () => {
    const timings = estimateTimings(["Short.", "A longer sentence."], 2400);
    expect(timings[0]).toEqual({ text: "Short.", start_ms: 0, end_ms: 600 });
    expect(timings[1]).toEqual({ text: "A longer sentence.", start_ms: 600, end_ms: 2400 });
    expect(sentenceAt(timings, 0)).toBe(0);
    expect(sentenceAt(timings, 599)).toBe(0);
    expect(sentenceAt(timings, 600)).toBe(1);
    expect(sentenceAt(timings, 9999)).toBe(1);
  });

  it("gives each slide 10 + 2 x index seconds and 'Slide {n}' without a title", () => {
    expect([0, 1, 2].map(slideDuration)).toEqual([10, 12, 14]);
    const deck = toPlayerPresentation(
      {
        id: "p",
        status: "completed",
        blog: { blog_title: "Garden" },
        slides: [
          { id: "b", slide_number: 2, slide_title: "", body: "Beans", slide_content: "", public_web_image_url: "/shared/2", public_audio_url: null },
          { id: "a", slide_number: 1, slide_title: "One", body: "", slide_content: "The first slide's script.", public_web_image_url: "/shared/1", public_audio_url: "/audio/1", audio_sentences: [{ text: "The first slide's script.", start_ms: 0, end_ms: 1500 }] },
        ],
      },
      true,
    );
    expect(deck.title).toBe("Garden");
    expect(deck.slides.map((slide) => slide.title)).toEqual(["One", "Slide 2"]);
    expect(deck.slides[0]).toMatchObject({ imageUrl: "/shared/1", audioUrl: "/audio/1", duration: 10 });
    expect(deck.slides[1]).toMatchObject({ narratorScript: "Slide 2. Beans", audioUrl: null, duration: 12 });
  });
});

describe("Q&A", () => {
  it("orders messages by time, a question before an answer of the same time, then by id", () => {
    const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 10, 0, second)).toISOString();
    const messages: QaMessage[] = [
      { id: "b", type: "answer", content: "", timestamp: at(5) },
      { id: "c", type: "question", content: "", timestamp: at(5) },
      { id: "a", type: "question", content: "", timestamp: at(5) },
      { id: "z", type: "answer", content: "", timestamp: at(1) },
    ];
    expect(orderMessages(messages).map((message) => message.id)).toEqual(["z", "a", "c", "b"]);
  });

  it("reads the answer's Base64 UTF-8 headers and its sources", () => {
    expect(decodeHeader(base64("Grüße: beans & herbs"))).toBe("Grüße: beans & herbs");
    expect(decodeHeader(null)).toBe("");
    expect(parseSources(base64(JSON.stringify([{ label: "Slide 3", slide_number: 3 }, { label: "garden.pdf", slide_number: null }, { nope: 1 }])))).toEqual([
      { label: "Slide 3", slide_number: 3 },
      { label: "garden.pdf", slide_number: null },
    ]);
    expect(parseSources(base64("not json"))).toEqual([]);
  });

  it("maps transcription failures to the spec's toasts", () => {
    const http = (status: number, detail: string) => new HttpError(status, JSON.stringify({ detail }));
    expect(transcriptionFailure(http(400, "Recording must be at least 1 second. Please try again."))).toEqual({
      title: "Recording Too Short",
      description: "Recording must be at least 1 second. Please try again.",
    });
    expect(transcriptionFailure(http(400, "Audio data is a file path, not Base64 audio data")).title).toBe("Invalid Audio Data");
    expect(transcriptionFailure(http(415, "Audio format not supported. Please try recording again."))).toEqual({
      title: "Transcription Failed",
      description: "Audio format not supported. Please try recording again.",
    });
    expect(transcriptionFailure(http(422, "No speech detected. Please speak clearly and try again.")).description).toBe(
      "No speech detected. Please speak clearly and try again.",
    );
    expect(transcriptionFailure(http(503, "Speech recognition service is not configured.")).description).toBe("Speech recognition service is not configured.");
    expect(transcriptionFailure(new TransportError("network"))).toEqual({ title: "Transcription Error", description: "Failed to transcribe audio. Please try again." });
  });

  it("prefers webm/opus, then mp4, then webm for recordings", () => {
    expect(recordingType(() => true)).toBe("audio/webm;codecs=opus");
    expect(recordingType((type) => type === "audio/mp4" || type === "audio/webm")).toBe("audio/mp4");
    expect(recordingType((type) => type === "audio/webm")).toBe("audio/webm");
    expect(recordingType(() => false)).toBe("");
  });
});

describe("loading", () => {
  const shared = { kind: "shared", token: "tok/en" } as const;
  const signedIn = { kind: "signed-in", presentationId: "p" } as const;

  it("adds the share token to every shared call", () => {
    expect(withToken("/qa/history?session_id=s", shared)).toBe("/qa/history?session_id=s&token=tok%2Fen");
    expect(withToken("/qa/question", signedIn)).toBe("/qa/question");
  });

  it("uses the signed-in and shared message lists of section 8", () => {
    expect(loadErrorMessage(signedIn, 401)).toBeNull();
    expect(loadErrorMessage(signedIn, 404)).toBe("Presentation not found or you do not have access to it.");
    expect(loadErrorMessage(signedIn, 403)).toBe("You do not have permission to view this presentation.");
    expect(loadErrorMessage(signedIn, "timeout")).toBe("The presentation is taking too long to load. Please check your connection and try again.");
    expect(loadErrorMessage(signedIn, "network")).toBe("Network error. Please check your internet connection and try again.");
    expect(loadErrorMessage(signedIn, 500)).toBe("An error occurred while loading the presentation. Please try again.");
    expect(loadErrorMessage(shared, 404)).toBe("This presentation is no longer available or the link has expired.");
    expect(loadErrorMessage(shared, 400)).toBe("This presentation is not yet ready for viewing.");
    expect(loadErrorMessage(shared, 500)).toBe("An error occurred while loading the presentation.");
  });
});
