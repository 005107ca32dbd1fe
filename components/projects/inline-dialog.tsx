"use client";

// A dialog rendered where it stands rather than through a portal, so that a dialog open on the first view (the
// dashboard's 'Create New Project' link, /projects?new=1) is in the server's HTML and its form can be filled in
// and posted before the page's JavaScript has loaded. Radix still gives it focus trapping, Escape and the
// outside click once hydrated. Same look as components/ui/dialog.
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useId, type ReactNode } from "react";
import { cn } from "@/lib/cn";

interface InlineDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function InlineDialog({ open, onOpenChange, title, description, className, children }: InlineDialogProps) {
  // Named by its title in the server's HTML too: Radix links the title only once its effects have run.
  const titleId = useId();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      {open ? (
        <>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]" />
          <DialogPrimitive.Content
            className={cn(
              "fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto",
              "rounded-xl border border-slate-200 bg-white p-6 shadow-xl data-[state=open]:animate-[dialog-in_150ms_ease-out]",
              className,
            )}
            aria-labelledby={titleId}
            {...(description ? {} : { "aria-describedby": undefined })}
          >
            <div className="flex flex-col gap-1.5 pr-6">
              <DialogPrimitive.Title id={titleId} className="text-lg font-semibold text-slate-900">
                {title}
              </DialogPrimitive.Title>
              {description ? <DialogPrimitive.Description className="text-sm text-slate-500">{description}</DialogPrimitive.Description> : null}
            </div>
            {children}
            <DialogPrimitive.Close
              aria-label="Close"
              className="absolute right-4 top-4 rounded-md p-1 text-slate-400 transition-colors hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <X className="h-4 w-4" aria-hidden />
            </DialogPrimitive.Close>
          </DialogPrimitive.Content>
        </>
      ) : null}
    </DialogPrimitive.Root>
  );
}
