// The share page's picture before its scripts. The page's first view (the poster: the deck's title, the first
// slide's picture, the controls drawn disabled) is all in its HTML; the scripts only make it interactive. Next.js
// asks for its ~150 KB of script chunks at once with the page, so on a phone's connection they share the bandwidth
// with the first slide's picture (the page's largest paint) and their evaluation holds up the frame that would show
// it. Here the cached page's chunk scripts are taken out of the HTML and asked for by one small inline script once
// the picture has been painted (or failed, or at the latest PICTURE_WAIT_MS after the page was read):
// the picture first, then the player.
//
// Applied to the HTML the page cache keeps (lib/http/share-page.ts), before its inline scripts are hashed for the
// CSP; the chunks stay same-origin files ('self'). The scripts were `async` already, so their order never counted.

/** The longest the scripts wait for the picture (a slow picture must not keep the player away for long). */
export const PICTURE_WAIT_MS = 2000;
/**
 * How long after the picture's load the scripts come even without its paint entry: the browser names only the
 * largest paint, and on a phone a long title or caption may be larger than the picture.
 */
const SECOND_PAINT_MS = 500;

/** Next.js's chunk scripts (`<script src="/_next/static/..." async="">`, no other attribute but those). */
const CHUNK_SCRIPT = /<script src="(\/_next\/static\/[^"?#<>]+\.js)" async=""><\/script>/g;
/** Next.js's preload of its bootstrap chunk: the loader asks for the chunk itself, after the picture. */
const CHUNK_PRELOAD = /<link rel="preload" as="script"(?: fetchPriority="low")? href="\/_next\/static\/[^"?#<>]+\.js"\/>/g;

/**
 * The loader: waits for the image `picture` (the first element it selects) to be painted, then adds the chunk
 * scripts. Painted means the browser's largest-contentful-paint entry for it, which comes once the frame showing it
 * was presented (where there is no such entry, two animation frames after its load: the second starts once the first
 * was drawn), or SECOND_PAINT_MS after its load when no entry names it (another element was the larger). A picture
 * that has loaded before the loader runs (it arrived while the stylesheet, which inline scripts wait for, was still
 * loading: the usual case on a fast connection) has not been painted yet either, and is waited for the same way. It
 * does not wait for a picture that failed or is absent, nor on a hidden page (which paints nothing), nor once the
 * viewer presses a key or a pointer (no paint entry follows input), nor longer than PICTURE_WAIT_MS.
 */
function loader(chunks: readonly string[], picture: string): string {
  const urls = JSON.stringify(chunks).replace(/</g, "\\u003c");
  const selector = JSON.stringify(picture).replace(/</g, "\\u003c");
  return (
    `(function(u,q,w){var d=document,i=d.querySelector(q),s=0,P=window.PerformanceObserver;` +
    `function go(){if(s)return;s=1;u.forEach(function(x){var e=d.createElement("script");e.src=x;e.async=true;d.head.appendChild(e)})}` +
    `function frames(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})}` +
    `function loaded(f){if(i.complete)f();else i.addEventListener("load",f)}` +
    `setTimeout(go,w);` +
    `if(!i||(i.complete&&!i.naturalWidth)||d.visibilityState!=="visible"){go();return}` +
    `i.addEventListener("error",go);["keydown","pointerdown"].forEach(function(t){d.addEventListener(t,go,{once:true,capture:true})});` +
    `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("largest-contentful-paint")>=0)` +
    `{new P(function(l){l.getEntries().forEach(function(e){if(e.element===i)go()})}).observe({type:"largest-contentful-paint",buffered:true});` +
    `loaded(function(){setTimeout(go,${SECOND_PAINT_MS})})}` +
    `else loaded(frames)` +
    `})(${urls},${selector},${PICTURE_WAIT_MS})`
  );
}

/**
 * `html` with its Next.js chunk scripts loaded after the picture `picture` (a CSS selector) shows. Unchanged when the
 * page has no chunk scripts or no `</body>` to put the loader before.
 */
export function pictureFirst(html: string, picture: string): string {
  const chunks = [...html.matchAll(CHUNK_SCRIPT)].map((match) => match[1] as string);
  const end = html.lastIndexOf("</body>");
  if (chunks.length === 0 || end === -1) return html;
  const unique = [...new Set(chunks)];
  const without = html.slice(0, end).replace(CHUNK_SCRIPT, "").replace(CHUNK_PRELOAD, "");
  return `${without}<script>${loader(unique, picture)}</script>${html.slice(end)}`;
}
