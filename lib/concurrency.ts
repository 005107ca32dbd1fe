// Work over a list with a bounded number of items in flight.

/**
 * Runs `work` on each item, at most `limit` at a time, in the list's order of starting. The first failure stops
 * new items from starting; the items already started are waited for, then that failure is thrown.
 */
export async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (failure === null && next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (failure !== null) throw (failure as { error: unknown }).error;
}

/** Items handled between two turns given back to the event loop (see inSlices). */
const SLICE = 2_048;

/**
 * Runs `work` on each item in order, giving the event loop a turn after every `size` items: a long list handled on
 * the server's thread (a table read once per process) never holds it for long in one go, so requests and health
 * checks are answered meanwhile.
 */
export async function inSlices<T>(items: readonly T[], work: (item: T, index: number) => void, size = SLICE): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const end = Math.min(items.length, start + size);
    for (let index = start; index < end; index++) work(items[index] as T, index);
  }
}
