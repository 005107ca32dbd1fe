import type { Metadata } from "next";
import { cache } from "react";
import { z } from "zod";
import { AccessDenied } from "@/components/admin/access-denied";
import { SessionEnded } from "@/components/auth/session-ended";
import { SIGNED_IN_LOAD_MESSAGES } from "@/lib/player/messages";
import { PresentationPlayer } from "@/components/player/player";
import type { ApiPresentation } from "@/components/player/types";
import { asApiJson } from "@/lib/http/initial-data";
import { hasPermission, type Actor } from "@/lib/auth/actor";
import { currentActor } from "@/lib/http/session";
import { AppError } from "@/lib/errors";
import { getPresentation } from "@/lib/services/presentations";
import { speechChoices } from "@/lib/services/speech-choices";
import { recogniserHears } from "@/lib/speech/stt";

interface ViewPageProps {
  params: Promise<{ presentationId: string }>;
}

const presentationId = z.uuid();

type Outcome = { kind: "found"; presentation: ApiPresentation } | { kind: "not-found" } | { kind: "failed"; message: string };

/** The presentation as GET /presentations/{id} answers it, read once per request (the title and the page). */
const readPresentation = cache(async (actor: Actor, id: string): Promise<Outcome> => {
  if (!presentationId.safeParse(id).success) return { kind: "not-found" };
  try {
    return { kind: "found", presentation: asApiJson<ApiPresentation>(await getPresentation(actor, id)) };
  } catch (error) {
    // The same words the browser would show for the API's answer (section 8, signed-in player load).
    const status = error instanceof AppError ? error.status : 500;
    const message =
      status === 404 ? SIGNED_IN_LOAD_MESSAGES.notFound : status === 403 ? SIGNED_IN_LOAD_MESSAGES.forbidden : SIGNED_IN_LOAD_MESSAGES.other;
    return { kind: "failed", message };
  }
});

export async function generateMetadata({ params }: ViewPageProps): Promise<Metadata> {
  const actor = await currentActor();
  if (!actor || !hasPermission(actor, "presentation.view")) return { title: "Presentation" };
  const outcome = await readPresentation(actor, (await params).presentationId);
  return { title: outcome.kind === "found" ? (outcome.presentation.blog?.blog_title ?? "Presentation") : "Presentation" };
}

// The signed-in player (spec section 2). It opens in a new tab from the blog page, so it covers the whole window
// (the player's own full-screen layer sits above the signed-in shell) with a link back to the blog. The server
// reads the presentation with the actor (the service checks presentation view and the tenant again) and hands it
// to the player, so the first slide arrives with the page, with the tenant's usable recognisers for voice questions.
export default async function PresentationViewPage({ params }: ViewPageProps) {
  const actor = await currentActor();
  if (!actor) return <SessionEnded />;
  if (!hasPermission(actor, "presentation.view")) return <AccessDenied message="You do not have permission to view presentations." />;
  const { presentationId: id } = await params;
  const [outcome, sttChoices] = await Promise.all([readPresentation(actor, id), speechChoices(actor, "stt")]);
  const source = { kind: "signed-in", presentationId: id } as const;
  if (outcome.kind === "not-found") return <PresentationPlayer source={source} notFound />;
  if (outcome.kind === "failed") return <PresentationPlayer source={source} initialError={outcome.message} sttChoices={sttChoices} />;
  // Only the recognisers that hear the deck's language are offered.
  const heard = sttChoices.filter((choice) => recogniserHears(choice.value, outcome.presentation.language));
  return <PresentationPlayer source={source} initial={outcome.presentation} sttChoices={heard} />;
}
