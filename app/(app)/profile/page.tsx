import { SessionEnded } from "@/components/auth/session-ended";
import { ProfileView } from "@/components/profile/profile-view";
import { currentSession } from "@/lib/http/session";

export const metadata = { title: "Profile Settings" };

export default async function ProfilePage() {
  // A client-side navigation does not re-render the layout's session check; the page makes its own (the
  // profile shows the session's data, which would otherwise outlive a deactivation).
  if (!(await currentSession())) return <SessionEnded />;
  return <ProfileView />;
}
