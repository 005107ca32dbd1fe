import { Dashboard } from "@/components/dashboard/dashboard";

export const metadata = { title: "Dashboard" };

export default function DashboardPage() {
  return <Dashboard />;
}
