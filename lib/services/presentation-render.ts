// What a slide's renderings depend on: the template it is drawn with and a digest of what it shows, stored with
// the images as render_key so a slide is rendered again only when something it shows changed.
import { createHash } from "node:crypto";
import type { Presentation } from "@/db/schema";
import { DEFAULT_TEMPLATE, isKnownTemplate, type TemplateId } from "@/lib/validation/presentations";

/** The template a slide is drawn with: a manual or imported deck without a template id looks professional. */
export function renderTemplateOf(template: string): TemplateId {
  return isKnownTemplate(template) ? template : DEFAULT_TEMPLATE;
}

export interface RenderInput {
  template: string;
  method: Presentation["generationMethod"];
  slideNumber: number;
  slideTitle: string;
  body: string;
  imageFileId: string | null;
}

/** An imported slide's own picture is the whole slide; anywhere else a picture is placed on the template. */
export function pictureIsWholeSlide(method: Presentation["generationMethod"]): boolean {
  return method === "import_ppt";
}

/** The digest of what a slide's images show (once per slide version). */
export function renderDigest(input: RenderInput): string {
  const picture = input.imageFileId === null ? null : [input.imageFileId, pictureIsWholeSlide(input.method) ? "slide" : "picture"];
  return createHash("sha256")
    .update(JSON.stringify([renderTemplateOf(input.template), input.slideNumber, input.slideTitle, input.body, picture]))
    .digest("hex")
    .slice(0, 32);
}
