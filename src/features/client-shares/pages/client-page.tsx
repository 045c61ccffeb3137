import { VERDICT_LABELS } from "../model";
import type { ClientView, Closed } from "../client-page";
import { dualTimeText } from "../../scheduling/zone-text";
import { AgencyMark } from "./agency-header";

const CLOSED_TEXT: Record<Closed["state"], { title: string; text: string }> = {
  expired: { title: "This link has expired", text: "The shortlist behind this link is no longer shown. Ask your contact at the agency for a new link." },
  revoked: { title: "This link has been withdrawn", text: "The agency has withdrawn this link. Ask your contact at the agency for a new one if you still need it." },
  unknown: { title: "This link is not valid", text: "Check that the address is complete, or ask your contact at the agency for a new link." },
};

/** An expired, revoked or unknown link: says which, and nothing of the shortlist or its candidates. */
export function ClosedSharePage({ state }: Closed) {
  const t = CLOSED_TEXT[state];
  return (
    <main className="mx-auto max-w-xl px-4 py-12" data-testid="share-closed">
      <h1 className="text-xl font-semibold">{t.title}</h1>
      <p className="mt-2 text-slate-600">{t.text}</p>
    </main>
  );
}

/** /s/{token}: the client contact's cards, one form per candidate (works without JavaScript). */
export function ClientSharePage({ view, token, saved, error }: { view: ClientView; token: string; saved: number | null; error: { candidateId: number; message: string } | null }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <header>
        <AgencyMark agency={view.agency} logoUrl={view.logoUrl} />
        <h1 className="mt-2 text-2xl font-semibold">{view.shortlistName}</h1>
        <p className="mt-1 text-sm text-slate-600">{`For ${view.contactName} · ${view.cards.length} candidate${view.cards.length === 1 ? "" : "s"} · this link works until ${view.expiresOn}`}</p>
      </header>
      <ol className="mt-6 space-y-4">
        {view.cards.map((c, i) => {
          const title = c.name || `Candidate ${i + 1}`;
          const a = c.answer;
          return (
            <li key={c.id} id={`c${c.id}`} className="card" data-candidate={c.id}>
              <article className="card-body space-y-2">
                <h2 className="text-lg font-semibold">{title}</h2>
                {c.role || c.city ? <p className="text-sm text-slate-700">{[c.role, c.city].filter(Boolean).join(" · ")}</p> : null}
                {c.summary ? <p className="text-sm whitespace-pre-line text-slate-700">{c.summary}</p> : null}
                {c.note ? (
                  <p className="border-l-4 border-slate-200 pl-3 text-sm text-slate-700">
                    <span className="font-medium">{`Note from ${view.agency}: `}</span>
                    {c.note}
                  </p>
                ) : null}
                {c.files.length ? (
                  <ul className="text-sm">
                    {c.files.map((f) => (
                      <li key={f.id}>
                        <a className="underline" href={`/s/${token}/files/${f.id}`}>{`CV: ${f.name}`}</a>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {c.email ? (
                  <p className="text-sm">
                    <a className="underline" href={`mailto:${c.email}`}>
                      {c.email}
                    </a>
                  </p>
                ) : null}
                {c.phone ? (
                  <p className="text-sm" data-testid="phone">
                    <a className="underline" href={`tel:${c.phone.replace(/[^\d+]/g, "")}`}>
                      {c.phone}
                    </a>
                  </p>
                ) : null}
                {saved === c.id ? (
                  <p role="status" className="text-sm font-medium text-emerald-700">
                    Thank you, your answer is saved.
                  </p>
                ) : null}
                {error?.candidateId === c.id ? (
                  <p role="alert" className="text-sm font-medium text-red-700">
                    {error.message}
                  </p>
                ) : null}
                {a ? (
                  <p className="text-sm text-slate-600" data-testid="your-answer">
                    {`Your answer: ${[a.verdict ? VERDICT_LABELS[a.verdict] : null, a.interviewRequestedAt ? "interview asked for" : null].filter(Boolean).join(", ") || "comment only"}${a.comment ? ` · “${a.comment}”` : ""}`}
                  </p>
                ) : null}
                {a?.pickedTimes.length ? (
                  <div className="text-sm text-slate-600" data-testid="your-times">
                    <p>Your interview times:</p>
                    <ul className="ml-4 list-disc">
                      {a.pickedTimes.map((t) => (
                        <li key={t.start}>{dualTimeText(new Date(t.start), new Date(t.end), a.pickedTimeZone ?? "UTC")}</li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                {view.canPickTimes && a?.interviewRequestedAt ? (
                  <p className="text-sm">
                    <a className="font-medium underline" href={`/s/${token}/${c.id}/times`}>
                      {a.pickedTimes.length ? "Change your interview times" : "Pick interview times"}
                    </a>
                  </p>
                ) : null}
                <form method="post" action={`/s/${token}/${c.id}`} className="space-y-2">
                  <label className="block text-sm">
                    Comment (optional)
                    <textarea className="input mt-1 w-full" name="comment" rows={2} maxLength={2000} aria-label={`Comment on ${title}`} />
                  </label>
                  <div className="flex flex-wrap gap-2">
                    <button className="btn-primary btn-sm" type="submit" name="verdict" value="interested" aria-pressed={a?.verdict === "interested"}>
                      Interested
                    </button>
                    <button className="btn-outline btn-sm" type="submit" name="verdict" value="not_now" aria-pressed={a?.verdict === "not_now"}>
                      Not now
                    </button>
                    <button className="btn-outline btn-sm" type="submit" name="interview" value="1">
                      Ask for an interview
                    </button>
                  </div>
                  {view.canPickTimes ? <p className="text-xs text-slate-500">Asking for an interview lets you pick times that suit you.</p> : null}
                </form>
              </article>
            </li>
          );
        })}
      </ol>
      <p className="mt-8 text-xs text-slate-500">This page is private to you: please do not forward its address. {`Your answers go to ${view.agency} with your name.`}</p>
    </main>
  );
}

/** Too many requests from one link: how long to wait, nothing else. */
export function WaitPage({ text }: { text: string }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-xl font-semibold">Please wait a moment</h1>
      <p className="mt-2 text-slate-600">{text}</p>
    </main>
  );
}
