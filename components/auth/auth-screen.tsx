"use client";

// The one authentication screen (spec section 2): login, register, forgot-password and reset-password views,
// switched here rather than by route. The reset view opens first when the address carries ?token=.
import { usePathname, useRouter } from "next/navigation";
import { lazy, Suspense, useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { AuthLayout } from "./auth-layout";
import { LoginView } from "./login-view";
import { AUTH_NOTICES, REDIRECT_DELAY_MS, signInWithNotice, type AuthNotice } from "./notices";

// The login view ships with the page; the other views load when someone opens them (first-load JS budget).
// The other views load when first opened (React's lazy(): next/dynamic's loader would add to the first load).
const RegisterView = lazy(() => import("./register-view").then((module) => ({ default: module.RegisterView })));
const ForgotPasswordView = lazy(() => import("./forgot-password-view").then((module) => ({ default: module.ForgotPasswordView })));
const BackToLoginButton = lazy(() => import("./forgot-password-view").then((module) => ({ default: module.BackToLoginButton })));
const ResetPasswordForm = lazy(() => import("./reset-password-form").then((module) => ({ default: module.ResetPasswordForm })));

export type AuthView = "login" | "register" | "forgot-password" | "reset-password";

export interface AuthScreenProps {
  /** A password-reset token from the address: opens the reset view. */
  token?: string;
  notice?: AuthNotice;
  /** After signing in: go to the dashboard (sign-in pages), or re-render the protected page asked for. */
  afterSignIn?: "dashboard" | "stay";
}

export function AuthScreen({ token, notice, afterSignIn = "dashboard" }: AuthScreenProps) {
  const router = useRouter();
  const pathname = usePathname();
  const [view, setView] = useState<AuthView>(token ? "reset-password" : "login");
  const [email, setEmail] = useState("");

  const toLogin = () => setView("login");

  let content: React.ReactNode;
  switch (view) {
    case "register":
      content = (
        <RegisterView
          onSignIn={toLogin}
          onRegistered={(registered) => {
            setEmail(registered);
            setView("login");
          }}
        />
      );
      break;
    case "forgot-password":
      content = <ForgotPasswordView onBack={toLogin} />;
      break;
    case "reset-password":
      content = token ? (
        <>
          <CardHeader className="pb-4">
            <CardTitle>Set a new password</CardTitle>
            <CardDescription>Choose a new password for your account. It must be at least 8 characters long.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <ResetPasswordForm
              token={token}
              failureFallback="The reset link may be invalid or expired."
              onReset={() => setTimeout(() => router.replace(signInWithNotice("password-reset")), REDIRECT_DELAY_MS)}
            />
            {/* Leaving the reset view also drops the token from the address. */}
            <BackToLoginButton onClick={() => router.replace(pathname)} />
          </CardContent>
        </>
      ) : null;
      break;
    default:
      content = (
        <LoginView
          key={email}
          defaultEmail={email}
          notice={notice ? AUTH_NOTICES[notice] : undefined}
          onForgotPassword={() => setView("forgot-password")}
          onRegister={() => setView("register")}
          onSignedIn={() => (afterSignIn === "dashboard" ? router.replace("/dashboard") : router.refresh())}
        />
      );
  }

  return (
    <AuthLayout wide={view === "register"}>
      <Card className="shadow-lg shadow-slate-200/60">
        <Suspense fallback={<ViewLoading />}>{content}</Suspense>
      </Card>
    </AuthLayout>
  );
}

/** While a view's script arrives (a moment, once): a spinner where the form will be. */
function ViewLoading() {
  return (
    <div className="flex justify-center py-16" role="status" aria-label="Loading">
      <span aria-hidden className="h-6 w-6 animate-spin rounded-full border-2 border-slate-200 border-t-brand-600" />
    </div>
  );
}
