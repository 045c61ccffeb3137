import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import { DEFAULT_EXPIRY_DAYS, DEFAULT_INTERVIEW_DURATION, DEFAULT_SHARE_FIELDS, FIELD_LABELS, INTERVIEW_DURATIONS, SHARE_FIELDS, VERDICT_LABELS, type AnswerRow, type Share } from "../model";
import { dualTimeText } from "../../scheduling/zone-text";
import { formatDate } from "../../../lib/when";
import { timeAgo } from "./time-ago";

export interface ShortlistPageData {
  shortlist: { id: number; name: string };
  candidates: { id: number; name: string | null; role: string | null; city: string | null; note: string | null }[];
  shares: Share[];
  answers: AnswerRow[];
  clients: { id: number; name: string; contacts: { id: number; name: string; email: string | null }[] }[];
  now: Date;
  /** The reader's zone: picked interview times are shown in it (and in the contact's beside). */
  timeZone: string;
}

function answerLine(a: AnswerRow): string {
  const what = [a.verdict ? VERDICT_LABELS[a.verdict] : null, a.interviewRequestedAt ? "Asked for an interview" : null].filter(Boolean).join(", ") || "Comment";
  return `${what} by ${a.contactName}`;
}

/** /shortlists/{id}: the members with the recruiter's notes and the clients' answers, the shares, and the Share form (no JavaScript needed). */
export function ShortlistPage({ shell, data }: { shell: Shell; data: ShortlistPageData }) {
  const { shortlist, candidates, shares, answers, clients, now, timeZone } = data;
  const defaultExpiry = new Date(now.getTime() + DEFAULT_EXPIRY_DAYS * 86_400_000).toISOString().slice(0, 10);
  const withEmail = clients.map((c) => ({ ...c, contacts: c.contacts.filter((x) => x.email) })).filter((c) => c.contacts.length);
  return (
    <AppShell shell={shell} title={shortlist.name}>
      <p className="text-sm">
        <a className="underline" href={`/candidates?shortlist=${shortlist.id}`}>
          Candidates
        </a>
      </p>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{shortlist.name}</h1>
        {candidates.length ? (
          // One e-mail to each of its candidates (issue 55), a plain form.
          <a className="btn-outline" href={`/messages/compose?shortlist=${shortlist.id}`}>
            Write to candidates
          </a>
        ) : null}
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section className="card" aria-labelledby="members">
          <h2 className="card-header card-title" id="members">
            Candidates ({candidates.length})
          </h2>
          {candidates.length ? (
            <ul className="card-body divide-y divide-slate-100 text-sm dark:divide-slate-800">
              {candidates.map((c) => {
                const theirs = answers.filter((a) => a.candidateId === c.id);
                return (
                  <li key={c.id} className="space-y-1 py-3" data-candidate={c.id}>
                    <p>
                      <a className="font-medium underline" href={`/candidates/${c.id}`}>
                        {c.name || "Unnamed"}
                      </a>
                      <span className="text-slate-500"> · {[c.role, c.city].filter(Boolean).join(" · ") || "—"}</span>
                    </p>
                    {theirs.map((a) => (
                      <p key={a.shareId} className="text-slate-700" data-testid="client-answer">
                        <strong>{answerLine(a)}</strong>
                        <span className="text-slate-500">{` (${a.clientName})`}</span>
                        {a.comment ? ` · “${a.comment}”` : null}
                        <span className="text-slate-500">{` · ${timeAgo(a.answeredAt, now)}`}</span>
                      </p>
                    ))}
                    {theirs
                      .filter((a) => a.pickedTimes.length)
                      .map((a) => (
                        <PickedTimes key={`p${a.shareId}`} a={a} shortlistId={shortlist.id} timeZone={timeZone} candidate={c.name || "the candidate"} />
                      ))}
                    <form method="post" action={`/shortlists/${shortlist.id}/candidates/${c.id}/note`} className="flex flex-wrap items-end gap-2">
                      <label className="grow text-xs text-slate-500">
                        Your note (a share may show it to the client)
                        <input className="input w-full" name="note" maxLength={2000} defaultValue={c.note ?? ""} aria-label={`Note on ${c.name ?? c.id}`} />
                      </label>
                      <button className="btn-outline btn-sm" type="submit">
                        Save note
                      </button>
                    </form>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="card-body text-sm text-slate-500">No candidates yet. Add them from the candidates page.</p>
          )}
        </section>
        <section className="card" aria-labelledby="share">
          <h2 className="card-header card-title" id="share">
            Share with a client
          </h2>
          {withEmail.length ? (
            <form method="post" action={`/shortlists/${shortlist.id}/shares`} className="card-body space-y-3 text-sm">
              <fieldset>
                <legend className="font-medium">Client contacts</legend>
                {withEmail.map((c) => (
                  <div key={c.id} className="mt-1">
                    <p className="text-slate-500">{c.name}</p>
                    {c.contacts.map((x) => (
                      <label key={x.id} className="flex items-center gap-2">
                        <input type="checkbox" name="contactIds" value={String(x.id)} /> {x.name} <span className="text-slate-500">({x.email})</span>
                      </label>
                    ))}
                  </div>
                ))}
              </fieldset>
              <fieldset>
                <legend className="font-medium">What the client sees</legend>
                {SHARE_FIELDS.map((f) => (
                  <label key={f} className="mr-3 inline-flex items-center gap-1">
                    <input type="checkbox" name="fields" value={f} defaultChecked={DEFAULT_SHARE_FIELDS.includes(f)} /> {FIELD_LABELS[f]}
                  </label>
                ))}
              </fieldset>
              <label className="block">
                Link works until
                <input className="input" type="date" name="expiresAt" defaultValue={defaultExpiry} />
              </label>
              <label className="flex items-center gap-2">
                <input type="checkbox" name="moveApplications" value="true" /> The client's answers move the candidates' applications for the client's jobs
              </label>
              <label className="flex items-center gap-2">
                <input type="checkbox" name="allowScheduling" value="true" /> After "Ask for an interview", the client picks times from my free slots (next two weeks)
              </label>
              <label className="block pl-6 text-slate-600">
                Interview length{" "}
                <select className="input ml-1 w-auto py-1" name="interviewDuration" defaultValue={String(DEFAULT_INTERVIEW_DURATION)}>
                  {INTERVIEW_DURATIONS.map((d) => (
                    <option key={d} value={String(d)}>{`${d} minutes`}</option>
                  ))}
                </select>
              </label>
              <button className="btn-primary btn-sm" type="submit">
                Share
              </button>
            </form>
          ) : (
            <p className="card-body text-sm text-slate-500">
              No client contact with an e-mail address yet.{" "}
              <a className="underline" href="/clients">
                Add one on the Clients page.
              </a>
            </p>
          )}
          {shares.length ? (
            <ul className="card-body divide-y divide-slate-100 border-t border-slate-100 text-sm dark:divide-slate-800 dark:border-slate-800" aria-label="Shares">
              {shares.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-share={s.id}>
                  <span>
                    <strong>{s.contact.name}</strong> ({s.contact.clientName}) · {s.status === "active" ? `until ${formatDate(s.expiresAt, timeZone)}` : s.status}
                    {s.allowScheduling ? <span className="text-slate-500">{` · picks times (${s.interviewDuration} min)`}</span> : null}
                    <span className="text-slate-500"> · {s.lastViewedAt ? `viewed ${timeAgo(s.lastViewedAt, now)}` : "not viewed yet"}</span>
                  </span>
                  {s.status === "active" ? (
                    <form method="post" action={`/shares/${s.id}/revoke`}>
                      <button className="btn-outline btn-sm" type="submit" aria-label={`Revoke the link of ${s.contact.name}`}>
                        Revoke
                      </button>
                    </form>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </div>
    </AppShell>
  );
}

/** The times a contact picked for one candidate, and the one step that offers them to the candidate. */
function PickedTimes({ a, shortlistId, timeZone, candidate }: { a: AnswerRow; shortlistId: number; timeZone: string; candidate: string }) {
  return (
    <div className="rounded-md bg-slate-50 p-2 text-slate-700 dark:bg-slate-900" data-testid="picked-times">
      <p className="font-medium">{`Interview times picked by ${a.contactName}:`}</p>
      <ul className="ml-4 list-disc">
        {a.pickedTimes.map((t) => (
          <li key={t.start}>{dualTimeText(new Date(t.start), new Date(t.end), timeZone, a.pickedTimeZone)}</li>
        ))}
      </ul>
      {a.offeredSessionId ? (
        <p className="mt-1 text-slate-500">Offered to the candidate: they book one from their link.</p>
      ) : (
        <form method="post" action={`/shares/${a.shareId}/candidates/${a.candidateId}/interview-offer?shortlist=${shortlistId}`} className="mt-1">
          <button className="btn-primary btn-sm" type="submit">{`Offer these times to ${candidate}`}</button>
        </form>
      )}
    </div>
  );
}
