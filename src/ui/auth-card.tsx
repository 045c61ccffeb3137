import type { ReactNode } from "react";
import { Logo } from "./logo";

/** The centred card of the sign-in, forgot and reset pages. */
export function AuthCard({ title, subtitle, children, homeHref }: { title: string; subtitle?: ReactNode; children: ReactNode; homeHref: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 via-white to-slate-100 px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-8 flex flex-col items-center gap-3 text-center">
          <Logo href={homeHref} size="lg" />
          <p className="text-sm text-slate-500">Cut hiring time and cost by 98%</p>
        </div>
        <div className="card p-8">
          <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
          {subtitle ? <div className="mt-1 text-sm text-slate-500">{subtitle}</div> : null}
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </main>
  );
}
