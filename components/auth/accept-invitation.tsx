"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { serverMessage } from "@/lib/errors/messages";
import { TransportError } from "@/lib/http/client";
import { acceptInvitationForm, MESSAGES } from "@/lib/validation/auth";
import { accountApi } from "./api";
import { AuthLayout } from "./auth-layout";
import { placeServerErrors, SubmitButton, useVisibleErrors } from "./form-helpers";
import { REDIRECT_DELAY_MS, signInWithNotice } from "./notices";
import { StatusCard } from "./status-card";
import type { InvitationDetails } from "./types";

type State =
  | { step: "verifying" }
  | { step: "invalid"; message: string }
  | { step: "form"; invitation: InvitationDetails }
  | { step: "welcome"; tenantName: string };

/** The server's reason, else the transport's, else the fallback. */
function reasonOf(error: unknown, fallback: string): string {
  return serverMessage(error) ?? (error instanceof TransportError ? error.message : fallback);
}

export function AcceptInvitation({ token }: { token?: string }) {
  const [state, setState] = useState<State>(() => (token ? { step: "verifying" } : { step: "invalid", message: MESSAGES.invalidInvitationLink }));
  const checked = useRef(false);

  useEffect(() => {
    if (!token || checked.current) return;
    checked.current = true;
    accountApi
      .verifyInvitation(token)
      .then((invitation) => setState({ step: "form", invitation }))
      .catch((error: unknown) => setState({ step: "invalid", message: reasonOf(error, "This invitation link is invalid or has expired.") }));
  }, [token]);

  return (
    <AuthLayout>
      {state.step === "verifying" ? <StatusCard tone="busy" title="Verifying invitation..." description="This takes just a moment." /> : null}
      {state.step === "invalid" ? (
        <StatusCard tone="failure" title="Invalid Invitation" description={state.message}>
          <Link href="/login" className={buttonClasses("primary", "lg", "w-full")}>
            Go to Login
          </Link>
        </StatusCard>
      ) : null}
      {state.step === "form" && token ? (
        <AcceptInvitationForm token={token} invitation={state.invitation} onAccepted={() => setState({ step: "welcome", tenantName: state.invitation.tenant_name })} />
      ) : null}
      {state.step === "welcome" ? (
        <StatusCard
          tone="success"
          title="Welcome!"
          description={
            <>
              Your account at <span className="font-medium text-slate-700">{state.tenantName}</span> is ready. Signing you in...
            </>
          }
        />
      ) : null}
    </AuthLayout>
  );
}

interface AcceptInvitationFormProps {
  token: string;
  invitation: InvitationDetails;
  onAccepted: () => void;
}

function AcceptInvitationForm({ token, invitation, onAccepted }: AcceptInvitationFormProps) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(acceptInvitationForm),
    mode: "onBlur",
    reValidateMode: "onChange",
    defaultValues: { fullName: "", password: "", confirmPassword: "", phone: "", address: "" },
  });
  const errorFor = useVisibleErrors(form);

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true);
    setFailure(null);
    let email: string;
    try {
      const accepted = await accountApi.acceptInvitation({
        token,
        full_name: values.fullName,
        password: values.password,
        phone: values.phone || undefined,
        address: values.address || undefined,
      });
      email = accepted?.email ?? invitation.email;
    } catch (error) {
      const placed = placeServerErrors(form, error, { full_name: "fullName", password: "password", phone: "phone", address: "address" });
      setFailure(placed ?? reasonOf(error, "Failed to accept invitation"));
      setBusy(false);
      return;
    }
    onAccepted();
    // Two seconds on the 'Welcome!' card, then sign in with the new credentials (spec section 4).
    setTimeout(() => {
      accountApi
        .login(email, values.password)
        .then(() => router.replace("/dashboard"))
        .catch(() => router.replace(signInWithNotice("account-created", "/login")));
    }, REDIRECT_DELAY_MS);
  });

  return (
    <Card className="shadow-lg shadow-slate-200/60">
      <CardHeader className="pb-4">
        <CardTitle>Accept Invitation</CardTitle>
        <CardDescription>
          You&apos;ve been invited to join <span className="font-medium text-slate-700">{invitation.tenant_name}</span> as{" "}
          <span className="font-medium text-slate-700">{invitation.role_name}</span>. Complete your account to get started.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {failure ? <Alert variant="destructive">{failure}</Alert> : null}
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FormField id="invite-email" label="Email">
            <Input id="invite-email" type="email" value={invitation.email} readOnly disabled />
          </FormField>
          <FormField id="invite-name" label="Full Name" error={errorFor("fullName")}>
            <Input {...fieldAria("invite-name", errorFor("fullName"))} autoComplete="name" placeholder="Jane Doe" autoFocus {...form.register("fullName")} />
          </FormField>
          <FormField id="invite-password" label="Password" error={errorFor("password")} hint="At least 8 characters.">
            <PasswordInput {...fieldAria("invite-password", errorFor("password"), "hint")} autoComplete="new-password" {...form.register("password")} />
          </FormField>
          <FormField id="invite-confirm" label="Confirm Password" error={errorFor("confirmPassword")}>
            <PasswordInput {...fieldAria("invite-confirm", errorFor("confirmPassword"))} autoComplete="new-password" {...form.register("confirmPassword")} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="invite-phone" label="Phone (optional)" error={errorFor("phone")}>
              <Input {...fieldAria("invite-phone", errorFor("phone"))} type="tel" autoComplete="tel" {...form.register("phone")} />
            </FormField>
            <FormField id="invite-address" label="Address (optional)" error={errorFor("address")}>
              <Input {...fieldAria("invite-address", errorFor("address"))} autoComplete="street-address" {...form.register("address")} />
            </FormField>
          </div>
          <SubmitButton busy={busy} busyLabel="Accepting...">
            Accept Invitation
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
