import { WelcomeCard } from "@/components/dashboard/welcome-card";
import { currentSession } from "@/lib/auth/session";

export const metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  const session = await currentSession();
  if (!session) return null;
  return <WelcomeCard user={session.user} />;
}
