"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "@/lib/http/client";

interface ListState<T> {
  items: T[] | null;
  total: number;
  error: unknown;
}

/** The first page as the server rendered it (the page's default filters), so the list shows without a fetch. */
export interface InitialPage<T> {
  items: T[];
  total: number;
}

/**
 * A paged list from the API, fetched again whenever the path changes or reload() is called. An answer for a
 * path that is no longer current is dropped, so fast typing in a search box cannot show stale rows. With
 * `initial` (the first path's answer, read on the server) the first path is not fetched again.
 */
export function useApiList<T>(path: string, onError: (error: unknown) => void, initial?: InitialPage<T>) {
  const [state, setState] = useState<ListState<T>>(() =>
    initial ? { items: initial.items, total: initial.total, error: null } : { items: null, total: 0, error: null },
  );
  const [version, setVersion] = useState(0);
  // The server's answer stands for the first path only; any later path or reload() fetches.
  const skipFirst = useRef(initial !== undefined);

  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    let current = true;
    api.list<T>(path).then(
      ({ items, total }) => {
        if (current) setState({ items, total, error: null });
      },
      (error: unknown) => {
        if (!current) return;
        setState((previous) => ({ ...previous, error }));
        onError(error);
      },
    );
    return () => {
      current = false;
    };
    // onError is a notification, not an input of the request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  return { ...state, reload };
}
