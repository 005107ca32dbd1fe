import { SessionEnded } from "@/components/auth/session-ended";
import { Dashboard } from "@/components/dashboard/dashboard";
import { currentSession } from "@/lib/auth/session";

export const metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  // A client-side navigation does not re-render the layout's session check; the page makes its own.
  if (!(await currentSession())) return <SessionEnded />;
  return <Dashboard />;
}
