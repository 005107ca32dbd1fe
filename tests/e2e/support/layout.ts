// Whether a page's first paint is its final layout: the layout shifts the browser reports (a PerformanceObserver for
// 'layout-shift', from the first paint on), and where the server's HTML alone puts things compared with where they
// are once the page's script has taken over (a part the script replaces by new elements moves no element the
// browser tracks, so its jump is seen only by comparing the two).
import { expect, type Browser, type BrowserContextOptions, type Locator, type Page } from "@playwright/test";

/**
 * Counts the page's layout shifts not caused by input, from its first paint on. Call before the page is opened.
 * `imagesAfterMs` holds every image back that long (they still come from the server), so the first paint comes before
 * the slide's image, as on a slow connection: a box that waits for its image to know its size moves then.
 */
export async function watchLayoutShifts(page: Page, { imagesAfterMs = 0 }: { imagesAfterMs?: number } = {}) {
  if (imagesAfterMs > 0) {
    await page.route("**/*", async (route) => {
      if (route.request().resourceType() === "image") await new Promise((resolve) => setTimeout(resolve, imagesAfterMs));
      await route.fallback();
    });
  }
  await page.addInitScript(() => {
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const shifts = { total: 0, moves: [] as string[] };
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    const describe = (node: Node | null | undefined) => {
      if (!(node instanceof Element)) return node ? `${node.nodeName} "${(node.textContent ?? "").slice(0, 30)}"` : "?";
      return `${node.tagName.toLowerCase()}${node.getAttribute("aria-label") ? `[${node.getAttribute("aria-label")}]` : ""}.${String(node.className).slice(0, 40)}`;
    };
    const rect = (box: DOMRectReadOnly) => [box.x, box.y, box.width, box.height].map(Math.round).join(",");
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] })[]) {
        if (entry.hadRecentInput) continue;
        shifts.total += entry.value;
        const moved = (entry.sources ?? []).map((source) => `${describe(source.node)} ${rect(source.previousRect)} -> ${rect(source.currentRect)}`);
        shifts.moves.push(`${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms: ${moved.join("; ")}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** Whether the page's layout shift so far (the sum of every shift: at least its cumulative layout shift) is below 0.1. */
export async function expectLittleLayoutShift(page: Page) {
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts?: { total: number; moves: string[] } }).layoutShifts);
  expect(shifts, "the page was not watched").toBeDefined();
  expect(shifts!.total, `layout shifts:\n${shifts!.moves.join("\n")}`).toBeLessThan(0.1);
}

export type Boxes = Record<string, { x: number; y: number; width: number; height: number } | null>;

/** Where each located element is (null: not shown). */
export async function boxesOf(targets: Record<string, Locator>): Promise<Boxes> {
  const boxes: Boxes = {};
  for (const [name, locator] of Object.entries(targets)) boxes[name] = await locator.boundingBox({ timeout: 2_000 }).catch(() => null);
  return boxes;
}

/**
 * The page as the server's HTML draws it, before the app's scripts run: they are held back (the HTML's own inline
 * scripts, which put streamed parts in place, still run). `measure` reads it once its images have loaded.
 */
export async function beforeScripts<T>(browser: Browser, url: string, options: BrowserContextOptions, measure: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext(options);
  try {
    const page = await context.newPage();
    await page.route(/\/_next\/static\/.+\.js(\?.*)?$/, (route) => route.abort());
    await page.goto(url);
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    return await measure(page);
  } finally {
    await context.close();
  }
}

/** Each element is where the server's first view put it (within a pixel), and shown in both or in neither. */
export function expectSameLayout(live: Boxes, first: Boxes) {
  const moved = Object.keys(first).filter((name) => {
    const [was, is] = [first[name], live[name]];
    if (!was || !is) return was !== is;
    return Math.max(Math.abs(was.x - is.x), Math.abs(was.y - is.y), Math.abs(was.width - is.width), Math.abs(was.height - is.height)) > 1;
  });
  expect(moved.map((name) => ({ name, first: first[name], live: live[name] }))).toEqual([]);
}
