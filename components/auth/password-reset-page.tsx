"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { serverMessage } from "@/lib/errors/messages";
import { TransportError } from "@/lib/http/client";
import { resetRequestForm } from "@/lib/validation/auth";
import { accountApi } from "./api";
import { AuthLayout } from "./auth-layout";
import { CheckYourEmail } from "./forgot-password-view";
import { EmailField, SubmitButton, useVisibleErrors } from "./form-helpers";
import { REDIRECT_DELAY_MS, signInWithNotice } from "./notices";
import { ResetPasswordForm } from "./reset-password-form";
import { StatusCard } from "./status-card";

function BackToLoginLink() {
  return (
    <Link href="/login" className={buttonClasses("ghost", "md", "w-full")}>
      <ArrowLeft className="h-4 w-4" aria-hidden />
      Back to Login
    </Link>
  );
}

/** /password-reset: ask for a reset link without a token; set the new password with one. */
export function PasswordResetPage({ token }: { token?: string }) {
  return <AuthLayout>{token ? <CompleteReset token={token} /> : <RequestReset />}</AuthLayout>;
}

function RequestReset() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(resetRequestForm), mode: "onBlur", reValidateMode: "onChange", defaultValues: { email: "" } });
  const errorFor = useVisibleErrors(form);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setBusy(true);
    setFailure(null);
    try {
      await accountApi.requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      setFailure(serverMessage(error) ?? (error instanceof TransportError ? error.message : "Failed to send password reset email"));
    } finally {
      setBusy(false);
    }
  });

  if (sentTo) {
    return (
      <Card className="shadow-lg shadow-slate-200/60">
        <CheckYourEmail email={sentTo}>
          <BackToLoginLink />
        </CheckYourEmail>
      </Card>
    );
  }

  return (
    <Card className="shadow-lg shadow-slate-200/60">
      <CardHeader className="pb-4">
        <CardTitle>Reset your password</CardTitle>
        <CardDescription>Enter the email address of your account and we&apos;ll send you a link to reset your password.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {failure ? <Alert variant="destructive">{failure}</Alert> : null}
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <EmailField id="request-email" error={errorFor("email")} registration={form.register("email")} />
          <SubmitButton busy={busy} busyLabel="Sending...">
            Send Reset Link
          </SubmitButton>
        </form>
        <BackToLoginLink />
      </CardContent>
    </Card>
  );
}

function CompleteReset({ token }: { token: string }) {
  const router = useRouter();
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <StatusCard tone="success" title="Password Reset Successful" description="Your password has been updated. Taking you to sign in...">
        <Link href={signInWithNotice("password-reset")} className={buttonClasses("primary", "lg", "w-full")}>
          Go to Login
        </Link>
      </StatusCard>
    );
  }

  return (
    <Card className="shadow-lg shadow-slate-200/60">
      <CardHeader className="pb-4">
        <CardTitle>Set a new password</CardTitle>
        <CardDescription>Choose a new password for your account. It must be at least 8 characters long.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <ResetPasswordForm
          token={token}
          failureFallback="Failed to reset password"
          onReset={() => {
            setDone(true);
            setTimeout(() => router.replace(signInWithNotice("password-reset")), REDIRECT_DELAY_MS);
          }}
        />
        <BackToLoginLink />
      </CardContent>
    </Card>
  );
}
