import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import "@fontsource-variable/inter";
import "./globals.css";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { PRODUCT_NAME, PRODUCT_TAGLINE } from "@/lib/brand";

export const metadata: Metadata = {
  title: { default: PRODUCT_NAME, template: `%s · ${PRODUCT_NAME}` },
  description: PRODUCT_TAGLINE,
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#4f46e5" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Reading the request headers renders every page per request, which lets Next.js put the CSP nonce from proxy.ts
  // on its scripts. The pages are dynamic anyway (the sign-in pages check the session and read the query), but a
  // page prerendered at build time (the 404 page) would carry inline scripts without the nonce and be blocked.
  await headers();
  return (
    <html lang="en">
      <body className="min-h-full font-sans">
        {children}
        <LazyToaster />
      </body>
    </html>
  );
}
