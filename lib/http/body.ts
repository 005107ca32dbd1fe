// Reads a request body with a byte cap, so an oversized upload is refused before it fills memory.
import { PayloadTooLarge, ValidationFailed } from "@/lib/errors";

export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function tooLarge(maxBytes: number) {
  return new PayloadTooLarge(`Request body is larger than the limit of ${maxBytes} bytes`);
}

/** Parses JSON; an empty body counts as an empty object so required-field errors name the fields. */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const text = await readBodyText(request, maxBytes);
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ValidationFailed([{ loc: ["body"], msg: "JSON decode error", type: "json_invalid" }]);
  }
}
