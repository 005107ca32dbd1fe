"use client";

import { useForm, useWatch } from "react-hook-form";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { PasswordInput } from "@/components/ui/password-input";
import { toast } from "@/components/ui/use-toast";
import { serverMessage } from "@/lib/errors/messages";
import { HttpError } from "@/lib/http/client";
import { loginResolver } from "@/components/forms/account-resolvers";
import { accountApi } from "./api";
import { EmailField, LinkButton, SubmitButton, useVisibleErrors } from "./form-helpers";

interface LoginViewProps {
  defaultEmail?: string;
  notice?: string;
  onSignedIn: () => void;
  onForgotPassword: () => void;
  onRegister: () => void;
}

export function LoginView({ defaultEmail = "", notice, onSignedIn, onForgotPassword, onRegister }: LoginViewProps) {
  const [busy, setBusy] = useState(false);
  const form = useForm({
    resolver: loginResolver,
    mode: "onBlur",
    reValidateMode: "onChange",
    defaultValues: { email: defaultEmail, password: "", rememberMe: false },
  });
  const errorFor = useVisibleErrors(form);
  const [email, password] = useWatch({ control: form.control, name: ["email", "password"] });
  const filled = email.trim() !== "" && password !== "";

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      await accountApi.login(values.email, values.password, values.rememberMe);
      toast({ title: "Welcome back!", description: "You have been successfully logged in." });
      onSignedIn();
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Login Failed",
        description:
          error instanceof HttpError
            ? (serverMessage(error) ?? "Please check your credentials and try again.")
            : error instanceof Error && error.message
              ? error.message
              : "An unexpected error occurred. Please try again.",
      });
      setBusy(false);
    }
  });

  return (
    <>
      <CardHeader className="pb-4">
        <CardTitle>Sign in</CardTitle>
        <CardDescription>Welcome back. Sign in to your organization&apos;s workspace.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {notice ? <Alert variant="success">{notice}</Alert> : null}
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <EmailField id="login-email" error={errorFor("email")} registration={form.register("email")} />
          <FormField id="login-password" label="Password" error={errorFor("password")}>
            <PasswordInput
              {...fieldAria("login-password", errorFor("password"))}
              autoComplete="current-password"
              placeholder="Your password"
              {...form.register("password")}
            />
          </FormField>
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <div className="flex items-center gap-2">
              {/* A native checkbox: the sign-in screen ships no checkbox library (first-load JS budget). */}
              <input
                id="login-remember"
                type="checkbox"
                className="h-4 w-4 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                {...form.register("rememberMe")}
              />
              <Label htmlFor="login-remember" className="cursor-pointer font-normal text-slate-600">
                Keep me logged in
              </Label>
            </div>
            <LinkButton onClick={onForgotPassword}>Forgot password?</LinkButton>
          </div>
          <SubmitButton busy={busy} busyLabel="Signing In..." disabled={!filled}>
            Sign In
          </SubmitButton>
        </form>
        <p className="text-center text-sm text-slate-600">
          Don&apos;t have an account? <LinkButton onClick={onRegister}>Sign Up</LinkButton>
        </p>
      </CardContent>
    </>
  );
}
