import { SessionEnded } from "@/components/auth/session-ended";
import { SubscriptionPlans } from "@/components/subscription/subscription-plans";
import { currentSession } from "@/lib/http/session";

export const metadata = { title: "Subscription Plans" };

// Static plans (spec section 9); any signed-in user may look at them.
export default async function SubscriptionPage() {
  if (!(await currentSession())) return <SessionEnded />;
  return <SubscriptionPlans />;
}
