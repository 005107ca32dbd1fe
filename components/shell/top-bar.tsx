"use client";

import { Building2, Menu } from "lucide-react";
import { useCurrentUser } from "@/components/auth/current-user";
import { SidebarBrand } from "./sidebar-brand";
import { LazyUserMenu } from "./lazy-user-menu";

/** The signed-in top bar: the menu button and brand on small screens, the organisation and the avatar menu. */
export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { user } = useCurrentUser();
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="flex h-16 items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <div className="flex min-w-0 items-center gap-2 lg:hidden">
          <button
            type="button"
            onClick={onOpenMenu}
            aria-label="Open navigation menu"
            className="-ml-2 rounded-lg p-2 text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <Menu className="h-5 w-5" aria-hidden />
          </button>
          <SidebarBrand />
        </div>
        <div className="ml-auto flex min-w-0 items-center gap-4">
          {user.tenant_name ? (
            <span className="hidden min-w-0 items-center gap-1.5 text-sm text-slate-500 sm:flex">
              <Building2 className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
              <span className="truncate">{user.tenant_name}</span>
            </span>
          ) : null}
          <LazyUserMenu />
        </div>
      </div>
    </header>
  );
}
