// Captions carry the deck's language: a 'Language:' line in the WebVTT header and the response's Content-Language.
import { describe, expect, it } from "vitest";
import { captionsResponse, webVtt } from "@/lib/services/captions";

const slide = { slide_number: 1, slide_title: "Le verger", audio_duration_ms: 2000, audio_sentences: [{ text: "Bienvenue.", start_ms: 0, end_ms: 2000 }] };

describe("captions in the deck's language", () => {
  it("names the language in the WebVTT header and the response", () => {
    const vtt = webVtt([slide], "fr");
    expect(vtt.startsWith("WEBVTT\nLanguage: fr\n\nNOTE Slide 1: Le verger\n")).toBe(true);
    expect(captionsResponse(vtt, false).headers.get("Content-Language")).toBe("fr");
  });

  it("writes the header as before when no language is given", () => {
    const vtt = webVtt([slide]);
    expect(vtt.startsWith("WEBVTT\n\nNOTE Slide 1")).toBe(true);
    expect(captionsResponse(vtt, false).headers.get("Content-Language")).toBeNull();
  });
});
