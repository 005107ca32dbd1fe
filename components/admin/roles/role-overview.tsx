import { ArrowDown, Check, Crown, Lock, ShieldCheck, User } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/admin/page-header";
import { PERMISSION_DESCRIPTIONS, isPermissionName } from "@/lib/auth/permissions";
import { cn } from "@/lib/cn";

export interface RoleCardData {
  key: "user" | "tenant_admin" | "super_admin";
  permissions: string[];
}

// The descriptions of spec section 2, "Role overview".
const ROLE_INFO = {
  user: {
    title: "User",
    summary: "An ordinary member of an organization.",
    capabilities: ["View and edit own profile", "Change password", "User dashboard"],
    icon: User,
    tone: "bg-slate-100 text-slate-700",
  },
  tenant_admin: {
    title: "Tenant Admin",
    summary: "Manages the users of one organization.",
    capabilities: ["All user permissions", "Manage tenant users", "Tenant analytics", "Tenant settings", "Manage roles (except admin roles)"],
    icon: ShieldCheck,
    tone: "bg-brand-50 text-brand-700",
  },
  super_admin: {
    title: "Super Admin",
    summary: "Operates the whole platform.",
    capabilities: ["Everything", "Manage all tenants", "System configuration", "Global analytics"],
    icon: Crown,
    tone: "bg-amber-50 text-amber-700",
  },
} as const;

const GUIDELINES = [
  "Give each person the lowest role that lets them do their work; grant single permissions as overrides instead of promoting a role.",
  "Nobody can grant a permission or assign a role they do not hold themselves.",
  "Deactivate accounts that are no longer needed: an inactive user holds no permissions and is signed out at once.",
  "Review per-user overrides regularly and reset those that are no longer needed.",
  "Tenant admins cannot delete themselves or change their own permissions; ask another admin.",
];

function RoleCard({ role }: { role: RoleCardData }) {
  const info = ROLE_INFO[role.key];
  const Icon = info.icon;
  return (
    <Card className="flex flex-col" data-testid={`role-card-${role.key}`}>
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className={cn("flex h-10 w-10 items-center justify-center rounded-lg", info.tone)}>
            <Icon className="h-5 w-5" aria-hidden />
          </span>
          <div>
            <CardTitle className="text-lg">{info.title}</CardTitle>
            <CardDescription>{info.summary}</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-5">
        <ul className="flex flex-col gap-1.5 text-sm text-slate-700">
          {info.capabilities.map((capability) => (
            <li key={capability} className="flex items-start gap-2">
              <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
              {capability}
            </li>
          ))}
        </ul>
        <div>
          <h3 className="mb-2 flex items-center justify-between text-xs font-semibold uppercase tracking-wide text-slate-500">
            Permissions
            <Badge variant="outline">{role.permissions.length}</Badge>
          </h3>
          {role.permissions.length === 0 ? (
            <p className="text-sm text-slate-500">No permissions assigned.</p>
          ) : (
            <ul className="list-disc space-y-1 pl-5 text-sm marker:text-slate-300" aria-label={`${info.title} permissions`}>
              {role.permissions.map((permission) => (
                <li key={permission}>
                  <code className="text-xs font-medium text-slate-800">{permission}</code>
                  {isPermissionName(permission) ? <span className="text-slate-500"> — {PERMISSION_DESCRIPTIONS[permission]}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** The read-only role overview: one card per role the viewer may see, guidelines and the hierarchy. */
export function RoleOverview({ roles }: { roles: RoleCardData[] }) {
  const hierarchy = [...roles].reverse();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Roles & Permissions" description="What each role may do. Per-user overrides are managed in User Management." />
      <div className={cn("grid gap-6", roles.length === 3 ? "lg:grid-cols-3" : "md:grid-cols-2")}>
        {roles.map((role) => (
          <RoleCard key={role.key} role={role} />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-lg">
              <Lock className="h-5 w-5 text-slate-500" aria-hidden />
              Security Guidelines
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col gap-2 text-sm text-slate-700">
              {GUIDELINES.map((guideline) => (
                <li key={guideline} className="flex items-start gap-2">
                  <span aria-hidden className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-500" />
                  {guideline}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Role Hierarchy</CardTitle>
            <CardDescription>Each role includes everything below it.</CardDescription>
          </CardHeader>
          <CardContent>
            <ol className="flex flex-col items-stretch gap-1" aria-label="Role hierarchy, highest first">
              {hierarchy.map((role, index) => {
                const info = ROLE_INFO[role.key];
                const Icon = info.icon;
                return (
                  <li key={role.key} className="flex flex-col items-center gap-1">
                    <div className="flex w-full items-center gap-3 rounded-lg border border-slate-200 px-4 py-3">
                      <span className={cn("flex h-8 w-8 items-center justify-center rounded-md", info.tone)}>
                        <Icon className="h-4 w-4" aria-hidden />
                      </span>
                      <span className="font-medium text-slate-900">{info.title}</span>
                      <span className="ml-auto text-xs text-slate-500">{role.permissions.length} permissions</span>
                    </div>
                    {index < hierarchy.length - 1 ? <ArrowDown className="h-4 w-4 text-slate-300" aria-hidden /> : null}
                  </li>
                );
              })}
            </ol>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
