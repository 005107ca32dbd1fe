// npx tsx scripts/render-samples.ts [folder] [template ...] — sample PNGs of every slide template for looking at: the title slide,
// content slides with and without a picture, the closing slide and an overlong slide, at web, mobile and thumbnail
// size, plus one contact sheet per template. Slides come from the offline generator on a fixture article; the
// pictures are drawn here, so nothing is downloaded. Default folder: /tmp/slide-samples.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { offlineGenerationProvider } from "@/lib/ai/generation";
import { renderSlide, TEMPLATES, type SlideInput, type SlideSize } from "@/lib/slides/render";
import { loadArticle } from "@/tests/fixtures/articles";

const folder = process.argv[2] ?? "/tmp/slide-samples";
const only = process.argv.slice(3);

/** A landscape "photo": sky, sun, hills and a field, drawn with gradients so it has the tonal range of a real one. */
function scenePng(width: number, height: number, hue: number): Uint8Array {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 800" preserveAspectRatio="xMidYMid slice">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,62%)"/><stop offset="1" stop-color="hsl(${hue + 30},80%,86%)"/></linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff7d6"/><stop offset="1" stop-color="#ffd36b" stop-opacity="0"/></radialGradient>
    <linearGradient id="far" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue + 150},25%,48%)"/><stop offset="1" stop-color="hsl(${hue + 150},30%,38%)"/></linearGradient>
    <linearGradient id="near" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue + 110},45%,38%)"/><stop offset="1" stop-color="hsl(${hue + 100},50%,20%)"/></linearGradient>
  </defs>
  <rect width="1200" height="800" fill="url(#sky)"/>
  <circle cx="860" cy="250" r="220" fill="url(#sun)"/><circle cx="860" cy="250" r="70" fill="#fffbe8"/>
  <path d="M0 470 C 200 380 380 420 560 380 S 900 300 1200 400 L1200 800 L0 800 Z" fill="url(#far)"/>
  <path d="M0 560 C 260 480 520 620 760 540 S 1060 480 1200 520 L1200 800 L0 800 Z" fill="url(#near)"/>
  <g fill="hsl(${hue + 100},55%,14%)"><path d="M180 560 l40 -150 l40 150 z"/><path d="M240 575 l32 -120 l32 120 z"/><path d="M980 540 l36 -130 l36 130 z"/></g>
</svg>`;
  return new Uint8Array(new Resvg(svg).render().asPng());
}

const LONG_TITLE =
  "An unusually long slide title that keeps going well past anything a presenter would choose, to show that the template shrinks it, wraps it and finally cuts it";
const LONG_BULLETS = Array.from(
  { length: 6 },
  (_, index) =>
    `Point ${index + 1}: a deliberately long bullet that explains a detail at great length, adds a second clause with more specifics, and then a third one, so that six of them cannot fit at the largest size`,
);

async function sheet(name: string, tiles: { png: Uint8Array; width: number; height: number }[], columns: number, tileWidth: number): Promise<void> {
  const gap = 24;
  let x = gap;
  let y = gap;
  let rowHeight = 0;
  const images: string[] = [];
  tiles.forEach((tile, index) => {
    if (index > 0 && index % columns === 0) {
      x = gap;
      y += rowHeight + gap;
      rowHeight = 0;
    }
    const height = Math.round((tile.height / tile.width) * tileWidth);
    images.push(
      `<image x="${x}" y="${y}" width="${tileWidth}" height="${height}" href="data:image/png;base64,${Buffer.from(tile.png).toString("base64")}"/>`,
    );
    x += tileWidth + gap;
    rowHeight = Math.max(rowHeight, height);
  });
  const width = gap + columns * (tileWidth + gap);
  const height = y + rowHeight + gap;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#9ca3af"/>${images.join("")}</svg>`;
  await writeFile(path.join(folder, name), new Resvg(svg).render().asPng());
}

async function main(): Promise<void> {
  await mkdir(folder, { recursive: true });
  const article = loadArticle("home-composting-guide");
  const outline = await offlineGenerationProvider.generateOutline({
    sources: [{ name: "home-composting-guide.md", kind: "main_document", text: article.text, sections: article.sections, isMain: true }],
    useMainSourceOnly: true,
    template: "professional",
  });
  const total = outline.slides.length;
  const landscape = scenePng(1600, 1000, 200);
  const second = scenePng(1200, 1200, 20);
  const pick = (index: number) => outline.slides[Math.min(index, total - 1)]!;
  const samples: { name: string; slide: SlideInput }[] = [
    { name: "1-title", slide: { title: article.title, bullets: pick(0).bullets.slice(0, 3), slideNumber: 1, totalSlides: total } },
    { name: "2-title-image", slide: { title: article.title, bullets: pick(0).bullets.slice(0, 3), slideNumber: 1, totalSlides: total, image: landscape } },
    { name: "3-content", slide: { title: pick(2).title, bullets: pick(2).bullets, slideNumber: 3, totalSlides: total } },
    { name: "4-content-image", slide: { title: pick(3).title, bullets: pick(3).bullets, slideNumber: 4, totalSlides: total, image: second } },
    { name: "5-closing", slide: { title: "Key takeaways", bullets: pick(total - 1).bullets.slice(0, 4), slideNumber: total, totalSlides: total, kind: "closing" } },
    { name: "6-overlong", slide: { title: LONG_TITLE, bullets: LONG_BULLETS, slideNumber: 5, totalSlides: total } },
    { name: "7-overlong-image", slide: { title: LONG_TITLE, bullets: LONG_BULLETS, slideNumber: 6, totalSlides: total, image: landscape } },
  ];
  const sizes: SlideSize[] = ["web", "mobile", "thumbnail"];
  for (const template of TEMPLATES.filter((entry) => only.length === 0 || only.includes(entry.id))) {
    const web: { png: Uint8Array; width: number; height: number }[] = [];
    const mobile: { png: Uint8Array; width: number; height: number }[] = [];
    for (const sample of samples) {
      for (const size of sizes) {
        const png = await renderSlide(sample.slide, { template: template.id, size });
        await writeFile(path.join(folder, `${template.id}-${sample.name}-${size}.png`), png);
        if (size === "web") web.push({ png, width: 1920, height: 1080 });
        if (size === "mobile") mobile.push({ png, width: 1080, height: 1350 });
      }
    }
    const branded = await renderSlide(samples[2]!.slide, { template: template.id, size: "web", brandColor: "#0f766e" });
    await writeFile(path.join(folder, `${template.id}-8-content-brand-teal-web.png`), branded);
    web.push({ png: branded, width: 1920, height: 1080 });
    await sheet(`sheet-${template.id}-web.png`, web, 2, 800);
    await sheet(`sheet-${template.id}-mobile.png`, mobile, 4, 400);
    console.log(`${template.id}: ${samples.length * sizes.length + 1} slides`);
  }
  console.log(`Samples in ${folder} (sheet-<template>-web.png and sheet-<template>-mobile.png show them side by side).`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
