import { redirect } from "next/navigation";
import { currentSession } from "@/lib/auth/session";
import { AuthScreen } from "./auth-screen";
import { authNotice } from "./notices";
import { firstParam, type SearchParams } from "./search-params";

/** The sign-in screen of '/' and '/login': signed-in users go to their dashboard instead. */
export async function SignInPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  if (await currentSession()) redirect("/dashboard");
  const params = await searchParams;
  const token = firstParam(params, "token");
  const notice = authNotice(firstParam(params, "notice"));
  // A new address (a reset token, a notice after a redirect) starts the screen afresh in the right view.
  return <AuthScreen key={`${token ?? ""}|${notice ?? ""}`} token={token} notice={notice} />;
}
