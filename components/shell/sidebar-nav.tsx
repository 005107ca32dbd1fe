"use client";

import { Building2, FolderKanban, LayoutDashboard, UserCog, Users, type LucideIcon } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useMemo } from "react";
import { useCurrentUser } from "@/components/auth/current-user";
import { cn } from "@/lib/cn";
import { isNavItemActive, navigationFor, type NavKey } from "@/lib/navigation";

const ICONS: Record<NavKey, LucideIcon> = {
  dashboard: LayoutDashboard,
  projects: FolderKanban,
  tenants: Building2,
  users: Users,
  profile: UserCog,
};

interface SidebarNavProps {
  /** Icons only (the collapsed sidebar on large screens); labels stay for screen readers and as tooltips. */
  collapsed?: boolean;
  /** Called when an entry is followed, so the phone drawer can close. */
  onNavigate?: () => void;
}

/** The signed-in user's menu (lib/navigation.ts), with the current entry highlighted. */
export function SidebarNav({ collapsed = false, onNavigate }: SidebarNavProps) {
  const { permissions, user } = useCurrentUser();
  const pathname = usePathname();
  const sections = useMemo(() => navigationFor({ permissions, role: user.role }), [permissions, user.role]);

  return (
    <nav aria-label="Main" className="flex flex-col gap-5 px-3 py-4">
      {sections.map((section, index) => (
        <div key={section.label ?? `section-${index}`} className="flex flex-col gap-1">
          {section.label ? (
            collapsed ? (
              <div role="separator" aria-label={section.label} className="mx-2 mb-1 h-px bg-slate-200" />
            ) : (
              <p id={`nav-group-${index}`} className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-slate-400">
                {section.label}
              </p>
            )
          ) : null}
          <ul className="flex flex-col gap-1" aria-labelledby={section.label && !collapsed ? `nav-group-${index}` : undefined}>
            {section.items.map((item) => {
              const Icon = ICONS[item.key];
              const active = isNavItemActive(item, pathname);
              return (
                <li key={item.key}>
                  <Link
                    href={item.href}
                    onClick={onNavigate}
                    aria-current={active ? "page" : undefined}
                    title={collapsed ? item.label : undefined}
                    className={cn(
                      "group flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors",
                      "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
                      active ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
                      collapsed && "justify-center px-0",
                    )}
                  >
                    <Icon
                      className={cn("h-5 w-5 shrink-0", active ? "text-brand-600" : "text-slate-400 group-hover:text-slate-600")}
                      aria-hidden
                    />
                    <span className={cn("truncate", collapsed && "sr-only")}>{item.label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
