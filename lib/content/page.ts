// A fetched web page's text: its article as @mozilla/readability finds it on a linkedom document (headings kept), or
// the page's body text when no article is found. Pure parsing, run in the document worker (lib/content/documents.ts):
// a page of a few MB of markup makes a document tree many times its size.
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { htmlToSections, normalizeSpace, plainTextToSections, type ExtractedContent } from "./sections";

/** Readability finds no article in less text than this; the body text is then taken as it is. */
const MIN_ARTICLE_LENGTH = 140;

/** What the page says: plain text as it is, HTML reduced to its article (or its body), cut at `maxLength` characters. */
export function pageContent(text: string, isHtml: boolean, maxLength: number): ExtractedContent {
  if (!isHtml) return plainTextToSections(text, undefined, maxLength);
  // Readability rearranges the document it reads, so the body-text fallback reads a fresh one.
  const { document } = parseHTML(text);
  const pageTitle = normalizeSpace(document.title ?? "") || undefined;
  const article = new Readability(document as unknown as Document).parse();
  const articleText = normalizeSpace(article?.textContent ?? "");
  if (article?.content && articleText.length >= MIN_ARTICLE_LENGTH) {
    return htmlToSections(article.content, normalizeSpace(article.title ?? "") || pageTitle, maxLength);
  }
  const fresh = parseHTML(text).document;
  return htmlToSections(fresh.body?.innerHTML ?? "", pageTitle, maxLength);
}
