"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useCurrentUser } from "@/components/auth/current-user";
import { Avatar } from "@/components/ui/avatar";
import { SidebarBrand } from "./sidebar-brand";
import { SidebarNav } from "./sidebar-nav";

/** The menu on small screens: a slide-over drawer from the left (a Radix dialog: focus trap, Escape, overlay). */
export function MobileDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { user } = useCurrentUser();
  const close = () => onOpenChange(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out] lg:hidden" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl outline-none data-[state=open]:animate-[drawer-in_200ms_ease-out] lg:hidden"
        >
          <DialogPrimitive.Title className="sr-only">Navigation menu</DialogPrimitive.Title>
          <div className="flex h-16 shrink-0 items-center justify-between gap-2 border-b border-slate-200 px-4">
            <SidebarBrand onNavigate={close} />
            <DialogPrimitive.Close
              aria-label="Close navigation menu"
              className="rounded-lg p-2 text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <X className="h-5 w-5" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            <SidebarNav onNavigate={close} />
          </div>
          <div className="flex shrink-0 items-center gap-3 border-t border-slate-200 p-4">
            <Avatar fullName={user.full_name} email={user.email} size="md" />
            <div className="min-w-0 text-sm">
              <p className="truncate font-medium text-slate-900">{user.full_name || user.email}</p>
              <p className="truncate text-slate-500">{user.tenant_name || user.email}</p>
            </div>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
