// The creation wizard's pure rules (spec sections 2, 5, 8 and 9): the steps of each method, the Back button, the
// method button labels, the AI progress stages, the PowerPoint file checks and parse answers, and error texts.
import { describe, expect, it } from "vitest";
import { editorSlidesOf, parsedSlidesOf, powerPointProblem, PPT_MAX_BYTES } from "@/components/presentations/wizard/files";
import { parseFailureMessage, reviewLoadMessage, saveFailureMessage, templateLoadMessage } from "@/components/presentations/wizard/messages";
import { PROGRESS_STAGES, serverStageIndex, shownStage, timedStageIndex } from "@/components/presentations/wizard/progress";
import { backTarget, FLOWS, firstStepOf, methodButtonLabel, stepsFor } from "@/components/presentations/wizard/steps";
import { hasMainSource, type WizardBlog } from "@/components/presentations/wizard/types";
import { HttpError, TransportError } from "@/lib/http/client";

/** A failed call as the API client throws it (the message helper parses this text). */
const failed = (status: number, body: unknown = {}) => new HttpError(status, JSON.stringify(body));

describe("wizard steps", () => {
  it("goes through each method's steps in the spec's order", () => {
    expect(FLOWS.manual).toEqual(["method-selection", "manual-creation", "complete"]);
    expect(FLOWS.import_ppt).toEqual(["method-selection", "import-ppt", "complete"]);
    expect(FLOWS.ai_template).toEqual(["method-selection", "template-selector", "ai-editor", "complete"]);
    expect(firstStepOf("ai_template")).toBe("template-selector");
    expect(firstStepOf("import_ppt")).toBe("import-ppt");
  });

  it("starts at manual creation when not all methods are enabled", () => {
    expect(stepsFor(null, false)).toEqual(["manual-creation", "complete"]);
    expect(stepsFor("ai_template", true)).toEqual(FLOWS.ai_template);
  });

  it("labels the Back button by where it leads", () => {
    expect(backTarget("method-selection", { blogKnown: true, allMethods: true })).toEqual({ label: "Back to Blog", to: "blog" });
    expect(backTarget("import-ppt", { blogKnown: true, allMethods: true })).toEqual({ label: "Back to Methods", to: "methods" });
    expect(backTarget("ai-editor", { blogKnown: true, allMethods: true }).label).toBe("Back to Methods");
    expect(backTarget("manual-creation", { blogKnown: true, allMethods: false }).label).toBe("Back to Blog");
    expect(backTarget("method-selection", { blogKnown: false, allMethods: true })).toEqual({ label: "Back to Blogs", to: "projects" });
  });

  it("offers 'Regenerate with' once the blog has a presentation", () => {
    expect(methodButtonLabel("AI Generation", true)).toBe("Regenerate with AI Generation");
    expect(methodButtonLabel("AI Generation", false)).toBe("Choose AI Generation");
  });
});

describe("AI generation progress", () => {
  it("has the spec's stages: 5, 20 after 1 s, 60 after 3 s, 85 after 6 s, 100", () => {
    expect(PROGRESS_STAGES.map((stage) => stage.percent)).toEqual([5, 20, 60, 85, 100]);
    expect([0, 999, 1000, 2999, 3000, 5999, 6000, 60_000].map((ms) => PROGRESS_STAGES[timedStageIndex(ms)]!.percent)).toEqual([
      5, 5, 20, 20, 60, 60, 85, 85,
    ]);
  });

  it("shows the later of the timed stage and the server's", () => {
    expect(shownStage(500, { status: "processing", progress: 60 }).percent).toBe(60);
    expect(shownStage(6500, { status: "processing", progress: 20 }).percent).toBe(85);
    expect(shownStage(0, null).percent).toBe(5);
    expect(serverStageIndex(59)).toBe(1);
  });

  it("reaches 100% only when the server reports completion", () => {
    expect(shownStage(60_000, { status: "processing", progress: 100 }).percent).toBe(85);
    expect(shownStage(0, { status: "completed", progress: 100 })).toMatchObject({ id: "completed", percent: 100 });
  });
});

describe("PowerPoint files", () => {
  it("accepts .ppt and .pptx under 50MB", () => {
    expect(powerPointProblem({ name: "Deck.PPTX", size: 1000 })).toBeNull();
    expect(powerPointProblem({ name: "old.ppt", size: PPT_MAX_BYTES - 1 })).toBeNull();
  });

  it("refuses other types and files of 50MB or more with the spec's titles and messages", () => {
    expect(powerPointProblem({ name: "notes.pdf", size: 10 })).toEqual({
      title: "Invalid File Type",
      message: "Please upload a valid PowerPoint file (.ppt or .pptx)",
    });
    expect(powerPointProblem({ name: "deck.pptx.zip", size: 10 })?.title).toBe("Invalid File Type");
    expect(powerPointProblem({ name: "big.pptx", size: PPT_MAX_BYTES })).toEqual({ title: "File Too Large", message: "PowerPoint file must be less than 50MB" });
  });

  it("reads parse-ppt's slides, and nothing from an empty or odd answer", () => {
    expect(parsedSlidesOf({ slides: [] })).toBeNull();
    expect(parsedSlidesOf({ slides: "x" })).toBeNull();
    expect(parsedSlidesOf(null)).toBeNull();
    expect(parsedSlidesOf({ slides: [{ title: "Intro", notes: "Hello", content: "A\nB", imagePath: null, imageUrl: null }] })).toEqual([
      { slide_number: undefined, title: "Intro", notes: "Hello", content: "A\nB", imagePath: null, imageUrl: null },
    ]);
    expect(parsedSlidesOf({ slides: [{ title: 3 }] })).toEqual([{ slide_number: undefined, title: "", notes: "", content: "", imagePath: null, imageUrl: null }]);
  });
});

describe("imported slides in the editor", () => {
  it("turns titles, text, notes and renderings into editor slides", () => {
    const [slide] = editorSlidesOf([{ title: "Highlights", content: "Revenue grew 12%", notes: "Three things stood out.", imagePath: "t/slides/a.png", imageUrl: "/api/v1/files/view?path=a" }]);
    expect(slide).toMatchObject({
      title: "Highlights",
      body: "Revenue grew 12%",
      script: "Three things stood out.",
      imagePath: "t/slides/a.png",
      imageUrl: "/api/v1/files/view?path=a",
      previewUrl: "/api/v1/files/view?path=a",
    });
    expect(slide?.id).toBeUndefined();
    expect(slide?.key).toBeTruthy();
  });
});

describe("AI main-source rule", () => {
  const blog = (sources: WizardBlog["sources"]): WizardBlog => ({
    id: "b",
    blog_title: "T",
    project_id: "p",
    project_name: "P",
    main_text: null,
    is_website: false,
    sources,
    language: null,
  });
  const source = (kind: WizardBlog["sources"][number]["kind"], url: string | null, file: boolean): WizardBlog["sources"][number] => ({
    id: kind,
    kind,
    position: 0,
    url,
    file: file ? { s3_path: "k", filename: "a.pdf", size: 1, content_type: "application/pdf" } : null,
    extraction_status: "ready",
    extraction_error: null,
    extracted_at: null,
    language: null,
  });

  it("needs a main document file or URL", () => {
    expect(hasMainSource(blog([source("main_document", null, true)]))).toBe(true);
    expect(hasMainSource(blog([source("main_document", "https://example.com", false)]))).toBe(true);
    expect(hasMainSource(blog([source("main_document", null, false)]))).toBe(false);
    expect(hasMainSource(blog([source("website_link", "https://example.com", false)]))).toBe(false);
  });
});

describe("wizard error texts", () => {
  it("maps template load failures as section 8 lists them", () => {
    expect(templateLoadMessage(failed(404))).toMatch(/^Templates endpoint not found/);
    expect(templateLoadMessage(failed(401))).toBe("Authentication required. Please log in again.");
    expect(templateLoadMessage(failed(403))).toBe("Authentication required. Please log in again.");
    expect(templateLoadMessage(failed(500))).toBe("Server error. Please try again later.");
    expect(templateLoadMessage(new TransportError("network"))).toBe("Network error. Please check your internet connection.");
    expect(templateLoadMessage(failed(400))).toBe("Failed to load templates");
  });

  it("keeps the server's reason for parsing and saving, with the spec's fallbacks", () => {
    expect(parseFailureMessage(failed(422, { detail: "No slides found in PowerPoint file or invalid response format" }))).toBe(
      "No slides found in PowerPoint file or invalid response format",
    );
    expect(parseFailureMessage(failed(403))).toMatch(/^Access denied to uploaded file/);
    expect(parseFailureMessage(failed(500))).toBe("PowerPoint file uploaded but parsing failed due to server configuration. Please contact support.");
    expect(saveFailureMessage(failed(500), "Failed to create manual presentation")).toBe("Failed to create manual presentation");
    expect(saveFailureMessage(failed(409, { detail: "stale" }), "x")).toBe("stale");
  });

  it("explains a generated presentation that cannot be loaded", () => {
    expect(reviewLoadMessage(failed(404))).toBe("Presentation not found. It may have been deleted or is still being generated.");
    expect(reviewLoadMessage(failed(403))).toBe("You do not have permission to access this presentation.");
  });
});
