import type { MailboxMail } from "./repo";
import { Logo } from "../../ui/logo";

export function MailboxPage({ mails, linkHours }: { mails: MailboxMail[]; linkHours: number }) {
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <div className="mb-6 flex items-center justify-between">
        <Logo href="/" />
        <span className="badge-warning">Demo mode</span>
      </div>
      <h1 className="text-2xl font-semibold">Mailbox</h1>
      <p className="mt-1 text-sm text-slate-500">The e-mails Frank wrote to you (in demo mode, also to the demo workspace's candidates). A developer page, shown only when developer pages are on.</p>
      <p className="mt-1 text-sm text-slate-500" data-testid="link-note">
        Links in an e-mail (sign-in, reset, invitation, booking){" "}
        {`are shown for ${linkHours === 1 ? "1 hour" : `${linkHours} hours`} after it was written, then removed: Frank keeps no live link at rest.`}
      </p>
      <div className="card mt-6 divide-y divide-slate-100">
        {mails.length === 0 ? <p className="p-5 text-sm text-slate-500">No e-mails yet.</p> : null}
        {mails.map((m) => (
          <article key={m.id} className="p-5" data-testid="mail">
            <div className="flex items-center justify-between gap-4">
              <div>
                <div className="font-medium">{m.subject}</div>
                <div className="text-xs text-slate-500">
                  To {m.to} · {m.createdAt.toISOString().replace("T", " ").slice(0, 16)} UTC · {m.status}
                </div>
              </div>
              <a className="btn-outline btn-sm" href={`/dev/mailbox/${m.id}`} target="_blank" rel="noopener">
                Open HTML
              </a>
            </div>
            <pre className="mt-3 max-h-64 overflow-auto rounded-md bg-slate-50 p-3 text-xs whitespace-pre-wrap">{linkify(m.text)}</pre>
          </article>
        ))}
      </div>
    </main>
  );
}

/** Makes the links in a plain-text e-mail clickable. */
function linkify(text: string) {
  return text.split(/(https?:\/\/[^\s\]]+)/g).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      <a key={i} href={part} className="text-brand-600 underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}
