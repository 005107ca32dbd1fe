import { WizardSkeleton } from "@/components/presentations/wizard/wizard-skeleton";

export default function Loading() {
  return <WizardSkeleton />;
}
