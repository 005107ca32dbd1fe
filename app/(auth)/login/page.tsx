import { SignInPage } from "@/components/auth/sign-in-page";
import type { SearchParams } from "@/components/auth/search-params";

export const metadata = { title: "Sign in" };

// The address the spec's 'Go to Login' and 'Back to Login' buttons use: the same screen as '/'.
export default function LoginPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <SignInPage searchParams={searchParams} />;
}
