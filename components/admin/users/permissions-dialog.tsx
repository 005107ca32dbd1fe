"use client";

import { KeyRound, RotateCcw, ShieldCheck, ShieldMinus, ShieldPlus, X } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/use-toast";
import { roleLabel } from "@/lib/csv/users";
import { getErrorMessage } from "@/lib/errors/messages";
import { api } from "@/lib/http/client";
import { permissionState, type PermissionBreakdown, type PermissionItem, type PermissionState, type UserOverride, type UserRow } from "./types";

interface Loaded {
  catalogue: PermissionItem[];
  breakdown: PermissionBreakdown;
  overrides: UserOverride[];
}

const STATE_LOOKS: Record<PermissionState, BadgeVariant> = {
  "Role Default": "secondary",
  "User Grant": "success",
  "User Revoke": "destructive",
  "Not Assigned": "outline",
};

interface PermissionsDialogProps {
  user: UserRow | null;
  /** The signed-in user's permissions: only those can be granted (super admins hold all). */
  actorPermissions: readonly string[];
  actorIsSuperAdmin: boolean;
  actorId: string;
  onOpenChange: (open: boolean) => void;
}

/** The per-user permissions dialog: breakdown, the state of every permission, grant / revoke / reset / remove. */
export function PermissionsDialog({ user, onOpenChange, ...actor }: PermissionsDialogProps) {
  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Manage Permissions</DialogTitle>
          <DialogDescription>
            {user ? (
              <>
                {user.full_name || user.email} · {roleLabel(user.role)}. Overrides apply on top of the role&apos;s defaults.
              </>
            ) : null}
          </DialogDescription>
        </DialogHeader>
        {user ? <PermissionsPanel key={user.id} user={user} {...actor} /> : null}
      </DialogContent>
    </Dialog>
  );
}

async function loadPermissions(userId: string): Promise<Loaded> {
  const [catalogue, breakdown, overrides] = await Promise.all([
    api.get<PermissionItem[]>("/permissions/"),
    api.get<PermissionBreakdown>(`/users/${userId}/permissions/breakdown`),
    api.get<UserOverride[]>(`/users/${userId}/permissions/user-specific`),
  ]);
  return { catalogue, breakdown, overrides };
}

function PermissionsPanel({ user, actorPermissions, actorIsSuperAdmin, actorId }: Omit<PermissionsDialogProps, "user" | "onOpenChange"> & { user: UserRow }) {
  const [data, setData] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [tab, setTab] = useState("all");
  const [selected, setSelected] = useState("");
  const [resource, setResource] = useState("");

  useEffect(() => {
    let current = true;
    loadPermissions(user.id).then(
      (loaded) => {
        if (current) setData(loaded);
      },
      (error: unknown) => {
        if (!current) return;
        setFailed(true);
        toast({ variant: "destructive", title: "Failed to load user permissions", description: getErrorMessage(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [user.id, version]);

  // Tenant admins cannot change their own permissions (the service refuses too).
  const editable = actorIsSuperAdmin || user.id !== actorId;
  const mayGrant = (name: string) => actorIsSuperAdmin || actorPermissions.includes(name);

  async function act(key: string, failure: string, call: () => Promise<unknown>, success: { title: string; description: string }) {
    setBusy(key);
    try {
      await call();
      toast(success);
      setVersion((value) => value + 1);
      return true;
    } catch (error) {
      toast({ variant: "destructive", title: failure, description: getErrorMessage(error) });
      return false;
    } finally {
      setBusy(null);
    }
  }

  const who = user.full_name || user.email;
  const grant = (name: string, on = "") =>
    act(`grant:${name}:${on}`, "Failed to grant permission", () => api.post(`/users/${user.id}/permissions/grant`, { permission_name: name, granted: true, resource: on || null }), {
      title: "Permission Granted",
      description: `${name}${on ? ` on ${on}` : ""} was granted to ${who}.`,
    });
  const revoke = (name: string, on = "") =>
    act(`revoke:${name}:${on}`, "Failed to revoke permission", () => api.post(`/users/${user.id}/permissions/revoke`, { permission_name: name, granted: false, resource: on || null }), {
      title: "Permission Revoked",
      description: `${name}${on ? ` on ${on}` : ""} was revoked from ${who}.`,
    });
  const removeOverride = (name: string, on: string | null) => {
    const query = on ? `?resource=${encodeURIComponent(on)}` : "";
    return act(`remove:${name}:${on ?? ""}`, "Failed to remove permission override", () => api.delete(`/users/${user.id}/permissions/${encodeURIComponent(name)}${query}`), {
      title: "Override Removed",
      description: `${name} follows ${who}'s role again.`,
    });
  };

  async function submitOverride(granted: boolean) {
    if (!selected) return;
    const done = granted ? await grant(selected, resource.trim()) : await revoke(selected, resource.trim());
    if (done) {
      setSelected("");
      setResource("");
    }
  }

  if (failed && !data) return <Alert variant="destructive">Failed to load user permissions</Alert>;
  if (!data) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading permissions">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-16" />
          ))}
        </div>
        <Skeleton className="h-64" />
      </div>
    );
  }

  const { catalogue, breakdown, overrides } = data;
  const tiles = [
    { label: "Effective", value: breakdown.effective_permissions.length, testId: "effective-count", icon: ShieldCheck, tone: "text-brand-700 bg-brand-50" },
    { label: "From Role", value: breakdown.role_permissions.length, testId: "role-count", icon: KeyRound, tone: "text-slate-700 bg-slate-100" },
    { label: "Granted", value: breakdown.granted_permissions.length, testId: "granted-count", icon: ShieldPlus, tone: "text-emerald-700 bg-emerald-50" },
    { label: "Revoked", value: breakdown.revoked_permissions.length, testId: "revoked-count", icon: ShieldMinus, tone: "text-red-700 bg-red-50" },
  ];
  const grantable = catalogue.filter((permission) => mayGrant(permission.name));

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <section aria-label="Permission breakdown" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {tiles.map(({ label, value, testId, icon: Icon, tone }) => (
          <div key={label} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3">
            <span className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-lg ${tone}`}>
              <Icon className="h-4 w-4" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-xs text-slate-500">{label}</p>
              <p className="text-lg font-semibold tabular-nums text-slate-900" data-testid={testId}>
                {value}
              </p>
            </div>
          </div>
        ))}
      </section>

      {!editable ? <Alert>You cannot change your own permissions.</Alert> : null}

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Permission views">
          <TabsTrigger value="all">All Permissions</TabsTrigger>
          <TabsTrigger value="overrides">User Overrides ({overrides.length})</TabsTrigger>
        </TabsList>

        <TabsContent value="all">
          <ul className="max-h-[22rem] divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200" aria-label="Permissions">
            {catalogue.map((permission) => {
              const state = permissionState(permission.name, breakdown);
              const fromRole = breakdown.role_permissions.includes(permission.name);
              const key = (verb: string) => `${verb}:${permission.name}:`;
              return (
                <li key={permission.id} className="flex items-start justify-between gap-3 p-3 sm:items-center" data-testid={`permission-${permission.name}`}>
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2">
                      <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-800">{permission.name}</code>
                      <Badge variant={STATE_LOOKS[state]} data-testid="permission-state">
                        {state}
                      </Badge>
                    </p>
                    <p className="mt-1 text-xs text-slate-500">{permission.description}</p>
                  </div>
                  {editable ? (
                    <div className="flex shrink-0 gap-1.5">
                      {state === "Not Assigned" ? (
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={busy !== null || !mayGrant(permission.name)}
                          title={mayGrant(permission.name) ? undefined : "You can only grant permissions you hold yourself"}
                          aria-label={`Grant ${permission.name}`}
                          onClick={() => grant(permission.name)}
                        >
                          <ShieldPlus className="h-4 w-4" aria-hidden />
                          {busy === key("grant") ? "Granting..." : "Grant"}
                        </Button>
                      ) : null}
                      {state === "Role Default" ? (
                        <Button size="sm" variant="outline" disabled={busy !== null} aria-label={`Revoke ${permission.name}`} onClick={() => revoke(permission.name)}>
                          <ShieldMinus className="h-4 w-4" aria-hidden />
                          {busy === key("revoke") ? "Revoking..." : "Revoke"}
                        </Button>
                      ) : null}
                      {state === "User Grant" || state === "User Revoke" ? (
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={busy !== null}
                          aria-label={`${fromRole ? "Reset" : "Remove override"} ${permission.name}`}
                          onClick={() => removeOverride(permission.name, null)}
                        >
                          {fromRole ? <RotateCcw className="h-4 w-4" aria-hidden /> : <X className="h-4 w-4" aria-hidden />}
                          {busy === key("remove") ? "Working..." : fromRole ? "Reset" : "Remove"}
                        </Button>
                      ) : null}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </TabsContent>

        <TabsContent value="overrides" className="flex flex-col gap-4">
          {editable ? (
            <form className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50/60 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" onSubmit={(event: FormEvent<HTMLFormElement>) => {
                event.preventDefault();
                void submitOverride(true);
              }}
            >
              <FormField id="override-permission" label="Permission">
                <Select id="override-permission" required placeholder="Select a permission" value={selected} onChange={(event) => setSelected(event.target.value)}>
                  {grantable.map((permission) => (
                    <option key={permission.id} value={permission.name}>
                      {permission.name}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField id="override-resource" label="Resource (optional)">
                <Input id="override-resource" placeholder="All" value={resource} onChange={(event) => setResource(event.target.value)} />
              </FormField>
              <div className="flex gap-2">
                <Button type="submit" disabled={!selected || busy !== null} className="flex-1 sm:flex-none">
                  <ShieldPlus className="h-4 w-4" aria-hidden />
                  Grant
                </Button>
                <Button
                  variant="outline"
                  disabled={!selected || busy !== null}
                  className="flex-1 sm:flex-none"
                  onClick={() => submitOverride(false)}
                >
                  <ShieldMinus className="h-4 w-4" aria-hidden />
                  Revoke
                </Button>
              </div>
            </form>
          ) : null}
          {overrides.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-200 p-6 text-center text-sm text-slate-500">
              No user-specific overrides. This user has exactly their role&apos;s permissions.
            </p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="User overrides">
              {overrides.map((override) => (
                <li key={override.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                  <div className="flex min-w-0 flex-wrap items-center gap-2">
                    <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-800">{override.permission_name}</code>
                    <Badge variant={override.granted ? "success" : "destructive"}>{override.granted ? "User Grant" : "User Revoke"}</Badge>
                    <span className="text-xs text-slate-500">Resource: {override.resource || "All"}</span>
                  </div>
                  {editable ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={busy !== null}
                      aria-label={`Remove override ${override.permission_name} (${override.resource || "All"})`}
                      onClick={() => removeOverride(override.permission_name, override.resource)}
                    >
                      <X className="h-4 w-4" aria-hidden />
                      Remove
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
