// The five slide templates: what GET /presentations/templates lists, and the design behind each id.
import { academic } from "./academic";
import { creative } from "./creative";
import { minimal } from "./minimal";
import { professional } from "./professional";
import { startup } from "./startup";
import type { TemplateDesign } from "./shared";

export const TEMPLATE_IDS = ["professional", "creative", "minimal", "academic", "startup"] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];

export interface TemplateInfo {
  id: TemplateId;
  name: string;
  description: string;
}

export const TEMPLATES: readonly TemplateInfo[] = [
  {
    id: "professional",
    name: "Professional",
    description: "Clean corporate slides: white pages with a brand-coloured edge, square bullets and a deep brand-shade title slide.",
  },
  {
    id: "creative",
    name: "Creative",
    description: "Bold and warm: large rounded shapes, numbered points and tilted photo frames on a cream background.",
  },
  {
    id: "minimal",
    name: "Minimal",
    description: "Plenty of white space, quiet typography and a single accent mark: the content does the talking.",
  },
  {
    id: "academic",
    name: "Academic",
    description: "Lecture style on paper tones: ruled headers, numbered points, captioned figures and a centred title page.",
  },
  {
    id: "startup",
    name: "Startup",
    description: "Pitch-deck energy: dark canvas, glowing gradients, extra-bold headlines and points set on cards.",
  },
];

export function isTemplateId(value: unknown): value is TemplateId {
  return typeof value === "string" && (TEMPLATE_IDS as readonly string[]).includes(value);
}

export const DESIGNS: Record<TemplateId, TemplateDesign> = {
  professional,
  creative,
  minimal,
  academic,
  startup,
};
