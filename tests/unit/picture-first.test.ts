// The share page's picture before its scripts (lib/http/picture-first.ts): what the cached HTML loses and gains, and
// what its loader does in a page (run in a small stand-in for the browser's document: the picture's events, the
// animation frames, the timers and the browser's paint entries are driven by the test).
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "@/lib/http/static-pages";
import { PICTURE_WAIT_MS, pictureFirst } from "@/lib/http/picture-first";

const PICTURE = "[data-shared-player] img";

/** The shape of a Next.js page: chunk scripts and a bootstrap preload in the head, the bootstrap chunk in the body. */
const NEXT_PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="stylesheet" href="/_next/static/chunks/app.css" data-precedence="next"/>' +
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/boot.js"/>' +
  '<script src="/_next/static/chunks/react.js" async=""></script>' +
  '<script src="/_next/static/chunks/page.js" async=""></script>' +
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script></head>' +
  '<body><div data-shared-player=""><img src="/api/v1/files/shared-image?path=a.png&amp;token=t" alt="Slide"/></div>' +
  "<script>self.__next_f=self.__next_f||[];self.__next_f.push([1,\"\\u003cscript src=\\\"/_next/static/chunks/x.js\\\"\"])</script>" +
  '<script src="/_next/static/chunks/boot.js" async=""></script></body></html>';

type Listener = () => void;
type Entry = { element: unknown };

/**
 * A document with one picture (or none), where the test fires the picture's and the document's events, draws
 * frames, runs timers and reports largest-contentful-paint entries (when `paintEntries`, as Chromium does).
 */
function page(options: { picture?: "loading" | "loaded" | "broken" | "none"; visibility?: "visible" | "hidden"; paintEntries?: boolean } = {}) {
  const added: string[] = [];
  const listeners: Record<string, Listener[]> = {};
  const documentListeners: Record<string, Listener[]> = {};
  const frames: Listener[] = [];
  const timers: { at: number; run: Listener }[] = [];
  const observers: ((list: { getEntries: () => Entry[] }) => void)[] = [];
  const picture = {
    // As an <img>: complete once loaded or failed; a failed one has no natural size.
    complete: options.picture === "loaded" || options.picture === "broken",
    naturalWidth: options.picture === "loaded" ? 1080 : 0,
    addEventListener: (type: string, listener: Listener) => (listeners[type] ??= []).push(listener),
  };
  const document = {
    visibilityState: options.visibility ?? "visible",
    querySelector: (selector: string) => (selector === PICTURE && options.picture !== "none" ? picture : null),
    createElement: () => ({ src: "", async: false }),
    head: { appendChild: (element: { src: string; async: boolean }) => added.push(`${element.src}${element.async ? " async" : ""}`) },
    addEventListener: (type: string, listener: Listener) => (documentListeners[type] ??= []).push(listener),
  };
  class PerformanceObserver {
    static supportedEntryTypes = ["paint", "largest-contentful-paint"];
    constructor(callback: (list: { getEntries: () => Entry[] }) => void) {
      observers.push(callback);
    }
    observe(init: { type: string; buffered: boolean }) {
      if (init.type !== "largest-contentful-paint" || !init.buffered) throw new Error(`unexpected observe(${JSON.stringify(init)})`);
    }
  }
  const context = {
    document,
    window: options.paintEntries ? { PerformanceObserver } : {},
    requestAnimationFrame: (callback: Listener) => frames.push(callback),
    setTimeout: (callback: Listener, ms = 0) => timers.push({ at: ms, run: callback }),
  };
  return {
    run(html: string) {
      const loader = /<script>(\(function\(u,q,w\)[\s\S]*?)<\/script>/.exec(html)?.[1];
      if (!loader) throw new Error("no loader in the page");
      runInNewContext(loader, context);
    },
    added,
    picture,
    fire: (type: string) => (listeners[type] ?? []).forEach((listener) => listener()),
    press: (type: string) => (documentListeners[type] ?? []).forEach((listener) => listener()),
    /** The browser's largest-contentful-paint entries for these elements. */
    paint: (...elements: unknown[]) => observers.forEach((observer) => observer({ getEntries: () => elements.map((element) => ({ element })) })),
    /** Draws one frame: the callbacks asked for before it. */
    frame: () => frames.splice(0).forEach((callback) => callback()),
    /** Runs the timers due within `ms` (in the order they were set). */
    elapse: (ms: number) => timers.filter((timer) => timer.at <= ms).forEach((timer) => (timers.splice(timers.indexOf(timer), 1), timer.run())),
  };
}

const CHUNKS = ["/_next/static/chunks/react.js async", "/_next/static/chunks/page.js async", "/_next/static/chunks/boot.js async"];

describe("the share page's picture before its scripts", () => {
  it("takes the chunk scripts and their preload out of the HTML and adds one loader before </body>", () => {
    const html = pictureFirst(NEXT_PAGE, PICTURE);
    expect(html).not.toMatch(/<script src="\/_next\/static\/chunks\/(react|page|boot)\.js"/);
    expect(html).not.toContain('rel="preload" as="script"');
    // What is not a chunk script stays as it was: the stylesheet, the no-module polyfills, the inline data.
    expect(html).toContain('<link rel="stylesheet" href="/_next/static/chunks/app.css" data-precedence="next"/>');
    expect(html).toContain('<script src="/_next/static/chunks/polyfills.js" noModule=""></script>');
    expect(html).toContain('\\u003cscript src=\\"/_next/static/chunks/x.js\\"');
    expect(html).toMatch(/<script>\(function\(u,q,w\)[^<]*<\/script><\/body><\/html>$/);
    expect(html).toContain('["/_next/static/chunks/react.js","/_next/static/chunks/page.js","/_next/static/chunks/boot.js"]');
    // The loader is an inline script: the page cache allows it by its hash like the page's others.
    expect(inlineScriptHashes(html)).toHaveLength(inlineScriptHashes(NEXT_PAGE).length + 1);
  });

  it("leaves a page without chunk scripts or without a body end as it is", () => {
    const plain = '<html><body><img src="/a.png"/><script>1</script></body></html>';
    expect(pictureFirst(plain, PICTURE)).toBe(plain);
    const open = NEXT_PAGE.replace("</body></html>", "");
    expect(pictureFirst(open, PICTURE)).toBe(open);
  });

  it("asks for the scripts once the browser reports the picture painted as the largest content", () => {
    const html = pictureFirst(NEXT_PAGE, PICTURE);
    const browser = page({ picture: "loading", paintEntries: true });
    browser.run(html);
    browser.fire("load");
    browser.frame();
    browser.frame();
    browser.elapse(0);
    expect(browser.added).toEqual([]);
    // The title painted first: not yet.
    browser.paint({ tagName: "H1" });
    expect(browser.added).toEqual([]);
    browser.paint({ tagName: "H1" }, browser.picture);
    expect(browser.added).toEqual(CHUNKS);
    // Once only: neither the time limit nor another entry adds them again.
    browser.elapse(PICTURE_WAIT_MS);
    browser.paint(browser.picture);
    expect(browser.added).toEqual(CHUNKS);
  });

  it("without paint entries, asks for them once the picture has loaded and the frame showing it was drawn", () => {
    const html = pictureFirst(NEXT_PAGE, PICTURE);
    const browser = page({ picture: "loading" });
    browser.run(html);
    browser.elapse(0);
    expect(browser.added).toEqual([]);
    browser.fire("load");
    browser.frame();
    browser.elapse(0);
    expect(browser.added).toEqual([]);
    browser.frame();
    expect(browser.added).toEqual([]);
    browser.elapse(0);
    expect(browser.added).toEqual(CHUNKS);
    browser.elapse(PICTURE_WAIT_MS);
    browser.fire("load");
    browser.frame();
    browser.frame();
    browser.elapse(0);
    expect(browser.added).toEqual(CHUNKS);
  });

  it("asks for them at once when the viewer presses a key or a pointer before the picture shows", () => {
    for (const input of ["keydown", "pointerdown"]) {
      const browser = page({ picture: "loading", paintEntries: true });
      browser.run(pictureFirst(NEXT_PAGE, PICTURE));
      browser.press(input);
      expect(browser.added, input).toEqual(CHUNKS);
    }
  });

  it("waits for the paint of a picture that had loaded before the loader ran (it came while the stylesheet loaded)", () => {
    const html = pictureFirst(NEXT_PAGE, PICTURE);
    const withEntries = page({ picture: "loaded", paintEntries: true });
    withEntries.run(html);
    withEntries.frame();
    withEntries.frame();
    withEntries.elapse(0);
    expect(withEntries.added).toEqual([]);
    withEntries.paint(withEntries.picture);
    expect(withEntries.added).toEqual(CHUNKS);
    // No entry names it (a larger caption was the largest paint): not long after.
    const outdone = page({ picture: "loaded", paintEntries: true });
    outdone.run(html);
    outdone.elapse(499);
    expect(outdone.added).toEqual([]);
    outdone.elapse(500);
    expect(outdone.added).toEqual(CHUNKS);
    // Without paint entries: once the frame showing it was drawn.
    const withoutEntries = page({ picture: "loaded" });
    withoutEntries.run(html);
    withoutEntries.elapse(0);
    expect(withoutEntries.added).toEqual([]);
    withoutEntries.frame();
    withoutEntries.frame();
    withoutEntries.elapse(0);
    expect(withoutEntries.added).toEqual(CHUNKS);
  });

  it("does not wait for a picture that failed, is absent or cannot be seen", () => {
    const html = pictureFirst(NEXT_PAGE, PICTURE);
    const failed = page({ picture: "loading", paintEntries: true });
    failed.run(html);
    failed.fire("error");
    expect(failed.added).toEqual(CHUNKS);
    for (const options of [{ picture: "broken" as const }, { picture: "none" as const }, { picture: "loading" as const, visibility: "hidden" as const }]) {
      const browser = page(options);
      browser.run(html);
      expect(browser.added, JSON.stringify(options)).toEqual(CHUNKS);
    }
  });

  it("stops waiting for a slow picture after its time limit", () => {
    const browser = page({ picture: "loading", paintEntries: true });
    browser.run(pictureFirst(NEXT_PAGE, PICTURE));
    browser.elapse(PICTURE_WAIT_MS - 1);
    expect(browser.added).toEqual([]);
    browser.elapse(PICTURE_WAIT_MS);
    expect(browser.added).toEqual(CHUNKS);
  });

  it("does not wait long for a paint entry that never names the picture (a larger title or caption was the largest paint)", () => {
    const browser = page({ picture: "loading", paintEntries: true });
    browser.run(pictureFirst(NEXT_PAGE, PICTURE));
    browser.fire("load");
    browser.elapse(499);
    expect(browser.added).toEqual([]);
    browser.elapse(500);
    expect(browser.added).toEqual(CHUNKS);
  });
});
