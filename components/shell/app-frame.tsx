import { CurrentUserProvider } from "@/components/auth/current-user";
import type { CurrentSession } from "@/components/auth/types";
import { TopBar } from "./top-bar";

/**
 * The signed-in frame: top bar and page area. The sidebar and role menus of the full application shell
 * (spec section 2) arrive with issue #4 and slot in beside <main>.
 */
export function AppFrame({ session, children }: { session: CurrentSession; children: React.ReactNode }) {
  return (
    <CurrentUserProvider session={session}>
      <div className="flex min-h-screen flex-col bg-slate-50">
        <TopBar />
        <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 lg:px-8">{children}</main>
      </div>
    </CurrentUserProvider>
  );
}
