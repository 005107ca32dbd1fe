"use client";

import { PanelLeftClose, PanelLeftOpen } from "lucide-react";
import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { cn } from "@/lib/cn";
import { SidebarBrand } from "./sidebar-brand";
import { SidebarNav } from "./sidebar-nav";
import { SIDEBAR_COOKIE } from "@/lib/shell/sidebar-cookie";
import { TopBar } from "./top-bar";
import "./shell.css";

// The phone drawer (a Radix dialog) renders nothing until opened: it loads after the page, not with it.
const MobileDrawer = dynamic(() => import("./mobile-drawer").then((module) => module.MobileDrawer), { ssr: false });

function rememberCollapsed(collapsed: boolean) {
  document.cookie = `${SIDEBAR_COOKIE}=${collapsed ? "1" : "0"}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * The application shell (spec section 2): a sidebar on large screens that collapses to icons, a slide-over
 * drawer on small ones, and the top bar with the avatar menu.
 */
export function AppShell({ initialCollapsed, children }: { initialCollapsed: boolean; children: React.ReactNode }) {
  const [collapsed, setCollapsed] = useState(initialCollapsed);
  const pathname = usePathname();
  // The drawer belongs to the page it was opened on: any navigation (a link, the back button) closes it.
  const [drawerPath, setDrawerPath] = useState<string | null>(null);
  const drawerOpen = drawerPath === pathname;
  const setDrawerOpen = (open: boolean) => setDrawerPath(open ? pathname : null);

  function toggleCollapsed() {
    setCollapsed((previous) => {
      rememberCollapsed(!previous);
      return !previous;
    });
  }

  const ToggleIcon = collapsed ? PanelLeftOpen : PanelLeftClose;

  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      {/* The column runs the page's full height; its content stays in view while the page scrolls. */}
      <aside
        className={cn(
          "hidden shrink-0 border-r border-slate-200 bg-white transition-[width] duration-200 lg:block",
          collapsed ? "w-[4.5rem]" : "w-64",
        )}
      >
        <div className="sticky top-0 flex h-screen flex-col">
          <div className={cn("flex h-16 shrink-0 items-center border-b border-slate-200", collapsed ? "justify-center px-2" : "px-5")}>
            <SidebarBrand collapsed={collapsed} />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto overflow-x-hidden">
            <SidebarNav collapsed={collapsed} />
          </div>
          <div className="shrink-0 border-t border-slate-200 p-3">
            <button
              type="button"
              onClick={toggleCollapsed}
              aria-expanded={!collapsed}
              aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
              title={collapsed ? "Expand sidebar" : "Collapse sidebar"}
              className={cn(
                "flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-slate-500 transition-colors",
                "hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
                collapsed && "justify-center px-0",
              )}
            >
              <ToggleIcon className="h-5 w-5 shrink-0" aria-hidden />
              <span className={cn(collapsed && "sr-only")}>Collapse</span>
            </button>
          </div>
        </div>
      </aside>

      <MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />

      <div className="flex min-h-screen min-w-0 flex-1 flex-col">
        <TopBar onOpenMenu={() => setDrawerOpen(true)} />
        <main id="main-content" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
