import { CurrentUserProvider } from "@/components/auth/current-user";
import type { CurrentSession } from "@/components/auth/types";
import { AppShell } from "./app-shell";

/** The signed-in frame: the current user for client components, and the application shell around the page. */
export function AppFrame({
  session,
  sidebarCollapsed = false,
  children,
}: {
  session: CurrentSession;
  sidebarCollapsed?: boolean;
  children: React.ReactNode;
}) {
  return (
    <CurrentUserProvider session={session}>
      <AppShell initialCollapsed={sidebarCollapsed}>{children}</AppShell>
    </CurrentUserProvider>
  );
}
