import { SubscriptionPlans } from "@/components/subscription/subscription-plans";

export const metadata = { title: "Subscription Plans" };

// Static plans (spec section 9); any signed-in user may look at them.
export default function SubscriptionPage() {
  return <SubscriptionPlans />;
}
