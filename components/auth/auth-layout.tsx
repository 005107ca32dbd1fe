import { cn } from "@/lib/cn";
import { PRODUCT_NAME, PRODUCT_TAGLINE } from "@/lib/brand";
import { BrandMark } from "./brand-mark";

/** Two-pane frame of the authentication screens: brand story on the left, the form card on the right. */
export function AuthLayout({ children, wide = false }: { children: React.ReactNode; wide?: boolean }) {
  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-brand-900 via-brand-700 to-brand-500 p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div className="flex items-center gap-3 text-lg font-semibold">
          <BrandMark className="bg-white/15" />
          {PRODUCT_NAME}
        </div>
        <div className="max-w-md">
          <h1 className="text-4xl font-semibold leading-tight">Turn your writing into narrated presentations.</h1>
          <p className="mt-4 text-lg text-brand-100">{PRODUCT_TAGLINE}</p>
        </div>
        <p className="text-sm text-brand-100/80">Projects, blogs and presentations for your whole organisation.</p>
      </aside>
      <main className="flex items-center justify-center bg-slate-50 px-4 py-10 sm:px-8 sm:py-12">
        <div className={cn("w-full", wide ? "max-w-xl" : "max-w-md")}>
          <div className="mb-8 flex items-center justify-center gap-2 text-lg font-semibold text-brand-700 lg:hidden">
            <BrandMark className="h-9 w-9 bg-brand-600 text-white" />
            {PRODUCT_NAME}
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}
