import type { Metadata } from "next";
import { cache } from "react";
import { z } from "zod";
import { SessionEnded } from "@/components/auth/session-ended";
import { PresentationEdit } from "@/components/presentations/edit/presentation-edit";
import { PresentationDenied, PresentationNotFound } from "@/components/presentations/edit/status-cards";
import { asApiJson } from "@/lib/http/initial-data";
import { hasPermission, type Actor } from "@/lib/auth/actor";
import { currentActor } from "@/lib/http/session";
import { NotFound } from "@/lib/errors";
import { getPresentation, type PresentationOut } from "@/lib/services/presentations";

interface EditPageProps {
  params: Promise<{ presentationId: string }>;
}

const presentationId = z.uuid();

type Outcome = { kind: "found"; presentation: PresentationOut } | { kind: "not-found" } | { kind: "unreadable" };

/** The presentation as GET /presentations/{id} would answer it; read once per request (title and page). */
const readPresentation = cache(async (actor: Actor, id: string): Promise<Outcome> => {
  if (!presentationId.safeParse(id).success) return { kind: "not-found" };
  try {
    return { kind: "found", presentation: asApiJson<PresentationOut>(await getPresentation(actor, id)) };
  } catch (error) {
    if (error instanceof NotFound) return { kind: "not-found" };
    // Anything else (the database restarting): the browser loads it, with the spec's failure toast if it fails too.
    return { kind: "unreadable" };
  }
});

export async function generateMetadata({ params }: EditPageProps): Promise<Metadata> {
  const actor = await currentActor();
  if (!actor || !hasPermission(actor, "presentation.view")) return { title: "Edit Presentation" };
  const outcome = await readPresentation(actor, (await params).presentationId);
  return { title: outcome.kind === "found" ? `Edit: ${outcome.presentation.blog_title}` : "Edit Presentation" };
}

// The presentation edit page (spec section 2). The server reads the presentation with the actor (the service checks
// presentation view and the tenant again), so the thumbnails arrive with the page; editing needs presentation
// generate, and the update-slides route checks that again.
export default async function PresentationEditPage({ params }: EditPageProps) {
  const actor = await currentActor();
  if (!actor) return <SessionEnded />;
  if (!hasPermission(actor, "presentation.view")) return <PresentationDenied />;
  const { presentationId: id } = await params;
  const outcome = await readPresentation(actor, id);
  if (outcome.kind === "not-found") return <PresentationNotFound />;
  return (
    <PresentationEdit
      presentationId={id}
      initial={outcome.kind === "found" ? outcome.presentation : undefined}
      canEdit={hasPermission(actor, "presentation.generate")}
    />
  );
}
