import { PasswordResetPage } from "@/components/auth/password-reset-page";
import { firstParam, type SearchParams } from "@/components/auth/search-params";

export const metadata = { title: "Reset Password" };

export default async function PasswordReset({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const token = firstParam(await searchParams, "token");
  return <PasswordResetPage key={token ?? ""} token={token} />;
}
