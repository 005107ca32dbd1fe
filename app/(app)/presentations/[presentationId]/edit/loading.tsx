import { PresentationEditSkeleton } from "@/components/presentations/edit/edit-skeleton";

export default function Loading() {
  return <PresentationEditSkeleton />;
}
