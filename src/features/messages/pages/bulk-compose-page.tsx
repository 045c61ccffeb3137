import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import { ComposeForm, type ComposeProps } from "./compose-form";

/** /messages/compose: one e-mail to each of several candidates (a selection, a shortlist), a plain form. */
export function BulkComposePage({
  shell,
  recipients,
  back,
  compose,
}: {
  shell: Shell;
  recipients: { id: number; name: string; email: string | null }[];
  back: { href: string; label: string };
  compose: ComposeProps;
}) {
  const reachable = recipients.filter((r) => r.email);
  return (
    <AppShell shell={shell} title="Write to candidates" wide={false}>
      <p className="text-sm">
        <a className="underline" href={back.href}>
          {back.label}
        </a>
      </p>
      <h1 className="mt-1 text-2xl font-semibold">Write to candidates</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Each gets an e-mail of their own, with their own name in the variables; replies come back one by one.</p>
      <ul className="card card-body mt-4 text-sm" aria-label="Recipients" data-testid="recipients">
        {recipients.map((r) => (
          <li key={r.id}>{r.email ? `${r.name || "(no name)"} <${r.email}>` : `${r.name || "(no name)"}: no e-mail address, not written to`}</li>
        ))}
      </ul>
      {reachable.length ? (
        <ComposeForm {...compose} hidden={{ ...compose.hidden, candidateIds: reachable.map((r) => r.id).join(",") }} />
      ) : (
        <p className="mt-4 text-sm text-slate-500">None of them has an e-mail address.</p>
      )}
    </AppShell>
  );
}
