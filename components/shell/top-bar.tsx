import Link from "next/link";
import { BrandMark } from "@/components/auth/brand-mark";
import { PRODUCT_NAME } from "@/lib/brand";
import { UserMenu } from "./user-menu";

/** The signed-in top bar: brand on the left, the avatar menu on the right. */
export function TopBar() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          href="/dashboard"
          className="flex items-center gap-2.5 rounded-lg text-lg font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          <BrandMark className="h-9 w-9 bg-brand-600 text-lg text-white" />
          {PRODUCT_NAME}
        </Link>
        <UserMenu />
      </div>
    </header>
  );
}
