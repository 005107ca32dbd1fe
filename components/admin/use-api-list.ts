"use client";

import { useCallback, useEffect, useState } from "react";
import { api } from "@/lib/http/client";

interface ListState<T> {
  items: T[] | null;
  total: number;
  error: unknown;
}

/**
 * A paged list from the API, fetched again whenever the path changes or reload() is called. An answer for a
 * path that is no longer current is dropped, so fast typing in a search box cannot show stale rows.
 */
export function useApiList<T>(path: string, onError: (error: unknown) => void) {
  const [state, setState] = useState<ListState<T>>({ items: null, total: 0, error: null });
  const [version, setVersion] = useState(0);

  useEffect(() => {
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
