import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExtractionFailed } from "@/lib/content/errors";
import { extractWebPage } from "@/lib/content/web";
import { FetchRefused } from "@/lib/http/safe-fetch";

const INTRO =
  "Narrated presentations turn long articles into short spoken slides. This guide explains how the pipeline " +
  "reads a page, keeps its structure and drops everything around the article itself.";
const STEPS =
  "First the page is fetched under strict limits. Then the article is found, its headings kept as section " +
  "titles, and its paragraphs kept in order so that slides follow the author's outline.";
const LIMITS =
  "Pages larger than five megabytes are refused, and so are addresses inside private networks, however they " +
  "are written, and redirects that lead there.";

const ARTICLE_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>From blog to narrated slides | Example Blog</title>
<style>body { font-family: sans-serif }</style><script>window.tracking = "SCRIPT-TEXT";</script></head>
<body>
  <header class="site-header"><a href="/">Example Blog</a>
    <nav class="menu"><ul><li><a href="/about">About us</a></li><li><a href="/shop">Shop</a></li></ul></nav></header>
  <main>
    <article class="post">
      <h1>From blog to narrated slides</h1>
      <p class="byline">By Ada Writer</p>
      <p>${INTRO}</p>
      <h2>How it works</h2>
      <p>${STEPS}</p>
      <ul><li>Fetch the page safely and quickly.</li><li>Find the article and keep its outline.</li></ul>
      <h2>Limits</h2>
      <p>${LIMITS}</p>
    </article>
    <aside class="sidebar"><h3>Newsletter</h3><p>Subscribe for weekly updates and offers.</p></aside>
  </main>
  <footer class="site-footer"><p>Copyright Example Blog. All rights reserved. Privacy policy.</p></footer>
</body></html>`;

const SHORT_PAGE = `<!doctype html><html><head><title>Status</title></head>
<body><div>All systems <b>normal</b>.</div><script>hidden()</script></body></html>`;

const LATIN1_PAGE = Buffer.from(
  `<html><head><meta charset="iso-8859-1"><title>Caf\xe9</title></head><body><p>Cr\xe8me br\xfbl\xe9e</p></body></html>`,
  "latin1",
);

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === "/article") response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(ARTICLE_PAGE);
    else if (request.url === "/short") response.writeHead(200, { "Content-Type": "text/html" }).end(SHORT_PAGE);
    else if (request.url === "/latin1") response.writeHead(200, { "Content-Type": "text/html" }).end(LATIN1_PAGE);
    else if (request.url === "/notes.txt") {
      response.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" }).end("First paragraph\nstill first.\n\nSecond one.");
    } else if (request.url === "/empty") response.writeHead(200, { "Content-Type": "text/html" }).end("<html><body> </body></html>");
    else response.writeHead(302, { Location: "/article" }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const allowed = { allowLoopback: true } as const;

describe("web page extraction", () => {
  it("reduces a page to its article text, headings kept, site furniture and scripts left out", async () => {
    const page = await extractWebPage(`${base}/article`, allowed);
    expect(page.url).toBe(`${base}/article`);
    expect(page.title).toBe("From blog to narrated slides");
    // Readability drops the heading that repeats the title (it is `title`) and the byline.
    expect(page.sections).toEqual([
      { heading: null, text: INTRO },
      {
        heading: "How it works",
        level: 2,
        text: `${STEPS}\n\n- Fetch the page safely and quickly.\n- Find the article and keep its outline.`,
      },
      { heading: "Limits", level: 2, text: LIMITS },
    ]);
    expect(page.text).toContain(`\n\n## Limits\n\n${LIMITS}`);
    for (const furniture of ["About us", "Shop", "Newsletter", "Subscribe", "Copyright", "SCRIPT-TEXT", "font-family"]) {
      expect(page.text, furniture).not.toContain(furniture);
    }
    expect(page.truncated).toBe(false);
  });

  it("follows a redirect to the article and reports the final address", async () => {
    const page = await extractWebPage(`${base}/old-address`, allowed);
    expect(page.url).toBe(`${base}/article`);
    expect(page.title).toBe("From blog to narrated slides");
  });

  it("falls back to the body text when there is no article", async () => {
    const page = await extractWebPage(`${base}/short`, allowed);
    expect(page.title).toBe("Status");
    expect(page.sections).toEqual([{ heading: null, text: "All systems normal." }]);
  });

  it("reads plain text by paragraphs and honours the page's charset", async () => {
    const notes = await extractWebPage(`${base}/notes.txt`, allowed);
    expect(notes.sections).toEqual([{ heading: null, text: "First paragraph\nstill first.\n\nSecond one." }]);
    const latin1 = await extractWebPage(`${base}/latin1`, allowed);
    expect(latin1.title).toBe("Café");
    expect(latin1.text).toBe("Crème brûlée");
  });

  it("refuses a page without text, and loopback unless allowed", async () => {
    await expect(extractWebPage(`${base}/empty`, allowed)).rejects.toBeInstanceOf(ExtractionFailed);
    const refused = await extractWebPage(`${base}/article`).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FetchRefused);
    expect((refused as FetchRefused).reason).toBe("blocked-address");
  });
});
