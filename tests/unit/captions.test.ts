// WebVTT captions from narration timings: one cue per sentence, each slide's audio after the one before.
import { describe, expect, it } from "vitest";
import { webVtt } from "@/lib/services/captions";

const slides = [
  {
    slide_number: 1,
    slide_title: "Heat <and> cold",
    audio_duration_ms: 4_200,
    audio_sentences: [
      { text: "Cities run hot.", start_ms: 0, end_ms: 1_500 },
      { text: "Asphalt & brick --> store heat.", start_ms: 1_500, end_ms: 4_000 },
    ],
  },
  { slide_number: 2, slide_title: "No audio", audio_duration_ms: null, audio_sentences: null },
  {
    slide_number: 3,
    slide_title: "Trees",
    audio_duration_ms: 3_000,
    audio_sentences: [
      { text: "Trees cool the air.", start_ms: 100, end_ms: 2_900 },
      { text: "   ", start_ms: 2_900, end_ms: 3_000 },
    ],
  },
];

describe("webVtt", () => {
  it("writes one cue per sentence on the whole deck's timeline, escaped, with each slide noted", () => {
    expect(webVtt(slides)).toBe(
      [
        "WEBVTT",
        "",
        "NOTE Slide 1: Heat &lt;and&gt; cold",
        "",
        "slide-1-1",
        "00:00:00.000 --> 00:00:01.500",
        "Cities run hot.",
        "",
        "slide-1-2",
        "00:00:01.500 --> 00:00:04.000",
        "Asphalt &amp; brick --&gt; store heat.",
        "",
        "NOTE Slide 3: Trees",
        "",
        "slide-3-1",
        "00:00:04.300 --> 00:00:07.100",
        "Trees cool the air.",
        "",
      ].join("\n"),
    );
  });

  it("gives one slide's cues on its own audio's timeline, and hours when a deck runs long", () => {
    expect(webVtt([slides[2]!])).toContain("00:00:00.100 --> 00:00:02.900\nTrees cool the air.");
    const long = { ...slides[0]!, audio_duration_ms: 3_700_000 };
    expect(webVtt([long, slides[2]!])).toContain("01:01:40.100 --> 01:01:42.900");
  });

  it("never lets a cue end after its slide's audio or before it starts", () => {
    const vtt = webVtt([{ slide_number: 1, slide_title: "T", audio_duration_ms: 1_000, audio_sentences: [{ text: "Late.", start_ms: 900, end_ms: 1_400 }] }]);
    expect(vtt).toContain("00:00:00.900 --> 00:00:01.000");
  });
});
