// The wizard's steps (spec section 2, "Wizard"): which steps each creation method goes through, their labels for
// the stepper, and where the Back button leads from each. Pure, so the flow rules are unit-tested.

export type WizardStep = "method-selection" | "manual-creation" | "import-ppt" | "template-selector" | "ai-editor" | "complete";
export type MethodId = "manual" | "import_ppt" | "ai_template";

/** Manual: methods, manual creation, complete. PPT: methods, import, complete. AI: methods, template, review, complete. */
export const FLOWS: Record<MethodId, readonly WizardStep[]> = {
  manual: ["method-selection", "manual-creation", "complete"],
  import_ppt: ["method-selection", "import-ppt", "complete"],
  ai_template: ["method-selection", "template-selector", "ai-editor", "complete"],
};

export const STEP_LABELS: Record<WizardStep, string> = {
  "method-selection": "Choose method",
  "manual-creation": "Create slides",
  "import-ppt": "Import PowerPoint",
  "template-selector": "Choose template",
  "ai-editor": "Review slides",
  complete: "Complete",
};

export function isMethodId(value: string): value is MethodId {
  return value === "manual" || value === "import_ppt" || value === "ai_template";
}

/** The step a method starts with, right after method selection. */
export function firstStepOf(method: MethodId): WizardStep {
  return FLOWS[method][1]!;
}

/**
 * The steps the stepper shows. Before a method is chosen there is only a generic middle step; when the methods
 * configuration offers manual creation alone, the wizard starts there and method selection is not shown.
 */
export function stepsFor(method: MethodId | null, allMethods: boolean): readonly WizardStep[] {
  if (!allMethods) return FLOWS.manual.slice(1);
  return method ? FLOWS[method] : ["method-selection", "manual-creation", "complete"];
}

/** Labels of the stepper; the generic middle step before a method is chosen reads 'Create'. */
export function stepLabel(step: WizardStep, method: MethodId | null): string {
  return method === null && step === "manual-creation" ? "Create" : STEP_LABELS[step];
}

export type BackTarget = { label: "Back to Blog"; to: "blog" } | { label: "Back to Methods"; to: "methods" } | { label: "Back to Blogs"; to: "projects" };

/**
 * The Back button (spec section 2): 'Back to Blogs' (to /projects) when the blog is unknown, 'Back to Methods'
 * inside a method's step, 'Back to Blog' on method selection, on the complete step, and when manual creation is
 * the only method (there are no methods to go back to).
 */
export function backTarget(step: WizardStep, options: { blogKnown: boolean; allMethods: boolean }): BackTarget {
  if (!options.blogKnown) return { label: "Back to Blogs", to: "projects" };
  if (step === "method-selection" || step === "complete" || !options.allMethods) return { label: "Back to Blog", to: "blog" };
  return { label: "Back to Methods", to: "methods" };
}

/** What a method button reads: 'Regenerate with …' when the blog already has a presentation. */
export function methodButtonLabel(methodName: string, exists: boolean): string {
  return exists ? `Regenerate with ${methodName}` : `Choose ${methodName}`;
}
