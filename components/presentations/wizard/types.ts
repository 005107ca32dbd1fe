// Shapes of the API answers the wizard reads (spec sections 3 and 7), type-only views of the services' answers.
import type { BlogOut } from "@/lib/services/blogs";
import type { CheckExistsOut, GenerationMethodOut, PresentationSummaryOut } from "@/lib/services/presentations";
import type { SpeechChoice } from "@/lib/services/speech-choices";
import type { TemplateInfo } from "@/lib/slides/templates";

export type WizardBlog = Pick<BlogOut, "id" | "blog_title" | "project_id" | "project_name" | "main_text" | "is_website" | "sources" | "language">;
export type MethodInfo = GenerationMethodOut;
export type ExistingPresentation = PresentationSummaryOut;
export type CheckExists = CheckExistsOut;
export type TemplateOption = TemplateInfo;
export type VoiceChoice = SpeechChoice;

export interface MethodsAnswer {
  methods: MethodInfo[];
  configuration: { enable_all_methods: boolean };
}

/** Whether the blog has a main source to generate from (spec section 5, AI main-source rule). */
export function hasMainSource(blog: WizardBlog): boolean {
  const main = blog.sources.find((source) => source.kind === "main_document");
  return main !== undefined && (main.url !== null || main.file !== null);
}
