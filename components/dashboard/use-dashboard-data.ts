"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/use-toast";

export const LOAD_ERROR_TITLE = "Error Loading Dashboard";
export const LOAD_ERROR_MESSAGE = "Failed to load dashboard data. Please refresh the page.";

interface State<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
}

/**
 * Loads a dashboard's data on mount and on reload(). The previous data stays on screen while reloading; a
 * failure (after the loader's own fallback) shows the destructive toast once per attempt. With `initial` (the
 * first view, read on the server) nothing is fetched on mount, only on reload().
 */
export function useDashboardData<T>(
  loader: () => Promise<T>,
  errorMessage: (error: unknown) => string = () => LOAD_ERROR_MESSAGE,
  initial?: T,
) {
  const [state, setState] = useState<State<T>>(() =>
    initial === undefined ? { data: null, error: null, loading: true } : { data: initial, error: null, loading: false },
  );
  const [version, setVersion] = useState(0);
  const skipFirst = useRef(initial !== undefined);

  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    let current = true;
    loader().then(
      (data) => {
        if (current) setState({ data, error: null, loading: false });
      },
      (error: unknown) => {
        if (!current) return;
        setState((previous) => ({ ...previous, error, loading: false }));
        toast({ variant: "destructive", title: LOAD_ERROR_TITLE, description: errorMessage(error) });
      },
    );
    return () => {
      current = false;
    };
    // The loader and message are fixed per dashboard; version asks for a fresh load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);

  const reload = useCallback(() => {
    setState((previous) => ({ ...previous, loading: true }));
    setVersion((value) => value + 1);
  }, []);

  return { ...state, reload };
}
