// A web page as source text: fetched under the SSRF guard (safe-fetch), reduced to its article with
// @mozilla/readability on a linkedom document (headings kept), or to the page's body text when no article is found.
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { safeFetch, type SafeFetchOptions } from "@/lib/http/safe-fetch";
import { ExtractionFailed } from "./errors";
import { DEFAULT_MAX_TEXT_LENGTH, htmlToSections, normalizeSpace, plainTextToSections, type ExtractedContent } from "./sections";

export interface WebExtractOptions extends SafeFetchOptions {
  /** Longest text kept, in characters. */
  maxTextLength?: number;
}

export interface ExtractedWebPage extends ExtractedContent {
  /** The address the text came from, after redirects. */
  url: string;
}

/** Readability finds no article in less text than this; the body text is then taken as it is. */
const MIN_ARTICLE_LENGTH = 140;

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

  let content: ExtractedContent;
  if (!isHtml) {
    content = plainTextToSections(text, undefined, maxLength);
  } else {
    // Readability rearranges the document it reads, so the body-text fallback reads a fresh one.
    const { document } = parseHTML(text);
    const pageTitle = normalizeSpace(document.title ?? "") || undefined;
    const article = new Readability(document as unknown as Document).parse();
    const articleText = normalizeSpace(article?.textContent ?? "");
    if (article?.content && articleText.length >= MIN_ARTICLE_LENGTH) {
      content = htmlToSections(article.content, normalizeSpace(article.title ?? "") || pageTitle, maxLength);
    } else {
      const fresh = parseHTML(text).document;
      content = htmlToSections(fresh.body?.innerHTML ?? "", pageTitle, maxLength);
    }
  }
  if (!content.text) throw new ExtractionFailed("empty");
  return { ...content, url: response.url };
}
