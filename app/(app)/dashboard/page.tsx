import { SessionEnded } from "@/components/auth/session-ended";
import { Dashboard } from "@/components/dashboard/dashboard";
import { dashboardInitial } from "@/components/dashboard/initial";
import { currentActor } from "@/lib/auth/session";

export const metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  // A client-side navigation does not re-render the layout's session check; the page makes its own.
  const actor = await currentActor();
  if (!actor) return <SessionEnded />;
  return <Dashboard initial={await dashboardInitial(actor)} />;
}
