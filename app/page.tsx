import { SignInPage } from "@/components/auth/sign-in-page";

// The sign-in screen; a signed-in visitor is sent to the role-dependent dashboard by proxy.ts.
export default function HomePage() {
  return <SignInPage />;
}
