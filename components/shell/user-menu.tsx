"use client";

import { LogOut, UserCog } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useCurrentUser } from "@/components/auth/current-user";
import { accountApi } from "@/components/auth/api";
import { Avatar } from "@/components/ui/avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { USER_MENU_TRIGGER_CLASSES } from "./user-menu-trigger";

export interface UserMenuProps {
  /** Opens at once: the stand-in was clicked before the menu arrived. */
  defaultOpen?: boolean;
  /** Takes the focus at once: the stand-in held it. */
  focusTrigger?: boolean;
}

/** The avatar menu of the top bar: 'Profile Settings' and 'Sign Out'. */
export function UserMenu({ defaultOpen = false, focusTrigger = false }: UserMenuProps) {
  const { user } = useCurrentUser();
  const router = useRouter();
  const [signingOut, setSigningOut] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (focusTrigger && !defaultOpen) trigger.current?.focus();
    // Only on arrival: the stand-in's focus passes to the real button once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function signOut() {
    setSigningOut(true);
    try {
      await accountApi.logout();
    } catch {
      // The session may already be gone; the redirect below shows the sign-in screen either way.
    }
    router.replace("/");
    router.refresh();
  }

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger ref={trigger} aria-label="Open user menu" className={USER_MENU_TRIGGER_CLASSES}>
        <Avatar fullName={user.full_name} email={user.email} size="sm" className="h-9 w-9" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <p className="truncate font-medium text-slate-900">{user.full_name || "User"}</p>
          <p className="truncate text-xs font-normal text-slate-500">{user.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/profile">
            <UserCog className="h-4 w-4 text-slate-500" aria-hidden />
            Profile Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem
          destructive
          disabled={signingOut}
          onSelect={(event) => {
            event.preventDefault();
            void signOut();
          }}
        >
          <LogOut className="h-4 w-4" aria-hidden />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
