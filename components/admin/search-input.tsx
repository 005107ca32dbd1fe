"use client";

import { Search } from "lucide-react";
import { Input } from "@/components/ui/input";

/** A search box with a magnifier; its accessible name is the label. */
export function SearchInput({ label, value, onChange, placeholder }: { label: string; value: string; onChange: (value: string) => void; placeholder?: string }) {
  return (
    <div className="relative w-full">
      <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
      <Input type="search" aria-label={label} placeholder={placeholder ?? label} value={value} onChange={(event) => onChange(event.target.value)} className="pl-9" />
    </div>
  );
}
