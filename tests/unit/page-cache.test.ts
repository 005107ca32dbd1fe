// The validated page caches' parts that need no server: which clients get gzip, the answer to one request (304,
// gzip, the hashed CSP), and the store (one render for requests that ask together, least recently used out first).
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, PageCache, pageAnswer, type RenderedPage } from "@/lib/http/page-cache";

function page(html: string): RenderedPage {
  const body = Buffer.from(html);
  return { body, gzipped: gzipSync(body), etag: `"${html.length}abc"`, scriptHashes: ["'sha256-abc='"] };
}

describe("page caches", () => {
  it("sends gzip only to clients that take it", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("x-gzip-not")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it("answers with the page's hashes in the CSP, gzipped when taken, 304 for the version the client has", () => {
    const cached = page("<html><script>1</script></html>");
    const options = { cacheControl: "private, no-cache", revalidate: true };
    const plain = pageAnswer("/share/presentation/", cached, {}, options);
    expect(plain.status).toBe(200);
    expect(Buffer.from(plain.body!).toString()).toBe("<html><script>1</script></html>");
    expect(plain.headers["Content-Security-Policy"]).toContain("'sha256-abc='");
    expect(plain.headers["Content-Security-Policy"]).not.toContain("'nonce-");
    expect(plain.headers["Content-Encoding"]).toBeUndefined();
    expect(plain.headers["Content-Length"]).toBe(String(cached.body.length));

    const zipped = pageAnswer("/share/presentation/", cached, { acceptEncoding: "gzip" }, options);
    expect(zipped.headers["Content-Encoding"]).toBe("gzip");
    expect(gunzipSync(zipped.body!).toString()).toBe("<html><script>1</script></html>");
    // Two representations, two entity tags.
    expect(zipped.headers.ETag).not.toBe(plain.headers.ETag);
    expect(pageAnswer("/x", cached, { acceptEncoding: "gzip", ifNoneMatch: zipped.headers.ETag }, options).status).toBe(304);
    expect(pageAnswer("/x", cached, { ifNoneMatch: `"other", ${plain.headers.ETag}` }, options).status).toBe(304);
    expect(pageAnswer("/x", cached, { ifNoneMatch: zipped.headers.ETag }, options).status).toBe(200);
    // Pages that are never stored carry no entity tag and are always sent.
    const stored = pageAnswer("/dashboard", cached, { ifNoneMatch: plain.headers.ETag }, { cacheControl: "no-store", revalidate: false });
    expect(stored.status).toBe(200);
    expect(stored.headers.ETag).toBeUndefined();
  });

  it("renders once for requests that ask together, and keeps the most recently used pages within its bounds", async () => {
    const cache = new PageCache(`test-${Date.now()}`, { maxEntries: 2, maxBytes: 1_000_000 });
    let renders = 0;
    const render = (html: string) => async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return page(html);
    };
    const [a1, a2] = await Promise.all([cache.pageFor("a", render("A")), cache.pageFor("a", render("A"))]);
    expect(renders).toBe(1);
    expect(a2).toBe(a1);
    await cache.pageFor("b", render("B"));
    await cache.pageFor("a", render("A")); // a hit: "a" is now the most recent
    await cache.pageFor("c", render("C")); // over two entries: "b" goes
    expect(renders).toBe(3);
    await cache.pageFor("a", render("A"));
    expect(renders).toBe(3);
    await cache.pageFor("b", render("B"));
    expect(renders).toBe(4);
    // A failed render is not kept: the next request renders again.
    await expect(cache.pageFor("d", () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    await cache.pageFor("d", render("D"));
    expect(renders).toBe(5);
  });

  it("sends a page one version behind while its successor renders, and waits for the render when further behind", async () => {
    const cache = new PageCache(`test-versions-${Date.now()}`, { maxEntries: 10, maxBytes: 1_000_000 });
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return page(`render ${renders}`);
    };
    const text = (rendered: RenderedPage) => rendered.body.toString();
    expect(text(await cache.pageFor("k", render, 1))).toBe("render 1");
    expect(text(await cache.pageFor("k", render, 1))).toBe("render 1");
    // One version on: the old page at once, the new one drawn meanwhile and sent from then on.
    expect(text(await cache.pageFor("k", render, 2))).toBe("render 1");
    expect(renders).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(text(await cache.pageFor("k", render, 2))).toBe("render 2");
    // Two versions on: too old to send, the request waits for the new render.
    expect(text(await cache.pageFor("k", render, 4))).toBe("render 3");
    expect(renders).toBe(3);
  });

  it("drops pages beyond its byte bound", async () => {
    const cache = new PageCache(`test-bytes-${Date.now()}`, { maxEntries: 100, maxBytes: 1_500 });
    let renders = 0;
    const big = (key: string) => cache.pageFor(key, async () => {
      renders += 1;
      return page(key.repeat(1_000));
    });
    await big("x");
    await big("y");
    expect(renders).toBe(2);
    await big("x"); // y pushed the total over the bound, so x went
    expect(renders).toBe(3);
  });
});
