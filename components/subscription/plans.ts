// The static subscription plans (spec section 9).

export interface Plan {
  id: "bronze" | "silver" | "gold";
  name: string;
  pricePerMonth: number;
  members: string;
  mostPopular: boolean;
  summary: string;
  features: string[];
}

export const PLANS: readonly Plan[] = [
  {
    id: "bronze",
    name: "Bronze",
    pricePerMonth: 29,
    members: "Up to 10 members",
    mostPopular: false,
    summary: "For small teams getting started.",
    features: ["Projects and blogs", "Narrated presentations", "Public share links and embeds"],
  },
  {
    id: "silver",
    name: "Silver",
    pricePerMonth: 79,
    members: "Up to 50 members",
    mostPopular: true,
    summary: "For growing organizations.",
    features: ["Everything in Bronze", "AI-generated presentations", "Voice Q&A with your audience"],
  },
  {
    id: "gold",
    name: "Gold",
    pricePerMonth: 149,
    members: "Unlimited members",
    mostPopular: false,
    summary: "For organizations at scale.",
    features: ["Everything in Silver", "Speech provider plugins", "Roles and per-user permissions"],
  },
];

export const PLAN_CLAIMS = ["30-day money-back guarantee", "99.9% uptime SLA"] as const;
