import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast, reducer, toast, TOAST_LIMIT, TOAST_REMOVE_DELAY, type ToastItem } from "@/components/ui/use-toast";

const item = (id: string): ToastItem => ({ id, open: true, title: id });

afterEach(() => {
  vi.useRealTimers();
});

describe("toast store (spec sections 4 and 9)", () => {
  it("keeps one toast: a new one replaces the previous", () => {
    expect(TOAST_LIMIT).toBe(1);
    let state = reducer({ toasts: [] }, { type: "ADD", toast: item("a") });
    state = reducer(state, { type: "ADD", toast: item("b") });
    expect(state.toasts.map((t) => t.id)).toEqual(["b"]);
  });

  it("closes a dismissed toast and removes it after 1,000,000 ms", () => {
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    let state = reducer({ toasts: [item("a")] }, { type: "DISMISS", id: "a" });
    expect(state.toasts).toEqual([{ ...item("a"), open: false }]);
    state = reducer(state, { type: "REMOVE", id: "a" });
    expect(state.toasts).toEqual([]);
  });

  it("schedules the removal when a toast is dismissed", () => {
    vi.useFakeTimers();
    const spy = vi.spyOn(globalThis, "setTimeout");
    const shown = toast({ title: "Login Failed", variant: "destructive" });
    dismissToast(shown.id);
    expect(spy).toHaveBeenCalledWith(expect.any(Function), TOAST_REMOVE_DELAY);
  });
});
