"use client";

import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from "react";
import { cn } from "@/lib/cn";
import type { ToastPlacement } from "./toast-placement";
import type { ToastVariant } from "./use-toast";

export const ToastProvider = ToastPrimitive.Provider;

const viewportPlaces: Record<ToastPlacement, string> = {
  page: "inset-x-0 top-0 p-4 sm:inset-x-auto sm:bottom-0 sm:right-0 sm:top-auto sm:w-[420px]",
  // Below the player's 3.5 rem top bar, centred over the slide; when the Q&A panel is docked (the player's query),
  // centred over what is left of it.
  player: "inset-x-0 top-14 mx-auto w-full max-w-[420px] px-3 py-2 [@media(min-width:768px)_and_(min-height:640px)]:right-96",
};

export const ToastViewport = forwardRef<
  ElementRef<typeof ToastPrimitive.Viewport>,
  ComponentPropsWithoutRef<typeof ToastPrimitive.Viewport> & { placement?: ToastPlacement }
>(function ToastViewport({ className, placement = "page", ...props }, ref) {
  return (
    <ToastPrimitive.Viewport
      ref={ref}
      data-placement={placement}
      className={cn("fixed z-[100] flex max-h-screen flex-col gap-2 outline-none", viewportPlaces[placement], className)}
      {...props}
    />
  );
});

const looks: Record<ToastVariant, string> = {
  default: "border-slate-200 bg-white text-slate-900",
  destructive: "border-red-600 bg-red-600 text-white",
};

export const Toast = forwardRef<
  ElementRef<typeof ToastPrimitive.Root>,
  ComponentPropsWithoutRef<typeof ToastPrimitive.Root> & { variant?: ToastVariant }
>(function Toast({ className, variant = "default", ...props }, ref) {
  return (
    <ToastPrimitive.Root
      ref={ref}
      data-variant={variant}
      className={cn(
        "group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg",
        "data-[state=open]:animate-[toast-in_200ms_ease-out] data-[state=closed]:animate-[toast-out_150ms_ease-in]",
        "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:animate-[toast-out_150ms_ease-in]",
        looks[variant],
        className,
      )}
      {...props}
    />
  );
});

export const ToastTitle = forwardRef<ElementRef<typeof ToastPrimitive.Title>, ComponentPropsWithoutRef<typeof ToastPrimitive.Title>>(
  function ToastTitle({ className, ...props }, ref) {
    return <ToastPrimitive.Title ref={ref} className={cn("text-sm font-semibold", className)} {...props} />;
  },
);

export const ToastDescription = forwardRef<
  ElementRef<typeof ToastPrimitive.Description>,
  ComponentPropsWithoutRef<typeof ToastPrimitive.Description>
>(function ToastDescription({ className, ...props }, ref) {
  return <ToastPrimitive.Description ref={ref} className={cn("text-sm opacity-90", className)} {...props} />;
});

export const ToastClose = forwardRef<ElementRef<typeof ToastPrimitive.Close>, ComponentPropsWithoutRef<typeof ToastPrimitive.Close>>(
  function ToastClose({ className, ...props }, ref) {
    return (
      <ToastPrimitive.Close
        ref={ref}
        aria-label="Close"
        className={cn(
          "absolute right-2 top-2 rounded-md p-1 opacity-60 transition-opacity hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2",
          "group-data-[variant=destructive]:text-white",
          className,
        )}
        {...props}
      >
        <X className="h-4 w-4" aria-hidden />
      </ToastPrimitive.Close>
    );
  },
);
