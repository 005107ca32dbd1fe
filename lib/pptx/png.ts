// Slide images (PNG) as PDF image XObjects with Node's own zlib, one image at a time (the PDF export streams).
// Opaque 8-bit images keep their compressed data as it is (PDF reads PNG's row filters through /Predictor 15);
// images with alpha are unfiltered once, split into colour and a soft mask, and deflated on the thread pool.
// Anything else (16-bit, interlaced, palette) returns null: the export has resvg redraw it as 8-bit RGBA first.
import { promisify } from "node:util";
import zlib from "node:zlib";

const inflate = promisify(zlib.inflate);
const deflate = promisify(zlib.deflate);

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Most pixels a slide image may have (a 4K slide is 8.3 million); bounds the memory one image can take. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  /** 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA. */
  colorType: number;
  interlaced: boolean;
}

interface PngParts extends PngHeader {
  /** The IDAT chunks' data, concatenated: one zlib stream of filtered rows. */
  data: Buffer;
  /** A tRNS chunk is present (transparency for a grey, RGB or palette image). */
  transparencyChunk: boolean;
}

/** The header of a PNG, or null when the bytes are not a PNG. */
export function pngHeader(bytes: Uint8Array): PngHeader | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < 33 || !buffer.subarray(0, 8).equals(SIGNATURE)) return null;
  if (buffer.toString("latin1", 12, 16) !== "IHDR") return null;
  const width = buffer.readUInt32BE(16);
  const height = buffer.readUInt32BE(20);
  if (width === 0 || height === 0) return null;
  return { width, height, bitDepth: buffer[24]!, colorType: buffer[25]!, interlaced: buffer[28] === 1 };
}

function pngParts(bytes: Uint8Array): PngParts | null {
  const header = pngHeader(bytes);
  if (!header) return null;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const data: Buffer[] = [];
  let transparencyChunk = false;
  for (let offset = 8; offset + 8 <= buffer.length; ) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString("latin1", offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > buffer.length) return null;
    if (type === "IDAT") data.push(buffer.subarray(offset + 8, offset + 8 + length));
    if (type === "tRNS") transparencyChunk = true;
    if (type === "IEND") break;
    offset = end;
  }
  if (data.length === 0) return null;
  return { ...header, data: Buffer.concat(data), transparencyChunk };
}

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

/** Pixel rows without PNG's per-row filter byte; `raw` is the inflated IDAT data of a non-interlaced image. */
export function unfilterRows(raw: Buffer, width: number, height: number, bytesPerPixel: number): Buffer {
  const stride = width * bytesPerPixel;
  if (raw.length < height * (stride + 1)) throw new Error("PNG data is shorter than its header says");
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const source = y * (stride + 1) + 1;
    const row = y * stride;
    const previous = row - stride;
    for (let i = 0; i < stride; i += 1) {
      const value = raw[source + i]!;
      const left = i >= bytesPerPixel ? out[row + i - bytesPerPixel]! : 0;
      const up = y > 0 ? out[previous + i]! : 0;
      let predicted: number;
      if (filter === 0) predicted = 0;
      else if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) predicted = paeth(left, up, i >= bytesPerPixel && y > 0 ? out[previous + i - bytesPerPixel]! : 0);
      else throw new Error(`PNG row filter ${filter} is not defined`);
      out[row + i] = (value + predicted) & 0xff;
    }
  }
  return out;
}

/** A PNG as a PDF image: its data (FlateDecode) and dictionary entries, and a soft mask when it has transparency. */
export interface PdfImageData {
  width: number;
  height: number;
  colorSpace: "DeviceGray" | "DeviceRGB";
  /** Deflated samples: PNG's own IDAT data (read through /Predictor 15) or unfiltered rows deflated again. */
  data: Buffer;
  /** /DecodeParms for `data` when it is PNG's filtered rows. */
  predictor: boolean;
  /** The alpha channel, deflated, when some pixel is not opaque. */
  alpha: Buffer | null;
}

/**
 * A PNG's samples as a PDF image XObject needs them, or null when its format needs a full decoder (16-bit,
 * interlaced, palette, a tRNS chunk). Opaque 8-bit grey and RGB keep their compressed data as it is; images with
 * alpha are unfiltered once, split into colour and mask, and deflated on the thread pool. Throws when the data is
 * damaged (bad zlib stream, rows missing) or the image has more than MAX_IMAGE_PIXELS.
 */
export async function pdfImageData(bytes: Uint8Array): Promise<PdfImageData | null> {
  const png = pngParts(bytes);
  if (!png || png.bitDepth !== 8 || png.interlaced || png.transparencyChunk) return null;
  const { width, height } = png;
  if (width * height > MAX_IMAGE_PIXELS) throw new Error(`image of ${width}x${height} pixels is too large`);
  if (png.colorType === 0 || png.colorType === 2) {
    return { width, height, colorSpace: png.colorType === 0 ? "DeviceGray" : "DeviceRGB", data: png.data, predictor: true, alpha: null };
  }
  if (png.colorType !== 4 && png.colorType !== 6) return null;

  const colors = png.colorType === 4 ? 1 : 3;
  const bytesPerPixel = colors + 1;
  const expected = height * (width * bytesPerPixel + 1);
  // The bound stops a small stream that inflates far past what the header announced.
  const raw = await inflate(png.data, { maxOutputLength: expected + 1 });
  const pixels = unfilterRows(raw, width, height, bytesPerPixel);
  const colour = Buffer.alloc(width * height * colors);
  const alpha = Buffer.alloc(width * height);
  let opaque = true;
  for (let pixel = 0, source = 0, target = 0; pixel < width * height; pixel += 1) {
    for (let channel = 0; channel < colors; channel += 1) colour[target++] = pixels[source++]!;
    const a = pixels[source++]!;
    alpha[pixel] = a;
    if (a !== 255) opaque = false;
  }
  const [colourData, alphaData] = await Promise.all([deflate(colour), opaque ? null : deflate(alpha)]);
  return { width, height, colorSpace: colors === 1 ? "DeviceGray" : "DeviceRGB", data: colourData, predictor: false, alpha: alphaData };
}
