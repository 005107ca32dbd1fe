// How the project and blog lists look (spec section 2): page sizes, the avatar's colour, one of 12 chosen by the
// length of the name or title, and dates as dd/mm/yyyy hh:mm (section 9). Not a client module: the pages read the
// page sizes on the server too.

/** Cards per page of the projects grid and of a project's blog list. */
export const PROJECTS_PAGE_SIZE = 24;
export const BLOGS_PAGE_SIZE = 24;

/** Twelve avatar colours, each a background with a readable text colour (complete class names for Tailwind). */
export const CARD_COLOURS = [
  "bg-rose-100 text-rose-700",
  "bg-orange-100 text-orange-700",
  "bg-amber-100 text-amber-800",
  "bg-lime-100 text-lime-800",
  "bg-emerald-100 text-emerald-700",
  "bg-teal-100 text-teal-700",
  "bg-cyan-100 text-cyan-800",
  "bg-sky-100 text-sky-700",
  "bg-blue-100 text-blue-700",
  "bg-indigo-100 text-indigo-700",
  "bg-violet-100 text-violet-700",
  "bg-fuchsia-100 text-fuchsia-700",
] as const;

/** The colour of a name or title, by its length (in characters, not UTF-16 units). */
export function colourFor(text: string): string {
  return CARD_COLOURS[Array.from(text).length % CARD_COLOURS.length]!;
}

/** Text cut to `max` characters with an ellipsis when longer (the project description on the blog list: 100). */
export function cut(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length > max ? `${characters.slice(0, max).join("").trimEnd()}...` : text;
}

/** 'dd/mm/yyyy hh:mm' in UTC, as on the blog page. */
export { formatDateTime } from "@/components/blogs/format";
