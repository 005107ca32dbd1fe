// A slide image's type and pixel size, read from its bytes: the renderer embeds it as a data URL, and the size
// check keeps a small file that declares a giant canvas (a pixel flood) from being decoded at all.
import { BadRequest } from "@/lib/errors";

export type SlideImageMime = "image/png" | "image/jpeg" | "image/gif";

export interface SlideImageInfo {
  mime: SlideImageMime;
  width: number;
  height: number;
}

/** 40 megapixels: more than any camera photo a slide needs, far below what would exhaust memory when decoded. */
export const MAX_SLIDE_IMAGE_PIXELS = 40_000_000;

const INVALID_IMAGE = "The slide image is not a readable JPG, PNG or GIF file.";

function isPng(bytes: Uint8Array): boolean {
  return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => bytes[index] === byte);
}

function isGif(bytes: Uint8Array): boolean {
  const signature = String.fromCharCode(...bytes.subarray(0, 6));
  return signature === "GIF87a" || signature === "GIF89a";
}

function isJpeg(bytes: Uint8Array): boolean {
  return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** Width and height from the first start-of-frame segment (SOF0 to SOF15, except DHT, JPG and DAC). */
function jpegSize(bytes: Uint8Array, view: DataView): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    // Fill bytes and stand-alone markers carry no length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = view.getUint16(offset + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (offset + 9 > bytes.length) return null;
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

/**
 * The type and size of a JPG, PNG or GIF. Anything else, a truncated header, a zero size or more than
 * MAX_SLIDE_IMAGE_PIXELS is refused with a clear 400 before any decoding.
 */
export function slideImageInfo(bytes: Uint8Array): SlideImageInfo {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let info: SlideImageInfo | null = null;
  if (isPng(bytes) && bytes.length >= 24) {
    info = { mime: "image/png", width: view.getUint32(16), height: view.getUint32(20) };
  } else if (isGif(bytes) && bytes.length >= 10) {
    info = { mime: "image/gif", width: view.getUint16(6, true), height: view.getUint16(8, true) };
  } else if (isJpeg(bytes)) {
    const size = jpegSize(bytes, view);
    if (size) info = { mime: "image/jpeg", ...size };
  }
  if (!info || info.width === 0 || info.height === 0) throw new BadRequest(INVALID_IMAGE);
  if (info.width * info.height > MAX_SLIDE_IMAGE_PIXELS) {
    throw new BadRequest(
      `The slide image is ${info.width}x${info.height} pixels; images of at most ${MAX_SLIDE_IMAGE_PIXELS / 1_000_000} megapixels are accepted.`,
    );
  }
  return info;
}

export function imageDataUrl(bytes: Uint8Array, mime: SlideImageMime): string {
  return `data:${mime};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64")}`;
}
