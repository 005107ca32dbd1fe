import { cn } from "@/lib/cn";
import { initialsFor } from "./initials";

const sizes = { sm: "h-8 w-8 text-xs", md: "h-10 w-10 text-sm", lg: "h-16 w-16 text-xl", xl: "h-20 w-20 text-2xl" } as const;

interface AvatarProps {
  fullName?: string | null;
  email?: string | null;
  size?: keyof typeof sizes;
  className?: string;
}

/** The user's initials in a brand-coloured circle (no pictures are stored). */
export function Avatar({ fullName, email, size = "md", className }: AvatarProps) {
  return (
    <span
      aria-hidden
      className={cn(
        "inline-flex shrink-0 select-none items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-brand-700 font-semibold text-white",
        sizes[size],
        className,
      )}
    >
      {initialsFor(fullName, email)}
    </span>
  );
}
