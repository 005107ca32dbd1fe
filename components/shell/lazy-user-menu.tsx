"use client";

// The avatar menu (Radix DropdownMenu with its popper) arrives just after the page rather than with it: a plain
// button of the same look stands in until then, and a click on it opens the menu as soon as it is there.
import { useEffect, useRef, useState, type ComponentType } from "react";
import { useCurrentUser } from "@/components/auth/current-user";
import { Avatar } from "@/components/ui/avatar";
import type { UserMenuProps } from "./user-menu";
import { USER_MENU_TRIGGER_CLASSES } from "./user-menu-trigger";

function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(callback, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 200);
  return () => window.clearTimeout(handle);
}

export function LazyUserMenu() {
  const { user } = useCurrentUser();
  const [Menu, setMenu] = useState<ComponentType<UserMenuProps> | null>(null);
  const [openOnArrival, setOpenOnArrival] = useState(false);
  const standIn = useRef<HTMLButtonElement>(null);
  const [focusOnArrival, setFocusOnArrival] = useState(false);
  const loading = useRef(false);

  function load() {
    if (loading.current) return;
    loading.current = true;
    void import("./user-menu").then((module) => {
      setFocusOnArrival(document.activeElement === standIn.current);
      setMenu(() => module.UserMenu);
    });
  }

  useEffect(() => whenIdle(load), []);

  if (Menu) return <Menu defaultOpen={openOnArrival} focusTrigger={focusOnArrival} />;
  return (
    <button
      ref={standIn}
      type="button"
      aria-label="Open user menu"
      aria-haspopup="menu"
      aria-expanded={false}
      className={USER_MENU_TRIGGER_CLASSES}
      onPointerEnter={load}
      onFocus={load}
      onClick={() => {
        setOpenOnArrival(true);
        load();
      }}
    >
      <Avatar fullName={user.full_name} email={user.email} size="sm" className="h-9 w-9" />
    </button>
  );
}
