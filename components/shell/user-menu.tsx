"use client";

import { LogOut, UserCog } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
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

/** The avatar menu of the top bar: 'Profile Settings' and 'Sign Out'. */
export function UserMenu() {
  const { user } = useCurrentUser();
  const router = useRouter();
  const [signingOut, setSigningOut] = useState(false);

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
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Open user menu"
        className="flex items-center gap-3 rounded-full p-0.5 transition-shadow hover:ring-4 hover:ring-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=open]:ring-4 data-[state=open]:ring-brand-100"
      >
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
