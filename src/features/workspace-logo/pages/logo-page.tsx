import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import type { Logo } from "../model";

/** Settings → Logo: the agency's logo on the pages clients see (a plain upload form, no JavaScript). */
export function LogoPage({ shell, agency, logo }: { shell: Shell; agency: string; logo: Logo | null }) {
  return (
    <AppShell shell={shell} title="Logo" wide={false}>
      <h1 className="text-2xl font-semibold">Logo</h1>
      <section className="card mt-6">
        <div className="card-body space-y-4 text-sm">
          <p className="text-slate-600">{`Your logo is shown beside the name “${agency}” on the shortlists you share with clients and in the e-mail that sends them the link.`}</p>
          <div className="flex min-h-16 items-center gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700" data-testid="logo-preview">
            {logo ? <img src={logo.url} alt={`${agency} logo`} className="h-12 w-auto max-w-48 object-contain" /> : <span className="text-slate-500">No logo yet: the pages show the name alone.</span>}
            <span className="font-semibold">{agency}</span>
          </div>
          <form method="post" action="/settings/logo" encType="multipart/form-data" className="flex flex-wrap items-end gap-2">
            <label className="grow">
              {logo ? "Replace the logo" : "Upload a logo"}
              <input className="input mt-1 w-full" type="file" name="file" required accept="image/png,image/jpeg,image/webp" />
            </label>
            <button className="btn-primary btn-sm" type="submit">
              Upload
            </button>
          </form>
          <p className="text-xs text-slate-500">PNG, JPEG or WebP, at most 512 kB. A wide logo about 60 pixels high reads best.</p>
          {logo ? (
            <form method="post" action="/settings/logo/delete">
              <button className="btn-outline btn-sm" type="submit">
                Remove the logo
              </button>
            </form>
          ) : null}
        </div>
      </section>
    </AppShell>
  );
}
