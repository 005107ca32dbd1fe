import type { Metadata } from "next";
import { z } from "zod";
import { AccessDenied } from "@/components/admin/access-denied";
import { SessionEnded } from "@/components/auth/session-ended";
import { PresentationWizard } from "@/components/presentations/wizard/presentation-wizard";
import { UnknownBlog } from "@/components/presentations/wizard/unknown-blog";
import type { CheckExists, MethodsAnswer, WizardBlog } from "@/components/presentations/wizard/types";
import { asApiJson, initialFromService } from "@/lib/http/initial-data";
import { hasPermission } from "@/lib/auth/actor";
import { currentActor } from "@/lib/http/session";
import { NotFound } from "@/lib/errors";
import { getBlog } from "@/lib/services/blogs";
import { checkExists, generationMethods } from "@/lib/services/presentations";
import { speechChoices } from "@/lib/services/speech-choices";

export const metadata: Metadata = { title: "Create Presentation" };

const blogId = z.uuid();

// The creation wizard (spec section 2). Needs blog view; the blog, the methods and the blog's newest presentation
// are read here with the actor (each service checks its permission and the tenant again), so the first view
// arrives filled, with the tenant's usable narration voices. Without presentation generate the wizard still opens,
// with the method buttons disabled (and no voice to choose).
export default async function GeneratePresentationPage({ params }: { params: Promise<{ blogId: string }> }) {
  const actor = await currentActor();
  if (!actor) return <SessionEnded />;
  if (!hasPermission(actor, "blog.view")) return <AccessDenied message="You don't have permission to access this page." />;
  const { blogId: id } = await params;
  if (!blogId.safeParse(id).success) return <UnknownBlog />;
  let blog: WizardBlog;
  try {
    const full = asApiJson<WizardBlog>(await getBlog(actor, id));
    blog = {
      id: full.id,
      blog_title: full.blog_title,
      project_id: full.project_id,
      project_name: full.project_name,
      main_text: full.main_text,
      is_website: full.is_website,
      sources: full.sources,
      language: full.language,
    };
  } catch (error) {
    if (error instanceof NotFound) return <UnknownBlog />;
    throw error;
  }
  const canGenerate = hasPermission(actor, "presentation.generate");
  const [methods, existing, voices] = await Promise.all([
    initialFromService<MethodsAnswer>(async () => generationMethods(actor)),
    hasPermission(actor, "presentation.view") ? initialFromService<CheckExists>(() => checkExists(actor, id)) : undefined,
    canGenerate ? speechChoices(actor, "tts") : [],
  ]);
  return <PresentationWizard blog={blog} initialMethods={methods} existing={existing} canGenerate={canGenerate} voices={voices} />;
}
