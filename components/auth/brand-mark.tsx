import { cn } from "@/lib/cn";
import { PRODUCT_NAME } from "@/lib/brand";

/** The product's letter mark: a rounded square with the first letter of its name. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span aria-hidden className={cn("flex h-10 w-10 items-center justify-center rounded-xl text-xl font-bold", className)}>
      {PRODUCT_NAME.slice(0, 1)}
    </span>
  );
}
