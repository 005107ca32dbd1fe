// A web page as source text: fetched under the SSRF guard (safe-fetch), then reduced to its article (lib/content/page.ts)
// in the document worker, off the server's thread.
import { safeFetch, type SafeFetchOptions } from "@/lib/http/safe-fetch";
import { readPage } from "./documents";
import { ExtractionFailed } from "./errors";
import { DEFAULT_MAX_TEXT_LENGTH, type ExtractedContent } from "./sections";

export interface WebExtractOptions extends SafeFetchOptions {
  /** Longest text kept, in characters. */
  maxTextLength?: number;
}

export interface ExtractedWebPage extends ExtractedContent {
  /** The address the text came from, after redirects. */
  url: string;
}

function decoderFor(label: string | undefined): TextDecoder {
  try {
    return new TextDecoder(label ?? "utf-8");
  } catch {
    return new TextDecoder("utf-8");
  }
}

/** The page's text: the charset of the Content-Type header, else a <meta> charset in its first bytes, else UTF-8. */
function decodePage(body: Buffer, charset: string | undefined, html: boolean): string {
  if (!charset && html) {
    const head = body.subarray(0, 2048).toString("latin1");
    charset = head.match(/<meta[^>]+charset\s*=\s*["']?([\w-]+)/i)?.[1]?.toLowerCase();
  }
  return decoderFor(charset).decode(body);
}

/** Extracts the text of a web page with its headings. Throws FetchRefused (fetch) or ExtractionFailed("empty"). */
export async function extractWebPage(url: string, options: WebExtractOptions = {}): Promise<ExtractedWebPage> {
  const maxLength = options.maxTextLength ?? DEFAULT_MAX_TEXT_LENGTH;
  const response = await safeFetch(url, options);
  const isHtml = response.contentType !== "text/plain";
  const text = decodePage(response.body, response.charset, isHtml);

  const content = await readPage(text, isHtml, maxLength);
  if (!content.text) throw new ExtractionFailed("empty");
  return { ...content, url: response.url };
}
