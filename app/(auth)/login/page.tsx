import { SignInPage } from "@/components/auth/sign-in-page";

export const metadata = { title: "Sign in" };

// The address the spec's 'Go to Login' and 'Back to Login' buttons use: the same screen as '/'.
export default function LoginPage() {
  return <SignInPage />;
}
