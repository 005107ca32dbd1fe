import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { AuthLayout } from "./auth-layout";

/** The sign-in screen until the accounts issue (#3) replaces it with the four-view authentication screen. */
export function SignInPlaceholder() {
  return (
    <AuthLayout>
      <Card>
        <CardHeader>
          <CardTitle>Sign in</CardTitle>
          <CardDescription>Sign in to your organisation&apos;s workspace.</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="rounded-lg bg-brand-50 p-4 text-sm text-brand-900">
            Account sign-in is being set up on this installation. Please check back shortly.
          </p>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
