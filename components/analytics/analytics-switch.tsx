"use client";

// Whether the organisation's players report what happens to its decks: its administrators turn it on or off here;
// others see the state when it is off.
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { api } from "@/lib/http/client";

export function AnalyticsSwitch({ enabled, canManage, onChange }: { enabled: boolean; canManage: boolean; onChange: (enabled: boolean) => void }) {
  const [saving, setSaving] = useState(false);

  async function change(next: boolean) {
    setSaving(true);
    try {
      const saved = await api.put<{ enabled: boolean }>("/analytics/settings", { enabled: next });
      onChange(saved.enabled);
      toast({ title: "Success", description: saved.enabled ? "Analytics turned on for your organisation." : "Analytics turned off for your organisation." });
    } catch {
      toast({ title: "Error", description: "Failed to change the analytics setting. Please try again.", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  if (!canManage) {
    return enabled ? null : <Alert variant="info">Analytics is off for your organisation: new views and questions are not counted.</Alert>;
  }
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p id="analytics-switch-label" className="text-sm font-medium text-slate-900">
          Count views and questions
        </p>
        <p className="text-sm text-slate-600">
          For all of your organisation&apos;s decks. No cookies; viewers are counted once a day and never stored by address.
        </p>
      </div>
      <Switch checked={enabled} disabled={saving} onCheckedChange={(next) => void change(next)} aria-labelledby="analytics-switch-label" />
    </div>
  );
}
