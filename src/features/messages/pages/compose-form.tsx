export interface ComposeProps {
  action: string;
  to: { name: string; address: string | null };
  templates: { id: number; name: string }[];
  /** The member's mailbox address, or null: then Frank's own e-mail sends it, replies to `replyTo`. */
  mailbox: string | null;
  replyTo: string;
  /** Fields posted with the form (the selected candidates). */
  hidden?: Record<string, string>;
}

/** Write an e-mail to one person, typed or from a template of the workspace: a plain form (no script needed). */
export function ComposeForm({ action, to, templates, mailbox, replyTo, hidden }: ComposeProps) {
  return (
    <section className="card card-body mt-4 text-sm" aria-labelledby="compose-title" data-testid="compose">
      <h2 id="compose-title" className="font-semibold">
        Write a message
      </h2>
      {to.address !== null ? (
        <form method="post" action={action} className="mt-2 grid gap-3">
          {Object.entries(hidden ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <p className="text-slate-500">
            {`To ${to.name ? (to.address ? `${to.name} <${to.address}>` : to.name) : to.address} · `}
            {mailbox ? `Sent from your mailbox ${mailbox}; replies come back to it.` : `Sent by this workspace's e-mail with replies to ${replyTo}. Connect your mailbox to send from it.`}
          </p>
          {templates.length ? (
            <div>
              <label className="label" htmlFor="compose-template">
                Template
              </label>
              <select className="input" id="compose-template" name="templateId" defaultValue="">
                <option value="">No template</option>
                {templates.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div>
            <label className="label" htmlFor="compose-subject">
              Subject
            </label>
            <input className="input" id="compose-subject" name="subject" maxLength={300} />
          </div>
          <div>
            <label className="label" htmlFor="compose-body">
              Message
            </label>
            <textarea className="input" id="compose-body" name="body" rows={6} maxLength={20000} />
            <p className="mt-1 text-xs text-slate-500">
              {templates.length ? "Left empty, the subject and message are the template's. " : ""}
              {"Variables such as {{candidate.firstName}} and {{recruiter.name}} are filled in."}
            </p>
          </div>
          <div>
            <button className="btn-primary" type="submit">
              Send
            </button>
          </div>
        </form>
      ) : (
        <p className="mt-1 text-slate-500">No e-mail address to write to.</p>
      )}
    </section>
  );
}
