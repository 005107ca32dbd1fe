"use client";

import { useEffect, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { PasswordInput } from "@/components/ui/password-input";
import { toast } from "@/components/ui/use-toast";
import { HttpError } from "@/lib/http/client";
import { loginRules, type LoginFields } from "@/components/forms/account-resolvers";
import { fieldErrors } from "@/components/forms/rules";
import { accountApi } from "./api";
import { EmailField, LinkButton, SubmitButton } from "./form-helpers";

interface LoginViewProps {
  defaultEmail?: string;
  notice?: string;
  onSignedIn: () => void;
  onForgotPassword: () => void;
  onRegister: () => void;
}

export function LoginView({ defaultEmail = "", notice, onSignedIn, onForgotPassword, onRegister }: LoginViewProps) {
  const [busy, setBusy] = useState(false);
  // No form library on the sign-in screen (its first-load script budget): three fields, checked as the other
  // account forms check theirs. An error shows once its field was left (blur) or a submit was tried, and follows
  // the value from then on. The inputs are uncontrolled (as a form library's are): what was typed, or filled in by
  // a password manager, before the script hydrated the form stays, and is read once the form is live.
  const [values, setValues] = useState<LoginFields>({ email: defaultEmail, password: "", rememberMe: false });
  useEffect(() => {
    const input = (id: string) => document.getElementById(id) as HTMLInputElement | null;
    const [email, password, rememberMe] = [input("login-email"), input("login-password"), input("login-remember")];
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the values the page held before hydration, taken once
    setValues((current) => ({
      email: email?.value ?? current.email,
      password: password?.value ?? current.password,
      rememberMe: rememberMe?.checked ?? current.rememberMe,
    }));
  }, []);
  const [touched, setTouched] = useState<Partial<Record<"email" | "password", boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const errors = fieldErrors(loginRules, values);
  const errorFor = (name: "email" | "password") => (touched[name] || submitted ? errors[name] : undefined);
  const filled = values.email.trim() !== "" && values.password !== "";
  const field = (name: "email" | "password") => ({
    name,
    defaultValue: name === "email" ? defaultEmail : "",
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (busy) return;
    if (errors.email || errors.password) {
      document.getElementById(errors.email ? "login-email" : "login-password")?.focus();
      return;
    }
    setBusy(true);
    try {
      await accountApi.login(values.email.trim(), values.password, values.rememberMe);
      toast({ title: "Welcome back!", description: "You have been successfully logged in." });
      onSignedIn();
    } catch (error) {
      // The message table loads only when a sign-in fails (it would otherwise add to /login's first load).
      const serverText = error instanceof HttpError ? (await import("@/lib/errors/messages")).serverMessage(error) : undefined;
      toast({
        variant: "destructive",
        title: "Login Failed",
        description:
          error instanceof HttpError
            ? (serverText ?? "Please check your credentials and try again.")
            : error instanceof Error && error.message
              ? error.message
              : "An unexpected error occurred. Please try again.",
      });
      setBusy(false);
    }
  };

  return (
    <>
      <CardHeader className="pb-4">
        <CardTitle>Sign in</CardTitle>
        <CardDescription>Welcome back. Sign in to your organization&apos;s workspace.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {notice ? <Alert variant="success">{notice}</Alert> : null}
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
          <EmailField id="login-email" error={errorFor("email")} registration={field("email")} />
          <FormField id="login-password" label="Password" error={errorFor("password")}>
            <PasswordInput
              {...fieldAria("login-password", errorFor("password"))}
              autoComplete="current-password"
              placeholder="Your password"
              {...field("password")}
            />
          </FormField>
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <div className="flex items-center gap-2">
              {/* A native checkbox: the sign-in screen ships no checkbox library (first-load JS budget). */}
              <input
                id="login-remember"
                type="checkbox"
                className="h-4 w-4 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                name="rememberMe"
                defaultChecked={false}
                onChange={(event) => setValues((current) => ({ ...current, rememberMe: event.target.checked }))}
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
