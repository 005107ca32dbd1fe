import { Check, Crown, ShieldCheck, Sparkles, Timer, Users } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { PLAN_CLAIMS, PLANS, type Plan } from "./plans";

function PlanCard({ plan }: { plan: Plan }) {
  const titleId = `plan-${plan.id}`;
  return (
    <Card
      role="group"
      aria-labelledby={titleId}
      data-testid={titleId}
      className={cn(
        "relative flex flex-col p-6 sm:p-8",
        plan.mostPopular && "border-brand-500 shadow-lg ring-2 ring-brand-500 md:-my-3 md:py-11",
      )}
    >
      {plan.mostPopular ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 gap-1 whitespace-nowrap px-3 py-1 shadow-sm">
          <Sparkles className="h-3.5 w-3.5" aria-hidden />
          Most Popular
        </Badge>
      ) : null}
      <div className="flex items-center gap-2">
        {plan.id === "gold" ? <Crown className="h-5 w-5 text-amber-500" aria-hidden /> : null}
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {plan.name}
        </h2>
      </div>
      <p className="mt-1 text-sm text-slate-500">{plan.summary}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900">${plan.pricePerMonth}</span>
        <span className="text-sm font-medium text-slate-500">/month</span>
      </p>
      <p className="mt-4 flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm font-medium text-slate-800">
        <Users className="h-4 w-4 text-brand-600" aria-hidden />
        {plan.members}
      </p>
      <ul className="mt-6 flex flex-col gap-3 text-sm text-slate-600">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Subscription Plans: three static cards and the two service promises (spec section 9). */
export function SubscriptionPlans() {
  return (
    <div className="flex flex-col gap-10">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Subscription Plans</h1>
        <p className="mt-2 text-sm text-slate-500 sm:text-base">
          Pick the plan that fits your team. Every plan includes the full presentation workflow.
        </p>
      </div>
      <div className="mx-auto grid w-full max-w-5xl gap-8 md:grid-cols-3 md:items-center md:gap-6">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </div>
      <ul className="mx-auto flex flex-col items-center gap-3 text-sm text-slate-600 sm:flex-row sm:gap-8">
        {PLAN_CLAIMS.map((claim, index) => {
          const Icon = index === 0 ? ShieldCheck : Timer;
          return (
            <li key={claim} className="flex items-center gap-2">
              <Icon className="h-5 w-5 text-emerald-600" aria-hidden />
              {claim}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
