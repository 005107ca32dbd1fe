"use client";

import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from "react";
import { cn } from "@/lib/cn";
import type { ToastVariant } from "./use-toast";

export const ToastProvider = ToastPrimitive.Provider;

export const ToastViewport = forwardRef<ElementRef<typeof ToastPrimitive.Viewport>, ComponentPropsWithoutRef<typeof ToastPrimitive.Viewport>>(
  function ToastViewport({ className, ...props }, ref) {
    return (
      <ToastPrimitive.Viewport
        ref={ref}
        className={cn(
          "fixed inset-x-0 top-0 z-[100] flex max-h-screen flex-col gap-2 p-4 outline-none",
          "sm:inset-x-auto sm:bottom-0 sm:right-0 sm:top-auto sm:w-[420px]",
          className,
        )}
        {...props}
      />
    );
  },
);

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
