import type { MessageView } from "../model";

/** The candidate's e-mails from the members' mailboxes, grouped by thread, quoted history folded (no script). */
export function CandidateMessages({ messages }: { messages: MessageView[] }) {
  const threads = new Map<string, MessageView[]>();
  for (const m of [...messages].reverse()) threads.set(m.threadKey, [...(threads.get(m.threadKey) ?? []), m]);
  return (
    <section className="card card-body mt-4 text-sm" aria-labelledby="candidate-messages" data-testid="candidate-messages">
      <h2 id="candidate-messages" className="font-semibold">
        E-mails
      </h2>
      {threads.size ? (
        [...threads.values()].reverse().map((thread) => (
          <ol key={thread[0]!.threadKey} className="mt-2 space-y-2 border-l-2 border-slate-200 pl-3 dark:border-slate-700" data-thread={thread[0]!.threadKey}>
            {thread.map((m) => (
              <li key={m.id} data-message={m.id}>
                <p className="text-slate-500">{`${m.direction === "in" ? "From" : "Sent by"} ${m.from.name ? `${m.from.name} <${m.from.address}>` : m.from.address} · ${m.sentAt.slice(0, 16).replace("T", " ")} UTC`}</p>
                <p className="font-medium">{m.subject || "(no subject)"}</p>
                <p className="whitespace-pre-wrap">{m.body}</p>
                {m.quoted ? (
                  <details>
                    <summary className="cursor-pointer text-slate-500">Quoted history</summary>
                    <p className="whitespace-pre-wrap text-slate-500">{m.quoted}</p>
                  </details>
                ) : null}
                {m.attachments.length ? <p className="text-slate-500">{`Attachments: ${m.attachments.map((a) => `${a.name} (${Math.max(1, Math.round(a.size / 1024))} kB)`).join(", ")}`}</p> : null}
              </li>
            ))}
          </ol>
        ))
      ) : (
        <p className="mt-1 text-slate-500">No e-mails with this candidate in a connected mailbox.</p>
      )}
    </section>
  );
}
