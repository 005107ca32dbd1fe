"use client";

// Tabs after the WAI-ARIA pattern: a tablist of buttons with roving focus (arrow keys, Home, End) and one
// visible tabpanel labelled by its tab. Controlled (value + onValueChange) or uncontrolled (defaultValue).
import { createContext, useContext, useId, useRef, useState, type HTMLAttributes, type KeyboardEvent } from "react";
import { cn } from "@/lib/cn";

interface TabsState {
  baseId: string;
  value: string;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error("Tabs parts must be used inside <Tabs>");
  return state;
}

const idOf = (baseId: string, part: "tab" | "panel", value: string) => `${baseId}-${part}-${value.replace(/\s+/g, "-")}`;

interface TabsProps extends Omit<HTMLAttributes<HTMLDivElement>, "defaultValue"> {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}

export function Tabs({ value, defaultValue = "", onValueChange, className, ...props }: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState(defaultValue);
  const current = value ?? own;
  const select = (next: string) => {
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ baseId, value: current, select }}>
      <div className={cn("flex flex-col gap-4", className)} {...props} />
    </TabsContext.Provider>
  );
}

export function TabsList({ className, onKeyDown, ...props }: HTMLAttributes<HTMLDivElement>) {
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const tabs = Array.from(list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])') ?? []);
    const index = tabs.findIndex((tab) => tab === document.activeElement);
    if (index < 0) return;
    const target =
      event.key === "ArrowRight" ? tabs[(index + 1) % tabs.length]
      : event.key === "ArrowLeft" ? tabs[(index - 1 + tabs.length) % tabs.length]
      : event.key === "Home" ? tabs[0]
      : event.key === "End" ? tabs[tabs.length - 1]
      : undefined;
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.click();
  };
  return (
    <div
      ref={list}
      role="tablist"
      onKeyDown={move}
      className={cn("inline-flex w-full items-center gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1 sm:w-auto", className)}
      {...props}
    />
  );
}

export function TabsTrigger({ value, className, ...props }: HTMLAttributes<HTMLButtonElement> & { value: string; disabled?: boolean }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={idOf(tabs.baseId, "tab", value)}
      aria-selected={selected}
      aria-controls={idOf(tabs.baseId, "panel", value)}
      tabIndex={selected ? 0 : -1}
      data-state={selected ? "active" : "inactive"}
      onClick={() => tabs.select(value)}
      className={cn(
        "inline-flex flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 transition-colors sm:flex-none",
        "hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50",
        selected && "bg-white text-slate-900 shadow-sm",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ value, className, ...props }: HTMLAttributes<HTMLDivElement> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={idOf(tabs.baseId, "panel", value)}
      aria-labelledby={idOf(tabs.baseId, "tab", value)}
      tabIndex={0}
      className={cn("focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600", className)}
      {...props}
    />
  );
}
