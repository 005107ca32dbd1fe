import { SessionEnded } from "@/components/auth/session-ended";
import { Dashboard } from "@/components/dashboard/dashboard";
import { DASHBOARD_PAGE_MARK, dashboardInitial } from "@/lib/dashboard/initial";
import { currentActor } from "@/lib/http/session";

export const metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  // A client-side navigation does not re-render the layout's session check; the page makes its own.
  const actor = await currentActor();
  if (!actor) return <SessionEnded />;
  const initial = await dashboardInitial(actor);
  if (!initial) return <Dashboard />;
  // The mark tells the production server's page cache that this render is the dashboard drawn from the figures.
  return (
    <div className="contents" {...{ [DASHBOARD_PAGE_MARK]: "" }}>
      <Dashboard initial={initial} />
    </div>
  );
}
