import { SignInPage } from "@/components/auth/sign-in-page";
import type { SearchParams } from "@/components/auth/search-params";
import { ensureDatabaseReady } from "@/db/startup";

// The role-dependent dashboard for a signed-in user (by redirect); the sign-in screen for everyone else.
export default async function HomePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await ensureDatabaseReady();
  return <SignInPage searchParams={searchParams} />;
}
