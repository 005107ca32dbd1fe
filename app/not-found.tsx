import { buttonClasses } from "@/components/ui/button";

export const metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-slate-50 to-brand-50 px-6 text-center">
      <p className="text-7xl font-bold tracking-tight text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-semibold text-slate-900">Oops! Page not found</h1>
      <p className="mt-2 max-w-md text-slate-500">The page you are looking for does not exist or has moved.</p>
      {/* A plain link: the 404 boundary is part of every page, and next/link would add its script to each. */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load of / is fine from a 404 */}
      <a href="/" className={buttonClasses("primary", "lg", "mt-8")}>
        Return to Home
      </a>
    </main>
  );
}
