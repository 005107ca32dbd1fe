// The edit page's pure rules: which editor limit a presentation gets, when it is still being generated, and the
// slides of the thumbnail grid (text from the presentation, images from the newest thumbnails answer).
import type { PresentationOut, ThumbnailOut } from "@/lib/services/presentations";
import type { ImageLimit } from "../editor-slides";

/** Manual presentations use the manual editor's 5MB image limit; imported and AI ones the editors' 10MB. */
export function imageLimitOf(method: string): ImageLimit {
  return method === "manual" ? "manual" : "editor";
}

/** Generation has not finished: the page shows progress and allows no editing (update-slides answers 409 anyway). */
export function isGenerating(status: string): boolean {
  return status === "pending" || status === "processing";
}

/** One card of the grid and its preview. */
export interface GallerySlide {
  id: string;
  number: number;
  title: string;
  body: string;
  script: string;
  thumbnailUrl: string | null;
  webImageUrl: string | null;
  /** Its images are being drawn again: show a placeholder, not the old picture. */
  pending: boolean;
}

/** The presentation's slides in order, with the images of `thumbnails` where it names the slide. */
export function galleryOf(presentation: Pick<PresentationOut, "slides">, thumbnails: readonly ThumbnailOut[] | null): GallerySlide[] {
  const byId = new Map((thumbnails ?? []).map((thumbnail) => [thumbnail.slide_id, thumbnail]));
  return [...presentation.slides]
    .sort((left, right) => left.slide_number - right.slide_number)
    .map((slide) => {
      const thumbnail = byId.get(slide.id);
      const status = thumbnail?.image_status ?? slide.image_status;
      return {
        id: slide.id,
        number: slide.slide_number,
        title: slide.slide_title,
        body: slide.body,
        script: slide.slide_content,
        thumbnailUrl: thumbnail ? thumbnail.thumbnail_url : slide.thumbnail_url,
        webImageUrl: thumbnail ? thumbnail.web_image_url : slide.web_image_url,
        pending: status === "pending",
      };
    });
}

/** Whether the grid keeps asking for thumbnails (every 2 s) until every image is drawn. */
export function hasPendingImages(slides: readonly Pick<GallerySlide, "pending">[]): boolean {
  return slides.some((slide) => slide.pending);
}
