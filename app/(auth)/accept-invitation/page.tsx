import { AcceptInvitation } from "@/components/auth/accept-invitation";
import { firstParam, type SearchParams } from "@/components/auth/search-params";

export const metadata = { title: "Accept Invitation" };

export default async function AcceptInvitationPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const token = firstParam(await searchParams, "token");
  return <AcceptInvitation key={token ?? ""} token={token} />;
}
