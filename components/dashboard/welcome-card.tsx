import { UserCog } from "lucide-react";
import Link from "next/link";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { roleBadgeLabel } from "@/components/profile/role-label";
import type { SessionUser } from "@/components/auth/types";

/** The dashboard's greeting until the role dashboards of issue #4 replace it. */
export function WelcomeCard({ user }: { user: Pick<SessionUser, "full_name" | "email" | "role" | "tenant_name"> }) {
  const name = user.full_name || user.email;
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-6 bg-gradient-to-br from-brand-50 via-white to-white p-6 sm:flex-row sm:items-center sm:p-8">
        <Avatar fullName={user.full_name} email={user.email} size="lg" />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <p className="text-sm font-medium text-brand-700">Dashboard</p>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Welcome, {name}!</h1>
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-500">
            <Badge variant="secondary" data-testid="role-badge">
              {roleBadgeLabel(user.role)}
            </Badge>
            {user.tenant_name ? <span className="truncate">{user.tenant_name}</span> : null}
          </div>
        </div>
        <Link href="/profile" className={buttonClasses("outline", "md", "shrink-0 self-start sm:self-center")}>
          <UserCog className="h-4 w-4" aria-hidden />
          Profile Settings
        </Link>
      </div>
    </Card>
  );
}
