import { formatDateTime } from "../../../lib/when";
import { memberZone } from "../../../lib/time-zone";
import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import type { MailboxView } from "../model";
import type { ProviderChoice } from "../provider-routes";

const PROVIDER_TEXT: Record<string, string> = { gmail: "Gmail", microsoft: "Microsoft 365" };

const STATE_TEXT = { ok: "Up to date", stale: "Not synced for 15 minutes", error: "Sync failed" } as const;
const STATE_BADGE = { ok: "badge-success", stale: "badge-warning", error: "badge-destructive" } as const;

function Field({ id, label, children, hint }: { id: string; label: string; children: React.ReactNode; hint?: string }) {
  return (
    <div>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
    </div>
  );
}

/** Settings → Mailbox: the member's own mailbox by IMAP and SMTP, its sync state, Sync now and Disconnect (plain forms). */
export function MailboxPage({ shell, mailbox, providers = [] }: { shell: Shell; mailbox: MailboxView | null; providers?: ProviderChoice[] }) {
  return (
    <AppShell shell={shell} title="Mailbox" wide={false}>
      <h1 className="text-2xl font-semibold">Mailbox</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Frank reads your inbox and sent mail for e-mails with candidates and client contacts, shows them on their timelines, and sends what you write in Frank from your own mailbox. Nothing else of
        your mailbox is kept.
      </p>
      {mailbox ? (
        <section className="card card-body mt-6 text-sm" aria-labelledby="mailbox-state" data-testid="mailbox-state">
          <h2 id="mailbox-state" className="font-semibold">
            {mailbox.address}
          </h2>
          <p className="mt-1">
            <span className={STATE_BADGE[mailbox.state]}>{STATE_TEXT[mailbox.state]}</span>
            <span className="ml-2 text-slate-500">{mailbox.lastSyncedAt ? `Last synced ${formatDateTime(mailbox.lastSyncedAt, memberZone(shell.user))}` : "Not synced yet"}</span>
          </p>
          {mailbox.reason ? <p className="mt-1 text-red-700 dark:text-red-400">{mailbox.reason}</p> : null}
          <p className="mt-1 text-slate-500">
            {mailbox.imapHost ? `IMAP ${mailbox.imapHost}:${mailbox.imapPort}` : `${PROVIDER_TEXT[mailbox.provider] ?? mailbox.provider}, through your calendar connection`}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <form method="post" action="/settings/mailbox/sync">
              <button className="btn-outline btn-sm" type="submit">
                Sync now
              </button>
            </form>
            <form method="post" action="/settings/mailbox/disconnect">
              <button className="btn-outline btn-sm" type="submit">
                Disconnect
              </button>
            </form>
          </div>
        </section>
      ) : null}
      {providers.length ? (
        <section className="card card-body mt-6 text-sm" aria-labelledby="mailbox-providers" data-testid="mailbox-providers">
          <h2 id="mailbox-providers" className="font-semibold">
            {mailbox ? "Use another mailbox instead" : "Connect your mailbox"}
          </h2>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {providers.map((p) => (
              <div key={p.provider} className="flex flex-col items-start gap-1">
                <a className="btn-primary" href={p.href}>
                  {p.label}
                </a>
                <p className="text-xs text-slate-500">{p.hint}</p>
              </div>
            ))}
          </div>
        </section>
      ) : null}
      <form method="post" action="/settings/mailbox" className="card card-body mt-6 grid gap-3 sm:grid-cols-2" data-testid="mailbox-connect">
        <h2 className="font-semibold sm:col-span-2">{providers.length ? "Any other mailbox, by IMAP" : mailbox ? "Connect another mailbox instead" : "Connect your mailbox"}</h2>
        <p className="text-xs text-slate-500 sm:col-span-2">Use an app password from your mail provider; it is stored encrypted. The login is tried before anything is saved.</p>
        <Field id="mb-address" label="E-mail address">
          <input className="input" id="mb-address" name="address" type="email" required maxLength={320} />
        </Field>
        <Field id="mb-username" label="User name" hint="Usually the e-mail address.">
          <input className="input" id="mb-username" name="username" required maxLength={320} autoComplete="off" />
        </Field>
        <Field id="mb-imap-host" label="IMAP server">
          <input className="input" id="mb-imap-host" name="imapHost" required maxLength={255} placeholder="imap.example.com" />
        </Field>
        <div className="grid grid-cols-2 gap-2">
          <Field id="mb-imap-port" label="IMAP port">
            <input className="input" id="mb-imap-port" name="imapPort" type="number" min={1} max={65535} defaultValue={993} required />
          </Field>
          <Field id="mb-imap-tls" label="Security">
            <select className="input" id="mb-imap-tls" name="imapTls" defaultValue="true">
              <option value="true">TLS</option>
              <option value="false">None</option>
            </select>
          </Field>
        </div>
        <Field id="mb-smtp-host" label="SMTP server" hint="To send from Frank through your mailbox.">
          <input className="input" id="mb-smtp-host" name="smtpHost" maxLength={255} placeholder="smtp.example.com" />
        </Field>
        <Field id="mb-smtp-port" label="SMTP port">
          <input className="input" id="mb-smtp-port" name="smtpPort" type="number" min={1} max={65535} defaultValue={587} />
        </Field>
        <Field id="mb-password" label="App password">
          <input className="input" id="mb-password" name="password" type="password" required maxLength={1000} autoComplete="new-password" />
        </Field>
        <div className="sm:col-span-2">
          <button className="btn-primary" type="submit">
            Connect mailbox
          </button>
        </div>
      </form>
    </AppShell>
  );
}
