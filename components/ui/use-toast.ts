"use client";

// The toast store (spec sections 4 and 9): at most one toast is visible, a new one replaces the previous,
// and a dismissed toast is removed from the store after 1,000,000 ms.
import { useEffect, useState, type ReactNode } from "react";

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before the toast closes by itself; Radix's default (5 s) when unset. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

type Action =
  | { type: "ADD"; toast: ToastItem }
  | { type: "UPDATE"; toast: Partial<ToastItem> & { id: string } }
  | { type: "DISMISS"; id?: string }
  | { type: "REMOVE"; id?: string };

interface State {
  toasts: ToastItem[];
}

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "ADD":
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "UPDATE":
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case "DISMISS":
      return { toasts: state.toasts.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t)) };
    case "REMOVE":
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
  }
}

let memory: State = { toasts: [] };
const listeners = new Set<(state: State) => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: Action) {
  memory = reducer(memory, action);
  for (const listener of listeners) listener(memory);
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      dispatch({ type: "REMOVE", id });
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismissToast(id?: string) {
  const ids = id === undefined ? memory.toasts.map((t) => t.id) : [id];
  ids.forEach(scheduleRemoval);
  dispatch({ type: "DISMISS", id });
}

/** Shows a toast, replacing the one on screen. */
export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  dispatch({ type: "ADD", toast: { ...input, id, open: true } });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastInput) => dispatch({ type: "UPDATE", toast: { ...next, id } }),
  };
}

export function useToast() {
  const [state, setState] = useState<State>(memory);
  useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return { toasts: state.toasts, toast, dismiss: dismissToast };
}
