import { firstParam, type SearchParams } from "@/components/auth/search-params";
import { VerifyEmail } from "@/components/auth/verify-email";

export const metadata = { title: "Verify Email" };

export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const token = firstParam(await searchParams, "token");
  return <VerifyEmail key={token ?? ""} token={token} />;
}
