"use client";

import { useCallback, useEffect, useState } from "react";
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
 * failure (after the loader's own fallback) shows the destructive toast once per attempt.
 */
export function useDashboardData<T>(loader: () => Promise<T>, errorMessage: (error: unknown) => string = () => LOAD_ERROR_MESSAGE) {
  const [state, setState] = useState<State<T>>({ data: null, error: null, loading: true });
  const [version, setVersion] = useState(0);

  useEffect(() => {
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
