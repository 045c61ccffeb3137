import { formatDateTime } from "../../../lib/when";
import type { MessageView } from "../model";

const who = (m: MessageView) => (m.from.name ? `${m.from.name} <${m.from.address}>` : m.from.address);

/** Where a message written in Frank stands: sending, sent, or failed with the reason. */
function SendState({ m }: { m: MessageView }) {
  if (!m.state) return null;
  if (m.state === "sent") return <span className="badge-success ml-2">Sent</span>;
  if (m.state === "failed")
    return (
      <span className="ml-2 text-red-700 dark:text-red-400" data-state="failed">
        <span className="badge-destructive">Failed</span> {m.error ?? ""}
      </span>
    );
  return (
    <span className="ml-2 text-slate-500" data-state="pending">
      <span className="badge-secondary">Sending…</span>
      {m.error ? ` Trying again: ${m.error}` : ""}
    </span>
  );
}

const CV_TYPES = /pdf|msword|wordprocessingml|rtf|text\/plain/;

/** The attachments, named; a CV-like one of an e-mail still in a mailbox can be kept in one click. */
function Attachments({ m }: { m: MessageView }) {
  return (
    <ul className="mt-1 text-slate-500" aria-label="Attachments">
      {m.attachments.map((a, i) => (
        <li key={i} className="flex flex-wrap items-center gap-2">
          <span>{`📎 ${a.name} (${Math.max(1, Math.round(a.size / 1024))} kB)`}</span>
          {m.inMailbox && CV_TYPES.test(a.type) ? (
            <form method="post" action={`/messages/${m.id}/attachments/${i}/keep`}>
              <button type="submit" className="btn-outline btn-sm">
                {m.participantId ? "Add to CVs" : "Make a candidate draft"}
              </button>
            </form>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * A person's e-mails, grouped by thread (a reply under the message it answers), quoted history
 * folded, attachments named; each thread can be marked private. No script.
 */
export function MessageThreads({ messages, title, empty, timeZone }: { messages: MessageView[]; title: string; empty: string; timeZone: string }) {
  const threads = new Map<string, MessageView[]>();
  for (const m of [...messages].reverse()) threads.set(m.threadKey, [...(threads.get(m.threadKey) ?? []), m]);
  return (
    <section className="card card-body mt-4 text-sm" aria-labelledby="person-messages" data-testid="candidate-messages" id="messages">
      <h2 id="person-messages" className="font-semibold">
        {title}
      </h2>
      {threads.size ? (
        [...threads.values()].reverse().map((thread) => (
          <div key={thread[0]!.threadKey} className="mt-3">
            <ol className="space-y-3 border-l-2 border-slate-200 pl-3 dark:border-slate-700" data-thread={thread[0]!.threadKey}>
              {thread.map((m) => (
                <li key={m.id} data-message={m.id} data-direction={m.direction}>
                  <p className="text-slate-500">
                    {`${m.direction === "in" ? "From" : "Sent by"} ${who(m)} · ${formatDateTime(m.sentAt, timeZone)}`}
                    <SendState m={m} />
                  </p>
                  <p className="font-medium">{m.subject || "(no subject)"}</p>
                  <p className="whitespace-pre-wrap break-words">{m.body}</p>
                  {m.quoted ? (
                    <details>
                      <summary className="cursor-pointer text-slate-500">Quoted history</summary>
                      <p className="whitespace-pre-wrap break-words text-slate-500">{m.quoted}</p>
                    </details>
                  ) : null}
                  {m.attachments.length ? <Attachments m={m} /> : null}
                </li>
              ))}
            </ol>
            <form method="post" action={`/messages/${thread[0]!.id}/private`} className="mt-1 pl-3">
              <button type="submit" className="text-xs text-slate-500 underline">
                Mark private<span className="sr-only">{` the thread ‘${thread[0]!.subject}’`}</span> (delete from Frank, never sync again)
              </button>
            </form>
          </div>
        ))
      ) : (
        <p className="mt-1 text-slate-500">{empty}</p>
      )}
    </section>
  );
}
