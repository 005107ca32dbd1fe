"use client";

import { useSearchParams } from "next/navigation";
import { Suspense, useCallback, useEffect, useState } from "react";
import { AuthScreen } from "./auth-screen";
import { authNotice, type AuthNotice } from "./notices";

interface Address {
  /** A password-reset token (?token=): opens the reset view. */
  token?: string;
  /** A message after a redirect (?notice=). */
  notice?: AuthNotice;
}

/** Reports the address's query to the screen; renders nothing. */
function AddressQuery({ onChange }: { onChange: (address: Address) => void }) {
  const params = useSearchParams();
  const token = params.get("token")?.trim() || undefined;
  const notice = authNotice(params.get("notice"));
  useEffect(() => onChange({ token, notice }), [token, notice, onChange]);
  return null;
}

/**
 * The sign-in screen of '/' and '/login'. It is prerendered at build time (the same HTML for everyone, served
 * without rendering), so the query is read in the browser, beside the screen rather than around it: the form the
 * HTML shows stays the same elements after hydration, and what someone typed before then is kept.
 * A signed-in visitor never gets here: proxy.ts sends a request carrying a session cookie to /dashboard, which
 * shows this screen in place if the session has ended.
 */
export function SignInPage() {
  const [address, setAddress] = useState<Address>({});
  const onChange = useCallback(
    (next: Address) =>
      setAddress((current) => (current.token === next.token && current.notice === next.notice ? current : next)),
    [],
  );
  return (
    <>
      <Suspense fallback={null}>
        <AddressQuery onChange={onChange} />
      </Suspense>
      {/* A new address (a reset token, a notice after a redirect) starts the screen afresh in the right view. */}
      <AuthScreen key={`${address.token ?? ""}|${address.notice ?? ""}`} token={address.token} notice={address.notice} />
    </>
  );
}
