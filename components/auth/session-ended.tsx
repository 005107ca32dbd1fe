"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * What a signed-in page renders when its server render finds no live session (signed out elsewhere, deactivated,
 * tenant deleted). A client-side navigation re-renders only the page, not the shared layout that shows the
 * sign-in screen, so this asks the router for a full refresh: the layout then renders the sign-in screen.
 */
export function SessionEnded() {
  const router = useRouter();
  useEffect(() => {
    router.refresh();
  }, [router]);
  return (
    <p role="status" className="sr-only">
      Your session has ended.
    </p>
  );
}
