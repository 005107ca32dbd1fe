import { cookies } from "next/headers";
import { LazyAuthScreen } from "@/components/auth/lazy-auth-screen";
import { AppFrame } from "@/components/shell/app-frame";
import { SIDEBAR_COOKIE } from "@/lib/shell/sidebar-cookie";
import { currentSession } from "@/lib/http/session";

// Every signed-in page sits in this frame. Nobody signed in: the sign-in screen, at the same address, so the
// page asked for appears right after signing in (spec section 2). Services check access again on every call.
export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  const session = await currentSession();
  if (!session) return <LazyAuthScreen afterSignIn="stay" />;
  const sidebarCollapsed = (await cookies()).get(SIDEBAR_COOKIE)?.value === "1";
  return (
    <AppFrame session={session} sidebarCollapsed={sidebarCollapsed}>
      {children}
    </AppFrame>
  );
}
