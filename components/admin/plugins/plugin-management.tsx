"use client";

import { AudioLines, Mic, Save } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { PageHeader } from "@/components/admin/page-header";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { getErrorMessage } from "@/lib/errors/messages";
import { api } from "@/lib/http/client";
import { isSpeechToText, isTextToSpeech, pluginStatusLabel, type PluginField, type PluginRow } from "./plugin-kinds";

/** What the API shows in place of a stored secret (lib/speech/plugin-catalogue.ts); sent back unchanged, it keeps the secret. */
const SECRET_MASK = "••••••••";

const STATUS_LOOKS: Record<ReturnType<typeof pluginStatusLabel>, BadgeVariant> = {
  Active: "success",
  Inactive: "outline",
  Error: "destructive",
  Unknown: "warning",
};

type Draft = Record<string, string | boolean>;

function draftOf(plugin: PluginRow): Draft {
  const draft: Draft = {};
  for (const field of plugin.fields) {
    const value = plugin.config[field.key];
    draft[field.key] = field.type === "boolean" ? value === true : value === undefined ? "" : String(value);
  }
  return draft;
}

/** The settings as the API takes them: numbers as numbers; a secret still showing the mask keeps the stored one. */
function configOf(fields: PluginField[], draft: Draft): Record<string, string | number | boolean> | string {
  const config: Record<string, string | number | boolean> = {};
  for (const field of fields) {
    const value = draft[field.key];
    if (field.type === "boolean") config[field.key] = value === true;
    else if (field.type === "number") {
      const number = Number(value);
      if (String(value).trim() === "" || !Number.isFinite(number)) return `${field.label} must be a number`;
      config[field.key] = number;
    } else config[field.key] = String(value ?? "");
  }
  return config;
}

function PluginCard({ plugin, onChange }: { plugin: PluginRow; onChange: (plugin: PluginRow) => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(plugin));
  const [toggling, setToggling] = useState(false);
  const [saving, setSaving] = useState(false);
  const status = pluginStatusLabel(plugin.status);
  const fieldId = (key: string) => `plugin-${plugin.id}-${key}`;

  async function toggle(enabled: boolean) {
    setToggling(true);
    try {
      onChange(await api.put<PluginRow>(`/plugins/${plugin.id}`, { enabled }));
    } catch (error) {
      toast({ variant: "destructive", title: "Failed to update plugin status.", description: getErrorMessage(error) });
    } finally {
      setToggling(false);
    }
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const config = configOf(plugin.fields, draft);
    if (typeof config === "string") {
      toast({ variant: "destructive", title: "Invalid Settings", description: config });
      return;
    }
    setSaving(true);
    try {
      const saved = await api.put<PluginRow>(`/plugins/${plugin.id}`, { config });
      onChange(saved);
      setDraft(draftOf(saved));
      toast({ title: "Settings Saved", description: `${plugin.name} settings were saved.` });
    } catch (error) {
      toast({ variant: "destructive", title: "Failed to save plugin settings", description: getErrorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card className="flex flex-col" data-testid={`plugin-${plugin.id}`}>
      <CardHeader className="gap-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <CardTitle className="text-base">{plugin.name}</CardTitle>
            <CardDescription className="mt-1">{plugin.description}</CardDescription>
          </div>
          <Switch checked={plugin.enabled} disabled={toggling} onCheckedChange={toggle} aria-label={`Enable ${plugin.name}`} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={STATUS_LOOKS[status]} data-testid="plugin-status">
            {status}
          </Badge>
          {plugin.status === "error" && plugin.status_message ? <span className="text-xs text-red-600">{plugin.status_message}</span> : null}
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col">
        <form onSubmit={save} className="flex flex-1 flex-col gap-3 border-t border-slate-100 pt-4" aria-label={`${plugin.name} settings`}>
          {plugin.fields.map((field) =>
            field.type === "boolean" ? (
              <div key={field.key} className="flex items-center justify-between gap-3">
                <span id={`${fieldId(field.key)}-label`} className="text-sm font-medium text-slate-700">
                  {field.label}
                </span>
                <Switch
                  id={fieldId(field.key)}
                  aria-labelledby={`${fieldId(field.key)}-label`}
                  checked={draft[field.key] === true}
                  onCheckedChange={(checked) => setDraft((current) => ({ ...current, [field.key]: checked }))}
                />
              </div>
            ) : (
              <FormField
                key={field.key}
                id={fieldId(field.key)}
                label={field.required ? `${field.label} *` : field.label}
                hint={field.secret && plugin.config[field.key] === SECRET_MASK ? "Stored and shown masked. Leave it to keep it; clear it to remove it." : undefined}
              >
                <Input
                  id={fieldId(field.key)}
                  aria-describedby={field.secret && plugin.config[field.key] === SECRET_MASK ? `${fieldId(field.key)}-hint` : undefined}
                  type={field.secret ? "password" : field.type === "number" ? "number" : "text"}
                  step={field.type === "number" ? "any" : undefined}
                  autoComplete={field.secret ? "new-password" : "off"}
                  spellCheck={false}
                  value={String(draft[field.key] ?? "")}
                  onChange={(event) => setDraft((current) => ({ ...current, [field.key]: event.target.value }))}
                />
              </FormField>
            ),
          )}
          <div className="mt-auto flex justify-end pt-1">
            <Button type="submit" size="sm" disabled={saving} aria-busy={saving} aria-label={`Save ${plugin.name} settings`}>
              <Save className="h-4 w-4" aria-hidden />
              {saving ? "Saving..." : "Save"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function Section({ title, description, icon: Icon, plugins, onChange }: { title: string; description: string; icon: typeof Mic; plugins: PluginRow[]; onChange: (plugin: PluginRow) => void }) {
  const headingId = `section-${title.replace(/\s+/g, "-").toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon className="h-5 w-5" aria-hidden />
        </span>
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <p className="text-sm text-slate-500">{description}</p>
        </div>
      </div>
      {plugins.length === 0 ? (
        <p className="text-sm text-slate-500">No plugins available.</p>
      ) : (
        <div className="grid items-stretch gap-4 md:grid-cols-2 xl:grid-cols-3">
          {plugins.map((plugin) => (
            <PluginCard key={plugin.id} plugin={plugin} onChange={onChange} />
          ))}
        </div>
      )}
    </section>
  );
}

/** Plugin management (spec section 2): speech providers of the tenant, switched on and configured per plugin. */
export function PluginManagement({ initial }: { initial?: PluginRow[] }) {
  const [plugins, setPlugins] = useState<PluginRow[] | null>(initial ?? null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    // The server read the plugins for the first view; without them (a failure there) they load here.
    if (initial) return;
    let current = true;
    api.get<PluginRow[]>("/plugins").then(
      (rows) => {
        if (current) setPlugins(rows);
      },
      (error: unknown) => {
        if (!current) return;
        setFailed(true);
        toast({ variant: "destructive", title: "Failed to load plugins", description: getErrorMessage(error) });
      },
    );
    return () => {
      current = false;
    };
    // Only the first view's answer matters: later changes come back from each plugin's save.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const replace = (updated: PluginRow) => setPlugins((rows) => rows?.map((row) => (row.id === updated.id ? updated : row)) ?? rows);

  return (
    <div className="flex flex-col gap-8">
      <PageHeader title="Plugins" description="Speech providers for narration and voice questions. Settings are stored on the server; secrets are encrypted." />
      {failed && !plugins ? <Alert variant="destructive">Failed to load plugins</Alert> : null}
      {!plugins && !failed ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading plugins">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-72" />
          ))}
        </div>
      ) : null}
      {plugins ? (
        <>
          <Section
            title="Text to Speech"
            description="Voices that narrate presentations."
            icon={AudioLines}
            plugins={plugins.filter((plugin) => isTextToSpeech(plugin.id))}
            onChange={replace}
          />
          <Section
            title="Speech to Text"
            description="Recognition of spoken questions in the player's Q&A panel."
            icon={Mic}
            plugins={plugins.filter((plugin) => !isTextToSpeech(plugin.id) && isSpeechToText(plugin.id))}
            onChange={replace}
          />
        </>
      ) : null}
    </div>
  );
}
