// The blog page's pure rules: content-block previews, dates, file messages (spec section 8), presentation states
// (section 4), when the page polls, and the share dialog's embed code.
import { describe, expect, it } from "vitest";
import { fileErrorMessage, FILE_MESSAGES } from "@/components/blogs/file-access";
import { blockPreview, fileUrls, formatBytes, formatDateTime, previewKind } from "@/components/blogs/format";
import { AUDIO_TIMEOUT_MS, audioState, failureReason, isInProgress, isTimedOut, isViewable, offersRefresh, statusLabel } from "@/components/blogs/presentation-state";
import { absoluteShareUrl, embedCode } from "@/components/blogs/share-dialog";
import { needsPolling } from "@/components/blogs/use-blog-data";
import type { BlogOut, BlogSourceOut, PresentationSummary } from "@/lib/services/blogs";

const NOW = Date.parse("2026-11-20T12:00:00.000Z");
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

function presentation(overrides: Partial<PresentationSummary> = {}): PresentationSummary {
  return {
    id: "p1",
    status: "completed",
    webhook_status: "completed",
    error: null,
    template: "professional",
    generation_method: "ai_template",
    version_number: 1,
    created_at: minutesAgo(60),
    updated_at: minutesAgo(5),
    ...overrides,
  };
}

function source(status: BlogSourceOut["extraction_status"]): BlogSourceOut {
  return { id: "s", kind: "file", position: 0, url: null, file: null, extraction_status: status, extraction_error: null, extracted_at: null, language: null };
}

function blog(sources: BlogSourceOut[], presentations: PresentationSummary[] = []): BlogOut {
  return {
    id: "b",
    project_id: "p",
    project_name: "Project",
    tenant_id: "t",
    blog_title: "Title",
    blog_author: "Author",
    blog_email: "a@example.com",
    main_text: null,
    is_website: false,
    website_links: [],
    content_blocks: [],
    uploaded_files: [],
    language: null,
    created_by: null,
    created_at: minutesAgo(90),
    updated_at: minutesAgo(90),
    sources,
    presentations,
  };
}

describe("content block preview", () => {
  it("keeps a text of 150 characters whole and cuts a longer one to 150 with an ellipsis", () => {
    const exact = "a".repeat(150);
    expect(blockPreview(exact)).toEqual({ text: exact, cut: false });
    const long = `${"b".repeat(150)}tail`;
    expect(blockPreview(long)).toEqual({ text: `${"b".repeat(150)}…`, cut: true });
  });

  it("counts characters, not UTF-16 units, so an emoji is never split", () => {
    const emoji = "😀".repeat(151);
    const preview = blockPreview(emoji);
    expect(Array.from(preview.text)).toHaveLength(151);
    expect(preview.text.endsWith("😀…")).toBe(true);
  });
});

describe("formatting", () => {
  it("prints dates as dd/mm/yyyy hh:mm in one zone on server and browser", () => {
    expect(formatDateTime("2026-03-07T09:05:00.000Z")).toBe("07/03/2026 09:05");
    expect(formatDateTime(null)).toBe("—");
    expect(formatDateTime("not a date")).toBe("—");
  });

  it("prints sizes and tells which files preview how", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(previewKind("application/pdf")).toBe("pdf");
    expect(previewKind("image/png")).toBe("image");
    expect(previewKind("application/vnd.openxmlformats-officedocument.wordprocessingml.document")).toBe("docx");
    expect(previewKind("application/zip")).toBe("none");
  });

  it("encodes the storage key and the name into the file routes' addresses", () => {
    const urls = fileUrls("t/maintext/a b.pdf", "Q&A report.pdf");
    expect(urls.view).toBe("/api/v1/files/view?path=t%2Fmaintext%2Fa%20b.pdf");
    expect(urls.download).toBe("/api/v1/files/download?path=t%2Fmaintext%2Fa%20b.pdf&filename=Q%26A%20report.pdf");
    expect(urls.preview).toBe("/api/v1/files/preview?path=t%2Fmaintext%2Fa%20b.pdf");
  });
});

describe("file view and download messages (spec section 8)", () => {
  it("maps statuses to the spec's words, then the server's, then the action's fallback", () => {
    expect(fileErrorMessage("view", 404)).toBe("File missing in storage");
    expect(fileErrorMessage("download", 403)).toBe("Access denied. You may not have permission to view/download this file.");
    expect(fileErrorMessage("view", 500)).toBe("Server error while accessing the file. Please try again later.");
    expect(fileErrorMessage("view", 415, "Only Word documents have an HTML preview.")).toBe("Only Word documents have an HTML preview.");
    expect(fileErrorMessage("view", 400)).toBe("Failed to open file. The file may not exist or is not accessible.");
    expect(fileErrorMessage("download", 400)).toBe(FILE_MESSAGES.downloadFailed);
    expect(FILE_MESSAGES.unexpected).toBe("An unexpected error occurred while trying to open/download the file.");
  });
});

describe("presentation states (spec section 4)", () => {
  it("labels the statuses", () => {
    expect(["pending", "processing", "completed", "failed"].map(statusLabel)).toEqual(["Pending", "Generating...", "Ready", "Failed"]);
  });

  it("lets a presentation be viewed and shared only when completed with its audio done", () => {
    expect(isViewable(presentation(), NOW)).toBe(true);
    expect(isViewable(presentation({ webhook_status: "pending" }), NOW)).toBe(false);
    expect(isViewable(presentation({ status: "processing" }), NOW)).toBe(false);
    expect(isViewable(presentation({ webhook_status: "timeout" }), NOW)).toBe(false);
  });

  it("times out on webhook 'timeout', or a completed one with an unfinished webhook over 30 minutes old", () => {
    expect(isTimedOut(presentation({ webhook_status: "timeout" }), NOW)).toBe(true);
    const stale = presentation({ webhook_status: "failed", updated_at: new Date(NOW - AUDIO_TIMEOUT_MS - 1000).toISOString() });
    expect(isTimedOut(stale, NOW)).toBe(true);
    expect(isTimedOut(presentation({ webhook_status: "failed", updated_at: minutesAgo(29) }), NOW)).toBe(false);
    // A pending webhook is 'Audio Processing...', never timed out by age alone.
    expect(isTimedOut(presentation({ webhook_status: "pending", updated_at: minutesAgo(45) }), NOW)).toBe(false);
    expect(audioState(stale, NOW)).toBe("timeout");
    expect(offersRefresh(stale, NOW)).toBe(true);
  });

  it("shows 'Audio Processing...' for a pending webhook or a completed one whose webhook has not finished", () => {
    expect(audioState(presentation({ webhook_status: "pending" }), NOW)).toBe("processing");
    expect(audioState(presentation({ webhook_status: "failed" }), NOW)).toBe("processing");
    expect(audioState(presentation(), NOW)).toBe("done");
    expect(offersRefresh(presentation(), NOW)).toBe(false);
  });

  it("shows a failed generation's reason, never 'Audio Processing...' nor a refresh, whatever its webhook status", () => {
    const reason = "Stopped after 3 attempts: the presentation could not be generated.";
    for (const webhook of ["pending", "failed"]) {
      const failed = presentation({ status: "failed", webhook_status: webhook, error: reason, updated_at: minutesAgo(1) });
      expect(audioState(failed, NOW)).toBe("none");
      expect(offersRefresh(failed, NOW)).toBe(false);
      expect(isInProgress(failed, NOW)).toBe(false);
      expect(failureReason(failed, NOW)).toBe(reason);
    }
    expect(failureReason(presentation({ status: "failed" }), NOW)).toBe("Presentation generation failed. Please try again.");
    const timedOut = presentation({ webhook_status: "timeout", error: "Stopped after 3 attempts: the audio could not be made." });
    expect(failureReason(timedOut, NOW)).toBe("Stopped after 3 attempts: the audio could not be made.");
    expect(failureReason(presentation(), NOW)).toBeNull();
  });
});

describe("polling", () => {
  it("polls while a source is pending and stops when none is", () => {
    expect(needsPolling(blog([source("ready"), source("pending")]), NOW, false)).toBe(true);
    expect(needsPolling(blog([source("ready"), source("failed")]), NOW, false)).toBe(false);
  });

  it("polls for a presentation still moving only when presentations are shown, and never past 30 minutes", () => {
    const audio = presentation({ webhook_status: "pending", updated_at: minutesAgo(1) });
    expect(needsPolling(blog([source("ready")], [audio]), NOW, true)).toBe(true);
    expect(needsPolling(blog([source("ready")], [audio]), NOW, false)).toBe(false);
    expect(needsPolling(blog([source("ready")], [presentation()]), NOW, true)).toBe(false);
    // Completed with a webhook that is neither done nor pending is still incomplete until it times out.
    expect(needsPolling(blog([source("ready")], [presentation({ webhook_status: "failed", updated_at: minutesAgo(1) })]), NOW, true)).toBe(true);
    const stuck = presentation({ status: "pending", updated_at: minutesAgo(31) });
    expect(isInProgress(stuck, NOW)).toBe(false);
    expect(needsPolling(blog([source("ready")], [stuck]), NOW, true)).toBe(false);
  });
});

describe("share dialog", () => {
  it("appends a path to the site's origin and keeps a full address", () => {
    expect(absoluteShareUrl("/share/presentation/abc", "https://app.example")).toBe("https://app.example/share/presentation/abc");
    expect(absoluteShareUrl("https://other.example/s/abc", "https://app.example")).toBe("https://other.example/s/abc");
  });

  it("embeds the player in an iframe of width 100%, height 600 and no border, with the address escaped", () => {
    const code = embedCode('https://app.example/share/presentation/a"b&c');
    expect(code).toContain('src="https://app.example/share/presentation/a&quot;b&amp;c"');
    expect(code).toContain('width="100%"');
    expect(code).toContain('height="600"');
    expect(code).toContain('style="border: none;"');
    // Voice questions, spoken answers and full screen work inside the frame.
    expect(code).toContain('allow="microphone; autoplay; fullscreen"');
    expect(code.startsWith("<iframe ") && code.endsWith("></iframe>")).toBe(true);
    // Titled (screen readers name a frame by its title), with the title escaped.
    expect(code).toContain('title="Narrated presentation"');
    expect(embedCode("https://app.example/s/x", 'Soil & "Compost"')).toContain('title="Soil &amp; &quot;Compost&quot;"');
  });
});
