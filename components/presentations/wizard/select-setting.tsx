"use client";

// A setting of the deck about to be made, as the wizard's steps show one: an icon, its label and a line saying what
// it does, and a select of its choices beside them (under them on a phone).
import type { LucideIcon } from "lucide-react";
import { useId } from "react";
import { Select, type SelectOption } from "@/components/ui/select";

interface SelectSettingProps {
  icon: LucideIcon;
  label: string;
  hint: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
}

export function SelectSetting({ icon: Icon, label, hint, options, value, onChange }: SelectSettingProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <Icon className="h-5 w-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <label htmlFor={id} className="text-sm font-semibold text-slate-900">
            {label}
          </label>
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            {hint}
          </p>
        </div>
      </div>
      <Select id={id} aria-describedby={`${id}-hint`} className="sm:w-80" options={options} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
