"use client";

import { AlertCircle, CheckCircle2 } from "lucide-react";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";
import { useToastPlacement } from "./toast-placement";
import { dismissToast, useToast } from "./use-toast";

/** Renders the toast store; mounted once in the root layout. */
export function Toaster() {
  const { toasts } = useToast();
  const placement = useToastPlacement();
  return (
    <ToastProvider swipeDirection="right">
      {toasts.map(({ id, title, description, variant = "default", duration, open }) => {
        const Icon = variant === "destructive" ? AlertCircle : CheckCircle2;
        return (
          <Toast
            key={id}
            variant={variant}
            duration={duration}
            open={open}
            onOpenChange={(next) => {
              if (!next) dismissToast(id);
            }}
          >
            <Icon className={variant === "destructive" ? "mt-0.5 h-5 w-5 shrink-0" : "mt-0.5 h-5 w-5 shrink-0 text-emerald-600"} aria-hidden />
            <div className="grid gap-1">
              {title ? <ToastTitle>{title}</ToastTitle> : null}
              {description ? <ToastDescription>{description}</ToastDescription> : null}
            </div>
            <ToastClose />
          </Toast>
        );
      })}
      <ToastViewport placement={placement} />
    </ToastProvider>
  );
}
