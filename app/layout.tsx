import type { Metadata, Viewport } from "next";
import "@fontsource-variable/inter";
import "./globals.css";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { PRODUCT_NAME, PRODUCT_TAGLINE } from "@/lib/brand";

export const metadata: Metadata = {
  title: { default: PRODUCT_NAME, template: `%s · ${PRODUCT_NAME}` },
  description: PRODUCT_TAGLINE,
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#4f46e5" };

// Pages that read the request (the signed-in area) render per request and carry the CSP nonce from proxy.ts on
// their scripts; pages that do not (the sign-in screen, the 404 page) are prerendered at build time, and proxy.ts
// allows their inline scripts by hash (lib/http/static-pages.ts).
export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-full font-sans">
        {children}
        <LazyToaster />
      </body>
    </html>
  );
}
