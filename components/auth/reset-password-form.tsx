"use client";

import { useForm } from "react-hook-form";
import { useState } from "react";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { PasswordInput } from "@/components/ui/password-input";
import { toast } from "@/components/ui/use-toast";
import { serverMessage } from "@/lib/errors/messages";
import { HttpError } from "@/lib/http/client";
import { resetPasswordResolver } from "@/components/forms/account-resolvers";
import { accountApi } from "./api";
import { placeServerErrors, SubmitButton, useVisibleErrors } from "./form-helpers";

interface ResetPasswordFormProps {
  token: string;
  /** The toast text when the server gives no reason. */
  failureFallback: string;
  onReset: () => void;
}

/** New password and its confirmation for a reset link's token; used by the sign-in screen and /password-reset. */
export function ResetPasswordForm({ token, failureFallback, onReset }: ResetPasswordFormProps) {
  const [busy, setBusy] = useState(false);
  const form = useForm({
    resolver: resetPasswordResolver,
    mode: "onBlur",
    reValidateMode: "onChange",
    defaultValues: { password: "", confirmPassword: "" },
  });
  const errorFor = useVisibleErrors(form);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setBusy(true);
    try {
      await accountApi.resetPassword(token, password);
      toast({ title: "Password Reset Successfully!", description: "Your password has been updated. You can now sign in." });
      onReset();
    } catch (error) {
      const placed = placeServerErrors(form, error, { new_password: "password" });
      toast({
        variant: "destructive",
        title: "Reset Failed",
        description: error instanceof HttpError ? (placed ?? serverMessage(error) ?? failureFallback) : error instanceof Error ? error.message : failureFallback,
      });
      setBusy(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField id="reset-password" label="New Password" error={errorFor("password")} hint="At least 8 characters.">
        <PasswordInput
          {...fieldAria("reset-password", errorFor("password"), "hint")}
          autoComplete="new-password"
          autoFocus
          {...form.register("password")}
        />
      </FormField>
      <FormField id="reset-confirm" label="Confirm New Password" error={errorFor("confirmPassword")}>
        <PasswordInput {...fieldAria("reset-confirm", errorFor("confirmPassword"))} autoComplete="new-password" {...form.register("confirmPassword")} />
      </FormField>
      <SubmitButton busy={busy} busyLabel="Resetting...">
        Reset Password
      </SubmitButton>
    </form>
  );
}
