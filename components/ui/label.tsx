import { forwardRef, type LabelHTMLAttributes } from "react";
import { cn } from "@/lib/cn";

/**
 * A form label: a native <label> (no UI library, so the sign-in screen's script stays small). As Radix's Label did,
 * a double-click on it does not select its text.
 */
export const Label = forwardRef<HTMLLabelElement, LabelHTMLAttributes<HTMLLabelElement>>(function Label({ className, onMouseDown, ...props }, ref) {
  return (
    <label
      ref={ref}
      className={cn("text-sm font-medium leading-none text-slate-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-70", className)}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
});
