// What the player tells assistive technology (issue 24): the live regions' words for each change of state, the
// latest answer read out, and a slide image's alternative text from its title and lines.
import { describe, expect, it } from "vitest";
import { answerMessage, statusMessage, type AnnouncedState } from "@/components/player/announcements";
import { slideAlt } from "@/components/player/slides";
import type { QaMessage } from "@/components/player/types";

const idle: AnnouncedState = { playing: false, index: 0, total: 3, title: "The Community Garden", recorder: "idle" };

describe("player status messages", () => {
  it("says playing and paused", () => {
    expect(statusMessage(idle, { ...idle, playing: true })).toBe("Narration playing");
    expect(statusMessage({ ...idle, playing: true }, idle)).toBe("Narration paused");
  });

  it("says the slide reached, of how many, and its title, before the narration going on", () => {
    expect(statusMessage(idle, { ...idle, playing: true, index: 1, title: "What We Grow" })).toBe("Slide 2 of 3: What We Grow");
  });

  it("says a question is being recorded, then processed; nothing when recording ends without one", () => {
    const recording = { ...idle, recorder: "recording" as const };
    expect(statusMessage(idle, recording)).toMatch(/^Recording your question/);
    expect(statusMessage(recording, { ...idle, recorder: "processing" })).toBe("Processing your question.");
    expect(statusMessage(recording, idle)).toBeNull();
    expect(statusMessage(idle, { ...idle })).toBeNull();
  });
});

describe("the answer read out", () => {
  const message = (id: string, type: QaMessage["type"], content: string): QaMessage => ({ id, type, content, timestamp: "2026-11-26T03:00:00Z" });

  it("is the latest answer's words, nothing before an answer", () => {
    expect(answerMessage([])).toBe("");
    expect(answerMessage([message("1", "question", "What grows?")])).toBe("");
    const messages = [message("1", "question", "What grows?"), message("2", "answer", "Tomatoes."), message("3", "question", "When?"), message("4", "answer", "On Saturdays.")];
    expect(answerMessage(messages)).toBe("Answer: On Saturdays.");
  });
});

describe("slide image alternative text", () => {
  it("is the title, then the slide's lines without list marks", () => {
    expect(slideAlt("The Community Garden", "- Forty raised beds\n• Open to every neighbour.")).toBe("The Community Garden. Forty raised beds. Open to every neighbour");
  });

  it("is the title alone for a slide without text, and is cut short with an ellipsis when long", () => {
    expect(slideAlt("Thanks", "")).toBe("Thanks");
    const alt = slideAlt("Long", Array.from({ length: 60 }, (_, index) => `Line number ${index}`).join("\n"));
    expect(alt.length).toBeLessThanOrEqual(400);
    expect(alt.endsWith("…")).toBe(true);
  });
});
