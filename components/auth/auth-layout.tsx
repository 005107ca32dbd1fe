import { PRODUCT_NAME, PRODUCT_TAGLINE } from "@/lib/brand";

/** Two-pane frame of the authentication screens: brand story on the left, the form card on the right. */
export function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-brand-900 via-brand-700 to-brand-500 p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div className="flex items-center gap-3 text-lg font-semibold">
          <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-white/15 text-xl font-bold">
            {PRODUCT_NAME.slice(0, 1)}
          </span>
          {PRODUCT_NAME}
        </div>
        <div className="max-w-md">
          <h1 className="text-4xl font-semibold leading-tight">Turn your writing into narrated presentations.</h1>
          <p className="mt-4 text-lg text-brand-100">{PRODUCT_TAGLINE}</p>
        </div>
        <p className="text-sm text-brand-100/80">Projects, blogs and presentations for your whole organisation.</p>
      </aside>
      <main className="flex items-center justify-center bg-slate-50 px-4 py-12 sm:px-8">
        <div className="w-full max-w-md">
          <div className="mb-8 flex items-center justify-center gap-2 text-lg font-semibold text-brand-700 lg:hidden">
            <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-brand-600 text-white">
              {PRODUCT_NAME.slice(0, 1)}
            </span>
            {PRODUCT_NAME}
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}
