"use client";

// The platform's settings on Tenant Management (super admins): whether the presentation wizard offers every creation
// method. Read after the page (GET /platform-settings; the card keeps its size meanwhile) and saved at once when
// switched (PUT); the switch goes back when the save fails.
import { Settings2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { serverMessage } from "@/lib/errors/messages";
import { api } from "@/lib/http/client";
import type { PlatformSettingsOut } from "@/lib/services/platform-settings";

export function PlatformSettingsCard() {
  const [settings, setSettings] = useState<PlatformSettingsOut | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    let live = true;
    api
      .get<PlatformSettingsOut>("/platform-settings")
      .then((loaded) => {
        if (live) setSettings(loaded);
      })
      .catch((error: unknown) => {
        if (live) toast({ title: "Error", description: serverMessage(error) ?? "Failed to load the platform settings", variant: "destructive" });
      });
    return () => {
      live = false;
    };
  }, []);
  const labelId = useId();
  const hintId = useId();

  async function change(enableAllMethods: boolean) {
    const before = settings;
    if (!before) return;
    setSettings({ ...before, enable_all_methods: enableAllMethods });
    setSaving(true);
    try {
      setSettings(await api.put<PlatformSettingsOut>("/platform-settings", { enable_all_methods: enableAllMethods }));
      toast({
        title: "Platform Settings Saved",
        description: enableAllMethods ? "The wizard offers every creation method." : "The wizard goes straight to manual creation.",
      });
    } catch (error) {
      setSettings(before);
      toast({ title: "Error", description: serverMessage(error) ?? "Failed to save the platform settings", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Settings2 className="h-5 w-5 text-slate-500" aria-hidden />
          Platform Settings
        </CardTitle>
        <CardDescription>Apply to every tenant.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <p id={labelId} className="text-sm font-medium text-slate-900">
              Offer every creation method
            </p>
            <p id={hintId} className="mt-1 text-sm text-slate-500">
              On: the presentation wizard offers manual creation, PowerPoint import and AI generation. Off: it goes straight to manual creation.
            </p>
          </div>
          <Switch
            checked={settings?.enable_all_methods ?? false}
            onCheckedChange={(checked) => void change(checked)}
            disabled={saving || !settings}
            aria-labelledby={labelId}
            aria-describedby={hintId}
          />
        </div>
      </CardContent>
    </Card>
  );
}
