"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { serverMessage } from "@/lib/errors/messages";
import { TransportError } from "@/lib/http/client";
import { accountApi } from "./api";
import { AuthLayout } from "./auth-layout";
import { StatusCard } from "./status-card";

type State = { step: "verifying" } | { step: "verified"; message: string } | { step: "failed"; message: string };

/** /verify-email: confirms the address from the link in the verification e-mail. */
export function VerifyEmail({ token }: { token?: string }) {
  const [state, setState] = useState<State>(() => (token ? { step: "verifying" } : { step: "failed", message: "No verification token provided" }));
  // The token is single use: verify it once even if the effect runs twice (development strict mode).
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    accountApi
      .verifyEmail(token)
      .then((answer) => setState({ step: "verified", message: answer?.message || "Your email address has been verified." }))
      .catch((error: unknown) => {
        setState({
          step: "failed",
          message: serverMessage(error) ?? (error instanceof TransportError ? error.message : "Email verification failed"),
        });
        toast({ variant: "destructive", title: "Verification Failed", description: "Please check the verification link and try again." });
      });
  }, [token]);

  const backToLogin = (
    <Link href="/" className={buttonClasses("primary", "lg", "w-full")}>
      Back to Login
    </Link>
  );

  return (
    <AuthLayout>
      {state.step === "verifying" ? <StatusCard tone="busy" title="Verifying your email..." description="This takes just a moment." /> : null}
      {state.step === "verified" ? (
        <StatusCard tone="success" title="Email Verified" description={state.message}>
          {backToLogin}
        </StatusCard>
      ) : null}
      {state.step === "failed" ? (
        <StatusCard tone="failure" title="Email Verification Failed" description={state.message}>
          {backToLogin}
        </StatusCard>
      ) : null}
    </AuthLayout>
  );
}
