import { PortalLoading } from "@/components/auth/portal-loading";

export default function Loading() {
  return <PortalLoading />;
}
