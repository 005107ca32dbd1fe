import { ProfileView } from "@/components/profile/profile-view";

export const metadata = { title: "Profile Settings" };

export default function ProfilePage() {
  return <ProfileView />;
}
