// The slide editor's pure rules (spec sections 3 and 5): API slides to editor slides and back, the save check's
// messages, the image check by type and by the editor's limit, and the list edits (add, remove, move).
import { describe, expect, it } from "vitest";
import {
  bulletsOf,
  fromApiSlides,
  imageProblem,
  insertSlideAfter,
  moveSlide,
  newEditorSlide,
  removeSlide,
  sameSlides,
  SLIDE_MESSAGES,
  slidesProblem,
  toSlideInputs,
  type EditorSlide,
} from "@/components/presentations/editor-slides";
import { galleryOf, hasPendingImages, imageLimitOf, isGenerating } from "@/components/presentations/edit/edit-state";
import type { SlideOut, ThumbnailOut } from "@/lib/services/presentations";
import { PRESENTATION_MESSAGES } from "@/lib/validation/presentations";

const MB = 1024 * 1024;

function apiSlide(number: number, overrides: Partial<SlideOut> = {}): SlideOut {
  return {
    id: `00000000-0000-4000-8000-00000000000${number}`,
    slide_number: number,
    slide_title: `Title ${number}`,
    body: `Point ${number}`,
    slide_content: `Script ${number}`,
    image_path: null,
    image_url: null,
    web_image_path: `t/slides/web-${number}.png`,
    web_image_url: `/api/v1/files/view?path=web-${number}`,
    mobile_image_path: null,
    mobile_image_url: null,
    thumbnail_path: null,
    thumbnail_url: `/api/v1/files/view?path=thumb-${number}`,
    image_status: "ready",
    audio_path: null,
    audio_url: null,
    audio_duration_ms: null,
    script_path: `t/scripts/${number}.script`,
    content_path: `t/scripts/${number}.content`,
    ...overrides,
  };
}

const slide = (overrides: Partial<EditorSlide> = {}) => newEditorSlide({ title: "A title", ...overrides });
const file = (name: string, type: string, size = 100) => ({ name, type, size });

describe("fromApiSlides and toSlideInputs", () => {
  it("orders by slide number, keeps ids, maps body, script and picture, and shows only a current rendering", () => {
    const slides = fromApiSlides([
      apiSlide(2, { image_status: "pending" }),
      apiSlide(1, { image_path: "t/images/a.png", image_url: "/api/v1/files/view?path=a" }),
    ]);
    expect(slides.map((entry) => entry.title)).toEqual(["Title 1", "Title 2"]);
    expect(slides[0]).toMatchObject({
      key: apiSlide(1).id,
      id: apiSlide(1).id,
      body: "Point 1",
      script: "Script 1",
      imagePath: "t/images/a.png",
      imageUrl: "/api/v1/files/view?path=a",
      previewUrl: "/api/v1/files/view?path=web-1",
    });
    expect(slides[1]?.previewUrl).toBeNull();
  });

  it("numbers slides 1..n in the editor's order, trims text and sends no id for new slides", () => {
    const [first, second] = fromApiSlides([apiSlide(1), apiSlide(2)]);
    const added = newEditorSlide({ title: "  New  ", body: " line \n", script: "", imagePath: "t/images/b.png" });
    expect(toSlideInputs([second!, added, first!])).toEqual([
      { id: apiSlide(2).id, slide_number: 1, slide_title: "Title 2", body: "Point 2", slide_content: "Script 2", image_path: null },
      { slide_number: 2, slide_title: "New", body: "line", slide_content: "", image_path: "t/images/b.png" },
      { id: apiSlide(1).id, slide_number: 3, slide_title: "Title 1", body: "Point 1", slide_content: "Script 1", image_path: null },
    ]);
  });

  it("tells changed lists from the same list, previews aside", () => {
    const original = fromApiSlides([apiSlide(1), apiSlide(2)]);
    expect(sameSlides(original, original.map((entry) => ({ ...entry, previewUrl: null })))).toBe(true);
    expect(sameSlides(original, [original[1]!, original[0]!])).toBe(false);
    expect(sameSlides(original, [{ ...original[0]!, script: "Other" }, original[1]!])).toBe(false);
  });
});

describe("slidesProblem", () => {
  it("uses the spec's messages, the same as the server's", () => {
    expect(SLIDE_MESSAGES.noSlides).toBe(PRESENTATION_MESSAGES.noSlides);
    expect(SLIDE_MESSAGES.emptySlide).toBe(PRESENTATION_MESSAGES.emptySlide);
    expect(slidesProblem([])).toBe("A presentation must have at least one slide");
    expect(slidesProblem([slide(), slide({ title: "  ", body: "", script: " " })])).toBe("All slides must have either a title or content");
  });

  it("accepts slides with a title, text or only a script", () => {
    expect(slidesProblem([slide(), slide({ title: "", body: "Point" }), slide({ title: "", script: "Narration" })])).toBeNull();
  });
});

describe("imageProblem", () => {
  it("accepts JPG, PNG and GIF by MIME type, or by extension when the browser gives none", () => {
    for (const candidate of [file("a.png", "image/png"), file("b.jpg", "image/jpeg"), file("c.gif", "image/gif"), file("d.JPEG", ""), file("e.png", "")]) {
      expect(imageProblem(candidate, "manual")).toBeNull();
    }
  });

  it("refuses other types with the spec's message", () => {
    for (const candidate of [file("a.webp", "image/webp"), file("notes.txt", "text/plain"), file("a.svg", "image/svg+xml"), file("noextension", ""), file("fake.png", "application/pdf")]) {
      expect(imageProblem(candidate, "editor")).toBe("Only JPG, GIF, and PNG images are allowed");
    }
    expect(SLIDE_MESSAGES.imageType).toBe(PRESENTATION_MESSAGES.imageType);
  });

  it("allows 5MB in the manual editor and 10MB in the import and AI editors", () => {
    expect(imageProblem(file("a.png", "image/png", 5 * MB), "manual")).toBeNull();
    expect(imageProblem(file("a.png", "image/png", 5 * MB + 1), "manual")).toBe("Image must be less than 5MB");
    expect(imageProblem(file("a.png", "image/png", 5 * MB + 1), "editor")).toBeNull();
    expect(imageProblem(file("a.png", "image/png", 10 * MB + 1), "editor")).toBe("Image must be less than 10MB");
    expect(SLIDE_MESSAGES.imageTooLarge.manual).toBe(PRESENTATION_MESSAGES.imageTooLargeManual);
    expect(SLIDE_MESSAGES.imageTooLarge.editor).toBe(PRESENTATION_MESSAGES.imageTooLargeEditor);
  });
});

describe("list edits", () => {
  it("moves a slide to a clamped position and leaves the input alone", () => {
    const list = ["a", "b", "c", "d"];
    expect(moveSlide(list, 0, 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveSlide(list, 3, 0)).toEqual(["d", "a", "b", "c"]);
    expect(moveSlide(list, 1, 99)).toEqual(["a", "c", "d", "b"]);
    expect(moveSlide(list, 2, 2)).toEqual(list);
    expect(moveSlide(list, 7, 0)).toEqual(list);
    expect(list).toEqual(["a", "b", "c", "d"]);
  });

  it("inserts a new slide after the given one, or at the end", () => {
    const [a, b] = [slide({ title: "a" }), slide({ title: "b" })];
    const added = slide({ title: "new" });
    expect(insertSlideAfter([a, b], 0, added).map((entry) => entry.title)).toEqual(["a", "new", "b"]);
    expect(insertSlideAfter([a, b], -1, added).map((entry) => entry.title)).toEqual(["a", "b", "new"]);
    const fresh = insertSlideAfter([a], 0);
    expect(fresh).toHaveLength(2);
    expect(fresh[1]).toMatchObject({ title: "", body: "", script: "", imagePath: null, imageUrl: null });
    expect(fresh[1]?.key).not.toBe(a.key);
  });

  it("removes a slide but never the last one", () => {
    const [a, b] = [slide({ title: "a" }), slide({ title: "b" })];
    expect(removeSlide([a, b], a.key)).toEqual([b]);
    expect(removeSlide([b], b.key)).toBeNull();
    expect(removeSlide([a, b], "missing")).toEqual([a, b]);
  });

  it("gives new slides unique keys", () => {
    const keys = new Set(Array.from({ length: 50 }, () => newEditorSlide().key));
    expect(keys.size).toBe(50);
  });
});

describe("bulletsOf", () => {
  it("makes one bullet per non-empty line, without typed bullet marks", () => {
    expect(bulletsOf("First\n\n- Second\r\n  * Third  \n• Fourth")).toEqual(["First", "Second", "Third", "Fourth"]);
  });
});

describe("the edit page's rules", () => {
  it("gives manual presentations the 5MB limit and imported or AI ones 10MB", () => {
    expect(imageLimitOf("manual")).toBe("manual");
    expect(imageLimitOf("import_ppt")).toBe("editor");
    expect(imageLimitOf("ai_template")).toBe("editor");
  });

  it("treats pending and processing as still generating", () => {
    expect(["pending", "processing", "completed", "failed"].map(isGenerating)).toEqual([true, true, false, false]);
  });

  it("builds the grid from the slides and the newest thumbnails, placeholders while images are redrawn", () => {
    const presentation = { slides: [apiSlide(2), apiSlide(1, { image_status: "pending" })] };
    const before = galleryOf(presentation, null);
    expect(before.map((entry) => [entry.number, entry.title, entry.pending])).toEqual([
      [1, "Title 1", true],
      [2, "Title 2", false],
    ]);
    expect(hasPendingImages(before)).toBe(true);
    const thumbnail: ThumbnailOut = {
      slide_number: 1,
      slide_id: apiSlide(1).id,
      slide_title: "Title 1",
      thumbnail_url: "/api/v1/files/view?path=thumb-new",
      web_image_url: "/api/v1/files/view?path=web-new",
      mobile_image_url: null,
      image_status: "ready",
    };
    const after = galleryOf(presentation, [thumbnail]);
    expect(after[0]).toMatchObject({ body: "Point 1", script: "Script 1", thumbnailUrl: "/api/v1/files/view?path=thumb-new", webImageUrl: "/api/v1/files/view?path=web-new", pending: false });
    expect(after[1]?.thumbnailUrl).toBe("/api/v1/files/view?path=thumb-2");
    expect(hasPendingImages(after)).toBe(false);
  });
});
