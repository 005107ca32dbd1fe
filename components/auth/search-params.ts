// Reading the query of a page: Next.js gives each parameter as a string, a list, or nothing.

export type SearchParams = Record<string, string | string[] | undefined>;

/** The first value of a query parameter, or undefined when it is absent or blank. */
export function firstParam(params: SearchParams, name: string): string | undefined {
  const value = params[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first && first.trim() !== "" ? first : undefined;
}
