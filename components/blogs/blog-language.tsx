import { Languages } from "lucide-react";
import { DEFAULT_DECK_LANGUAGE, isDeckLanguage, languageName, UNDETERMINED } from "@/lib/content/languages";
import type { BlogOut } from "@/lib/services/blogs";

/**
 * The blog's language in its header (detected from its sources' text when they are read): what its decks are made
 * in unless the wizard is told otherwise. Nothing while no source has been read and none is being read.
 */
export function BlogLanguage({ blog }: { blog: Pick<BlogOut, "language" | "sources"> }) {
  const reading = blog.sources.some((source) => source.extraction_status === "pending" || (source.extraction_status === "ready" && source.language === null));
  let text: string | null;
  if (blog.language === null) text = reading ? "Language: detecting…" : null;
  else if (blog.language === UNDETERMINED) text = `Language: undetermined (decks in ${languageName(DEFAULT_DECK_LANGUAGE)})`;
  else if (isDeckLanguage(blog.language)) text = `Language: ${languageName(blog.language)}`;
  else text = `Language: ${languageName(blog.language)} (decks in ${languageName(DEFAULT_DECK_LANGUAGE)})`;
  if (!text) return null;
  return (
    <div className="flex min-w-0 items-center gap-1.5" data-testid="blog-language">
      <Languages className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
      <dt className="sr-only">Language</dt>
      <dd className="min-w-0">{capitalized(text.replace(/^Language: /, ""))}</dd>
    </div>
  );
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
