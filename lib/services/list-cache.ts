// Pages of lists kept while the data they show is unchanged. A list's page is a pure function of its query, of the
// actor's reach (a tenant, or every tenant for a super admin) and of the rows in that reach; the actor's own
// statement also reads the version of those rows (Actor.dataVersion, migration 0009), which every committed change
// to a table a list reads moves forward, whoever writes it. A page kept under the key of its list, query, reach and
// version is therefore current for as long as requests arrive with that version, and is answered without another
// statement; the first request after a change reads the list again (once, however many ask for it together).
//
// A page read after the actor's statement saw version v may show a change committed in between; it is kept under v,
// which no request begun after that commit can see, so no later request gets it. The actor's permissions are checked
// before a page is looked up, and a page never holds anything of the actor beyond the reach in its key.
import type { Actor } from "@/lib/auth/actor";
import { isSuperAdmin } from "@/lib/auth/actor";
import { env } from "@/lib/env";

/** A page of a list as the API sends it: the items as JSON text and the total. */
export interface ListPage {
  json: string;
  total: number;
}

interface Store {
  pages: Map<string, ListPage>;
  bytes: number;
  reads: Map<string, Promise<ListPage>>;
}

// On globalThis: the server's chunks may hold more than one copy of this module, and they must share one cache.
const store = ((globalThis as Record<symbol, unknown>)[Symbol.for("insightdeck.list-cache")] ??= {
  pages: new Map(),
  bytes: 0,
  reads: new Map(),
}) as Store;

// A page's size as counted against the limit: its text (two bytes a character at most) and its key.
const sizeOf = (key: string, page: ListPage) => 2 * (key.length + page.json.length) + 64;

function remember(key: string, page: ListPage, maxBytes: number): void {
  const previous = store.pages.get(key);
  if (previous) store.bytes -= sizeOf(key, previous);
  store.pages.delete(key);
  if (sizeOf(key, page) > maxBytes / 8) return;
  store.pages.set(key, page);
  store.bytes += sizeOf(key, page);
  // Least recently used first out (a Map keeps insertion order; a hit re-inserts its entry).
  for (const [oldKey, old] of store.pages) {
    if (store.bytes <= maxBytes) break;
    store.pages.delete(oldKey);
    store.bytes -= sizeOf(oldKey, old);
  }
}

/**
 * The page `read` gives for this list and query in the actor's reach: kept from an earlier identical request while
 * the data is unchanged, else read (one read for every request that asks at once) and kept. `list` names the list,
 * `query` is everything else the page depends on (its parsed parameters, path ids). An actor without a data
 * version (not resolved from a session) always reads.
 */
export async function cachedListPage(actor: Actor, list: string, query: unknown, read: () => Promise<ListPage>): Promise<ListPage> {
  const maxBytes = env().LIST_CACHE_MB * 1024 * 1024;
  if (actor.dataVersion === null || maxBytes === 0) return read();
  const reach = isSuperAdmin(actor) ? "*" : actor.tenantId;
  const key = JSON.stringify([list, reach, actor.dataVersion, query]);
  const kept = store.pages.get(key);
  if (kept) {
    store.pages.delete(key);
    store.pages.set(key, kept);
    return kept;
  }
  let pending = store.reads.get(key);
  if (!pending) {
    pending = read()
      .then((page) => {
        remember(key, page, maxBytes);
        return page;
      })
      .finally(() => store.reads.delete(key));
    store.reads.set(key, pending);
  }
  return pending;
}

/** A kept page as objects again (for the first view a page renders on the server, from the text the API sends). */
export function itemsOfListPage<T>(page: ListPage): { items: T[]; total: number } {
  return { items: JSON.parse(page.json) as T[], total: page.total };
}

/** A page of objects as a kept page: its items serialised once. */
export function listPageOf<T>(page: { items: T[]; total: number }): ListPage {
  return { json: JSON.stringify(page.items), total: page.total };
}
