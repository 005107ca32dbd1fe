import Link from "next/link";
import { BrandMark } from "@/components/auth/brand-mark";
import { cn } from "@/lib/cn";
import { PRODUCT_NAME } from "@/lib/brand";

/** The sidebar's header: the product's display name, linking to the dashboard. */
export function SidebarBrand({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  return (
    <Link
      href="/dashboard"
      onClick={onNavigate}
      aria-label={`${PRODUCT_NAME} home`}
      className={cn(
        "flex min-w-0 items-center gap-2.5 rounded-lg text-lg font-semibold tracking-tight text-slate-900",
        "focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600",
        collapsed && "justify-center",
      )}
    >
      <BrandMark className="h-9 w-9 shrink-0 bg-brand-600 text-lg text-white" />
      <span className={cn("truncate", collapsed && "sr-only")}>{PRODUCT_NAME}</span>
    </Link>
  );
}
