"use client";

import { CalendarDays, Mail } from "lucide-react";
import { useCurrentUser } from "@/components/auth/current-user";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ChangePasswordCard } from "./change-password-form";
import { roleBadgeLabel, roleName } from "./role-label";

function InfoRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-sm font-medium text-slate-900 sm:text-right">{children}</dd>
    </div>
  );
}

/** Profile Settings: header card, Account Information and the Change Password form. */
export function ProfileView() {
  const { user } = useCurrentUser();
  const role = roleBadgeLabel(user.role);

  return (
    <div className="flex flex-col gap-6">
      <Card className="overflow-hidden">
        <div className="h-24 bg-gradient-to-r from-brand-700 via-brand-600 to-brand-500 sm:h-28" aria-hidden />
        <div className="flex flex-col gap-4 px-6 pb-6 sm:flex-row sm:items-end sm:gap-6">
          <Avatar fullName={user.full_name} email={user.email} size="xl" className="-mt-10 ring-4 ring-white" />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="truncate text-2xl font-semibold tracking-tight text-slate-900">{user.full_name || "User Profile"}</h1>
              <Badge variant="secondary" data-testid="role-badge">
                {role}
              </Badge>
            </div>
            <div className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-slate-500">
              <span className="flex min-w-0 items-center gap-1.5">
                <Mail className="h-4 w-4 shrink-0" aria-hidden />
                <span className="truncate">{user.email}</span>
              </span>
              <span className="flex items-center gap-1.5">
                <CalendarDays className="h-4 w-4 shrink-0" aria-hidden />
                Member since {new Date().getFullYear()}
              </span>
            </div>
          </div>
        </div>
      </Card>

      <div className="grid items-start gap-6 lg:grid-cols-5">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle className="text-lg">Account Information</CardTitle>
            <CardDescription>The details of your account.</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="divide-y divide-slate-100">
              <InfoRow label="Email">{user.email}</InfoRow>
              <InfoRow label="Full Name">{user.full_name || <span className="font-normal text-slate-400">Not set</span>}</InfoRow>
              <InfoRow label="Role">{roleName(user.role)}</InfoRow>
              <InfoRow label="Organization">{user.tenant_name || "Not set"}</InfoRow>
            </dl>
          </CardContent>
        </Card>
        <div className="lg:col-span-3">
          <ChangePasswordCard />
        </div>
      </div>
    </div>
  );
}
