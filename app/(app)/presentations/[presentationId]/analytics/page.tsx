import type { Metadata } from "next";
import { z } from "zod";
import { AccessDenied } from "@/components/admin/access-denied";
import { DeckAnalytics } from "@/components/analytics/deck-analytics";
import { SessionEnded } from "@/components/auth/session-ended";
import { Card, CardContent } from "@/components/ui/card";
import { hasPermission } from "@/lib/auth/actor";
import { NotFound } from "@/lib/errors";
import { asApiJson } from "@/lib/http/initial-data";
import { currentActor } from "@/lib/http/session";
import { presentationAnalytics, type PresentationAnalyticsOut } from "@/lib/services/share-analytics";

export const metadata: Metadata = { title: "Presentation analytics" };

interface AnalyticsPageProps {
  params: Promise<{ presentationId: string }>;
}

const presentationId = z.uuid();
const DEFAULT_DAYS = 30;

function NotFoundCard() {
  return (
    <Card className="mx-auto max-w-lg">
      <CardContent className="flex flex-col items-center gap-2 p-10 text-center">
        <h1 className="text-xl font-semibold text-slate-900">Presentation not found</h1>
        <p className="text-sm text-slate-600">It may have been deleted, or it belongs to another organisation.</p>
      </CardContent>
    </Card>
  );
}

// A deck's share analytics: the figures come with the page (read with the actor: presentation view, the deck's
// tenant), and the period's changes are fetched by the page itself.
export default async function PresentationAnalyticsPage({ params }: AnalyticsPageProps) {
  const actor = await currentActor();
  if (!actor) return <SessionEnded />;
  if (!hasPermission(actor, "presentation.view")) return <AccessDenied message="You do not have permission to view presentations." />;
  const { presentationId: id } = await params;
  if (!presentationId.safeParse(id).success) return <NotFoundCard />;
  let initial: PresentationAnalyticsOut;
  try {
    initial = asApiJson<PresentationAnalyticsOut>(await presentationAnalytics(actor, id, DEFAULT_DAYS));
  } catch (error) {
    if (error instanceof NotFound) return <NotFoundCard />;
    throw error;
  }
  // The switch is the tenant's: only its own administrators change it (not a super admin looking at another's deck).
  const canManage = hasPermission(actor, "user.create") && initial.tenant_id === actor.tenantId;
  return <DeckAnalytics initial={initial} initialDays={DEFAULT_DAYS} canManage={canManage} />;
}
