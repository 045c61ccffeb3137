import { useState } from "react";
import { api, ApiError, serverMessage } from "../../../client/api";
import { toast } from "../../../client/toast";
import { SCREENING_PROGRESS, stageLabel } from "../../candidates/classify";
import type { Participant } from "../../candidates/model";
import type { CandidatePageData } from "../page-data";
import type { ActivityItem } from "../activity";
import { formatDateTime } from "../../../lib/when";
import type { CandidateActivityAnswer, ParticipantAnswer } from "../../../client/answers";

type Props = Omit<CandidatePageData, "pipeline" | "files" | "suggestedJobs" | "messages">;
type Editable = Exclude<keyof Participant, "id" | "uniqueId" | "stages" | "jobId" | "campaignId" | "createdAt" | "lastUpdated" | "shortlistId" | "matchReason" | "isTest">;

const SHORT_FIELDS: [Editable, string, string][] = [
  ["name", "Name", "text"],
  ["emailAddress", "E-mail", "email"],
  ["phone", "Phone", "tel"],
  ["city", "City", "text"],
  ["roleApplied", "Role applied", "text"],
  ["jobTitle", "Current job title", "text"],
  ["linkedinUrl", "LinkedIn URL", "url"],
  ["industry", "Industry", "text"],
  ["visaStatus", "Visa status", "text"],
  ["salaryExpectation", "Salary expectation", "text"],
  ["availability", "Availability", "text"],
  ["skills", "Skills (comma-separated)", "text"],
];
const LONG_FIELDS: [Editable, string][] = [
  ["summary", "Summary"],
  ["prequalifier", "Prequalifier conversation"],
  ["assessment", "Assessment"],
  ["voiceTranscript", "Voice interview transcript"],
];

// A coloured dot per kind of entry (no emoji: servers and phones may lack the font).
const DOTS: Record<ActivityItem["type"], string> = {
  applied: "bg-brand-500",
  applied_again: "bg-brand-500",
  imported: "bg-brand-500",
  stage: "bg-green-500",
  edited: "bg-slate-400",
  merged: "bg-slate-400",
  note: "bg-yellow-500",
  shortlist: "bg-orange-500",
  session: "bg-sky-500",
  interview: "bg-sky-600",
  email: "bg-slate-500",
  pipeline: "bg-green-600",
  message: "bg-indigo-500",
};

const stageBadge = (s: number) => (s >= 5 ? "badge-success" : s >= 3 ? "badge-warning" : "badge-secondary");

/** The candidate page: edit every field, change the stage, add notes, see the timeline, export or erase. */
export default function CandidateRecord(props: Props) {
  const [p, setP] = useState(props.participant);
  const [activity, setActivity] = useState(props.activity);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const base = `/api/participants/${p.id}`;

  const refresh = () =>
    api<CandidateActivityAnswer>(`${base}/activity`)
      .then((r) => setActivity(r.activity))
      .catch(() => {});

  async function patch(body: Record<string, unknown>, done: string) {
    setBusy(true);
    try {
      const next = await api<ParticipantAnswer>(base, { method: "PATCH", body });
      setP(next);
      setErrors({});
      toast({ title: done, variant: "success" });
      await refresh();
    } catch (e) {
      if (e instanceof ApiError && e.body?.fields) setErrors(e.body.fields);
      toast({ title: "Not saved", description: serverMessage(e) ?? "Please try again.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  function save(e: { preventDefault(): void; currentTarget: HTMLFormElement }) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body: Record<string, unknown> = {};
    for (const [k] of [...SHORT_FIELDS, ...LONG_FIELDS]) body[k] = String(form.get(k) ?? "");
    body.isTest = form.get("isTest") === "on";
    void patch(body, "Candidate saved");
  }

  async function addNote(e: { preventDefault(): void }) {
    e.preventDefault();
    if (!note.trim()) return void toast({ title: "Please write a note", variant: "destructive" });
    setBusy(true);
    try {
      await api(`${base}/notes`, { body: { body: note } });
      setNote("");
      toast({ title: "Note added", variant: "success" });
      await refresh();
    } catch (err) {
      toast({ title: "Note not added", description: serverMessage(err) ?? "Please try again.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  async function erase() {
    if (!confirm(`Delete ${p.name || "this candidate"} and everything about them? This cannot be undone.`)) return;
    try {
      await api(base, { method: "DELETE" });
      location.assign("/dashboard");
    } catch (err) {
      toast({ title: "Not deleted", description: serverMessage(err) ?? "Please try again.", variant: "destructive" });
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section className="card" aria-labelledby="candidate-title">
        <div className="card-header flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 id="candidate-title" className="text-xl font-semibold">
              {p.name || "Unnamed candidate"}
            </h1>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-500">
              <span>Candidate #{p.id}</span>
              <span>{`${SCREENING_PROGRESS}:`}</span>
              <span className={stageBadge(p.stages)} data-testid="stage-badge">
                {stageLabel(p.stages)}
              </span>
              {p.isTest ? <span className="badge-warning">Test data</span> : null}
              {props.shortlists.map((s) => (
                <span key={s} className="badge-secondary">
                  Shortlist: {s}
                </span>
              ))}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <a className="btn-outline btn-sm" href={`${base}/export`} download>
              Export data
            </a>
            <form method="post" action={`/candidates/${p.id}/delete`} onSubmit={(e) => (e.preventDefault(), void erase())}>
              <button type="submit" className="btn-destructive btn-sm">
                Delete
              </button>
            </form>
          </div>
        </div>
        <div className="card-body space-y-5">
          <form method="post" action={`/candidates/${p.id}`} className="flex flex-wrap items-end gap-2" onSubmit={(e) => e.preventDefault()}>
            <div>
              <label className="label" htmlFor="stage">
                {SCREENING_PROGRESS}
              </label>
              <select
                id="stage"
                name="stages"
                aria-describedby="stage-help"
                className="input"
                value={String(p.stages)}
                disabled={busy}
                onChange={(e) => void patch({ stages: Number((e.target as HTMLSelectElement).value) }, `${SCREENING_PROGRESS} changed`)}
              >
                {props.stages.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.value} · {s.label}
                  </option>
                ))}
              </select>
            </div>
            <p id="stage-help" className="basis-full text-xs text-slate-500 dark:text-slate-400">
              Where the candidate is in screening (1–5): the candidate pages move it, or you do. Each job application has its own pipeline stage, on that job's board.
            </p>
            <noscript>
              <button type="submit" className="btn-outline">
                {`Change ${SCREENING_PROGRESS.toLowerCase()}`}
              </button>
            </noscript>
          </form>
          <form method="post" action={`/candidates/${p.id}`} onSubmit={save} className="space-y-4" aria-label="Candidate details" noValidate>
            <div className="grid gap-3 sm:grid-cols-2">
              {SHORT_FIELDS.map(([k, label, type]) => (
                <div key={k}>
                  <label className="label" htmlFor={`f-${k}`}>
                    {label}
                  </label>
                  <input
                    id={`f-${k}`}
                    name={k}
                    type={type}
                    className="input"
                    defaultValue={(p[k] as string | null) ?? ""}
                    aria-invalid={errors[k] ? true : undefined}
                    aria-describedby={errors[k] ? `e-${k}` : undefined}
                  />
                  {errors[k] ? (
                    <p id={`e-${k}`} className="mt-1 text-xs text-red-600">
                      {errors[k]}
                    </p>
                  ) : null}
                </div>
              ))}
            </div>
            {LONG_FIELDS.map(([k, label]) => (
              <div key={k}>
                <label className="label" htmlFor={`f-${k}`}>
                  {label}
                </label>
                <textarea id={`f-${k}`} name={k} rows={4} className="input" defaultValue={(p[k] as string | null) ?? ""} />
                {errors[k] ? <p className="mt-1 text-xs text-red-600">{errors[k]}</p> : null}
              </div>
            ))}
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="isTest" defaultChecked={p.isTest} /> Test data (made by a developer or test page)
            </label>
            <div className="flex items-center justify-between gap-2">
              <p className="text-xs text-slate-500">
                Applied {formatDateTime(p.createdAt, props.timeZone)} · last updated {formatDateTime(p.lastUpdated, props.timeZone)}
              </p>
              <button type="submit" className="btn-primary" disabled={busy}>
                Save changes
              </button>
            </div>
          </form>
        </div>
      </section>
      <div className="space-y-6">
        <section className="card" aria-labelledby="notes-title">
          <div className="card-header">
            <h2 id="notes-title" className="card-title">
              Add a note
            </h2>
          </div>
          <form method="post" action={`/candidates/${p.id}/notes`} className="card-body space-y-2" onSubmit={addNote}>
            <label className="sr-only" htmlFor="note">
              Note
            </label>
            <textarea
              id="note"
              name="body"
              rows={3}
              className="input"
              placeholder="What did you learn about this candidate?"
              value={note}
              onInput={(e) => setNote((e.target as HTMLTextAreaElement).value)}
            />
            <button type="submit" className="btn-primary btn-sm" disabled={busy}>
              Add note
            </button>
          </form>
        </section>
        <section className="card" aria-labelledby="activity-title">
          <div className="card-header">
            <h2 id="activity-title" className="card-title">
              Activity
            </h2>
          </div>
          <ol className="card-body space-y-3" data-testid="timeline">
            {activity.length ? (
              activity.map((a, i) => (
                <li key={`${a.type}-${a.at}-${i}`} className="flex gap-3 text-sm" data-type={a.type}>
                  <span aria-hidden="true" className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${DOTS[a.type] ?? "bg-slate-400"}`} />
                  <div className="min-w-0">
                    <p className="break-words whitespace-pre-wrap">{a.text}</p>
                    <time className="text-xs text-slate-500" dateTime={a.at}>
                      {formatDateTime(a.at, props.timeZone)}
                    </time>
                  </div>
                </li>
              ))
            ) : (
              <li className="text-sm text-slate-500">No activity yet</li>
            )}
          </ol>
        </section>
      </div>
    </div>
  );
}
