import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import { Logo } from "../../../ui/logo";

/**
 * /terms and /help when there is no marketing site (MARKETING_URL unset): the workspace's
 * text, or the default. The first line is the heading; blank lines separate paragraphs.
 */
export function SiteTextPage({ shell, text, fallbackTitle }: { shell: Shell | null; text: string; fallbackTitle: string }) {
  const [first, ...rest] = text.split(/\r?\n/);
  const hasHeading = !!first && first.length < 120 && rest.length > 0;
  const title = hasHeading ? first! : fallbackTitle;
  const paragraphs = (hasHeading ? rest.join("\n") : text)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const content = (
    <article className="card">
      <div className="card-body space-y-3">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        {paragraphs.map((p, i) => (
          <p key={i} className="whitespace-pre-line text-sm leading-6 text-slate-700">
            {p}
          </p>
        ))}
      </div>
    </article>
  );
  if (shell) {
    return (
      <AppShell shell={shell} wide={false}>
        {content}
      </AppShell>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <header className="mb-6">
        <Logo href="/" />
      </header>
      {content}
    </div>
  );
}
