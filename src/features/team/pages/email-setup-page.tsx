import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";

/** /settings/email: whether this server sends e-mail, and how to make it (the banner links here). */
export function EmailSetupPage({ shell, mailFrom }: { shell: Shell; mailFrom: string }) {
  const on = shell.emailConfigured;
  return (
    <AppShell shell={shell} title="E-mail" wide={false}>
      <h1 className="text-2xl font-semibold">E-mail</h1>
      <section className="card mt-6">
        <div className="card-body space-y-3 text-sm">
          <p data-testid="email-status">
            {on ? (
              <>
                E-mail is set up: Frank sends from <code>{mailFrom}</code>.
              </>
            ) : (
              <>
                <strong>E-mail is not set up.</strong> Booking confirmations, reminders, invitations and password links are recorded in the outbox but never delivered, so candidates receive no
                confirmations.
              </>
            )}
          </p>
          <h2 className="pt-2 font-semibold">How to set it up</h2>
          <ol className="list-decimal space-y-2 pl-5">
            <li>Get SMTP credentials from your mail provider (your own mail server, or a sending service such as Postmark, Mailgun, Amazon SES or your Google Workspace or Microsoft 365 account).</li>
            <li>
              Set <code>SMTP_URL</code> in Frank's environment, for example <code className="break-all">smtps://user:password@mail.example.com:465</code> or{" "}
              <code className="break-all">smtp://user:password@mail.example.com:587</code>.
            </li>
            <li>
              Set <code>MAIL_FROM</code> to the sender candidates see, for example <code className="break-all">Acme Hiring &lt;hiring@example.com&gt;</code>; the provider must allow that address.
            </li>
            <li>Restart Frank. E-mails recorded while mail was off are not sent afterwards.</li>
          </ol>
        </div>
      </section>
    </AppShell>
  );
}
