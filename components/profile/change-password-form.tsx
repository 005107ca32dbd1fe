"use client";

import { KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import { useState } from "react";
import { placeServerErrors, SubmitButton, useVisibleErrors } from "@/components/auth/form-helpers";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { PasswordInput } from "@/components/ui/password-input";
import { toast } from "@/components/ui/use-toast";
import { changePasswordResolver, type ChangePasswordFields } from "@/components/forms/account-resolvers";
import { changePassword, changePasswordFailureMessage } from "./change-password";

const EMPTY: ChangePasswordFields = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** 'Profile Settings' card holding the Change Password form; the form resets after success. */
export function ChangePasswordCard() {
  const [busy, setBusy] = useState(false);
  const form = useForm({ resolver: changePasswordResolver, mode: "onBlur", reValidateMode: "onChange", defaultValues: EMPTY });
  const errorFor = useVisibleErrors(form);

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setBusy(true);
    try {
      await changePassword(currentPassword, newPassword);
      toast({ title: "Password Changed Successfully!", description: "Your password has been updated." });
      form.reset(EMPTY);
    } catch (error) {
      const placed = placeServerErrors(form, error, { new_password: "newPassword", current_password: "currentPassword" });
      toast({
        variant: "destructive",
        title: "Password Change Failed",
        description: placed ?? (changePasswordFailureMessage(error) || "Please check your current password and try again."),
      });
    } finally {
      setBusy(false);
    }
  });

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
            <KeyRound className="h-5 w-5" aria-hidden />
          </span>
          <div>
            <CardTitle className="text-lg">Profile Settings</CardTitle>
            <CardDescription>Change the password you sign in with.</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <h3 className="text-sm font-semibold text-slate-900">Change Password</h3>
          <FormField id="currentPassword" label="Current Password" error={errorFor("currentPassword")}>
            <PasswordInput {...fieldAria("currentPassword", errorFor("currentPassword"))} autoComplete="current-password" {...form.register("currentPassword")} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="newPassword" label="New Password" error={errorFor("newPassword")} hint="At least 8 characters.">
              <PasswordInput {...fieldAria("newPassword", errorFor("newPassword"), "hint")} autoComplete="new-password" {...form.register("newPassword")} />
            </FormField>
            <FormField id="confirmPassword" label="Confirm New Password" error={errorFor("confirmPassword")}>
              <PasswordInput {...fieldAria("confirmPassword", errorFor("confirmPassword"))} autoComplete="new-password" {...form.register("confirmPassword")} />
            </FormField>
          </div>
          <div className="flex justify-end">
            <SubmitButton busy={busy} busyLabel="Changing Password..." className="w-full sm:w-auto">
              Change Password
            </SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
