"use client";

import { ArrowLeft, MailCheck } from "lucide-react";
import { useForm } from "react-hook-form";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { forgotPasswordResolver } from "@/components/forms/account-resolvers";
import { accountApi } from "./api";
import { EmailField, SubmitButton, useVisibleErrors } from "./form-helpers";

/** 'Check Your Email': shown after a reset link was requested, whether or not the address is known. */
export function CheckYourEmail({ email, children }: { email: string; children: React.ReactNode }) {
  return (
    <>
      <CardHeader className="items-center pb-4 text-center">
        <span className="mb-2 flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <MailCheck className="h-7 w-7" aria-hidden />
        </span>
        <CardTitle>Check Your Email</CardTitle>
        <CardDescription className="max-w-sm">
          If <span className="font-medium text-slate-700">{email}</span> is in our system, a password reset link will arrive
          shortly. The link is valid for one hour.
        </CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </>
  );
}

export function BackToLoginButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="ghost" className="w-full" onClick={onClick}>
      <ArrowLeft className="h-4 w-4" aria-hidden />
      Back to Login
    </Button>
  );
}

export function ForgotPasswordView({ onBack }: { onBack: () => void }) {
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    resolver: forgotPasswordResolver,
    mode: "onBlur",
    reValidateMode: "onChange",
    defaultValues: { email: "" },
  });
  const errorFor = useVisibleErrors(form);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setBusy(true);
    try {
      await accountApi.requestPasswordReset(email);
      toast({ title: "Password Reset Sent", description: "If the email exists, a reset link has been sent." });
      setSentTo(email);
    } catch {
      toast({ variant: "destructive", title: "Error", description: "Something went wrong. Please try again." });
    } finally {
      setBusy(false);
    }
  });

  if (sentTo) {
    return (
      <CheckYourEmail email={sentTo}>
        <BackToLoginButton onClick={onBack} />
      </CheckYourEmail>
    );
  }

  return (
    <>
      <CardHeader className="pb-4">
        <CardTitle>Forgot your password?</CardTitle>
        <CardDescription>Enter the email address of your account and we&apos;ll send you a link to reset your password.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <EmailField id="forgot-email" error={errorFor("email")} registration={form.register("email")} />
          <SubmitButton busy={busy} busyLabel="Sending...">
            Send Reset Link
          </SubmitButton>
        </form>
        <BackToLoginButton onClick={onBack} />
      </CardContent>
    </>
  );
}
