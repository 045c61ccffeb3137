import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import type { CandidatePageSettings } from "../settings-service";
import { INTRO_CALL_MINUTES, WEEKDAYS } from "../model";
import type { WorkspaceSite } from "../../auth/workspace-site";
import { SiteSettingsCard } from "./site-settings-card";
import { EmbedSettingsCard } from "./embed-settings-card";
import { ZoneSettingsCard } from "./zone-settings-card";

export interface SettingsPageProps {
  shell: Shell;
  appUrl: string;
  settings: CandidatePageSettings & { allowedOrigins: string[] };
  /** The workspace's own site and its /terms and /help texts. */
  site: WorkspaceSite;
  /** The workspace's time zone. */
  workspaceZone: string;
  jobs: { id: number; title: string; custom: boolean }[];
  /** The job whose assessment questions are shown. */
  job: { jobId: number; title: string; questions: string[]; isDefault: boolean } | null;
}

// Monday first, as people read a week; day numbers stay 0 = Sunday.
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

/** /settings/candidate-pages: intro-call availability, assessment questions per job, outside URLs. */
export function SettingsPage({ shell, appUrl, settings: s, site, workspaceZone, jobs, job }: SettingsPageProps) {
  const byDay = new Map(s.weekly.map((w) => [w.day, w]));
  return (
    <AppShell shell={shell} title="Candidate pages" wide={false}>
      <h1 className="text-2xl font-semibold">Candidate pages</h1>
      <p className="mt-1 text-sm text-slate-500">
        What candidates see at{" "}
        <a className="text-brand-600 underline" href="/prequalifier">
          {appUrl}/prequalifier
        </a>
        ,{" "}
        <a className="text-brand-600 underline" href="/assessment">
          /assessment
        </a>{" "}
        and{" "}
        <a className="text-brand-600 underline" href="/scheduleacall">
          /scheduleacall
        </a>
        . A campaign link adds <code>?c=CODE</code>, which files the candidate under that campaign's job.
      </p>

      <ZoneSettingsCard timeZone={workspaceZone} />

      <section className="card mt-6">
        <div className="card-header">
          <h2 className="card-title">Intro calls</h2>
          <p className="text-sm text-slate-500">Candidates book a short call within these weekly hours, in your calendar.</p>
        </div>
        <form method="post" action="/settings/candidate-pages/availability" className="card-body space-y-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label className="label" htmlFor="introCallMinutes">
                Call length
              </label>
              <select className="input" id="introCallMinutes" name="introCallMinutes" defaultValue={String(s.introCallMinutes)}>
                {INTRO_CALL_MINUTES.map((m) => (
                  <option key={m} value={m}>
                    {m} minutes
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label className="label" htmlFor="timeZone">
                Time zone
              </label>
              <input className="input" id="timeZone" name="timeZone" defaultValue={s.timeZone} placeholder="e.g. Australia/Melbourne" maxLength={64} />
            </div>
          </div>
          {/* A day a row: on a phone the day stands above its two times, which share the width. */}
          <div className="text-sm">
            {WEEK_ORDER.map((d) => {
              const w = byDay.get(d);
              return (
                <div key={d} className="grid grid-cols-[1fr_auto_1fr] items-center gap-x-2 gap-y-1 border-t border-slate-100 py-2 sm:grid-cols-[9rem_1fr_auto_1fr]">
                  <label className="col-span-3 flex items-center gap-2 sm:col-span-1">
                    <input type="checkbox" name={`on_${d}`} defaultChecked={!!w} className="h-4 w-4" /> {WEEKDAYS[d]}
                  </label>
                  <input className="input min-w-0" type="time" step={900} name={`start_${d}`} aria-label={`${WEEKDAYS[d]} from`} defaultValue={w?.start ?? "09:00"} />
                  <span className="text-slate-500">to</span>
                  <input className="input min-w-0" type="time" step={900} name={`end_${d}`} aria-label={`${WEEKDAYS[d]} until`} defaultValue={w?.end ?? "17:00"} />
                </div>
              );
            })}
          </div>
          <button type="submit" className="btn-primary">
            Save availability
          </button>
        </form>
      </section>

      <section className="card mt-6">
        <div className="card-header">
          <h2 className="card-title">Assessment questions</h2>
          <p className="text-sm text-slate-500">Asked one at a time to candidates of the job. Without your own, a default set is used.</p>
        </div>
        <div className="card-body">
          {jobs.length === 0 ? (
            <p className="text-sm text-slate-500">No jobs created yet. Create a job on the dashboard first.</p>
          ) : (
            <>
              <form method="get" action="/settings/candidate-pages" className="mb-4 flex items-end gap-2">
                <div className="flex-1">
                  <label className="label" htmlFor="job">
                    Job
                  </label>
                  <select className="input" id="job" name="job" defaultValue={job ? String(job.jobId) : undefined}>
                    {jobs.map((j) => (
                      <option key={j.id} value={j.id}>
                        {j.title}
                        {j.custom ? "" : " (default questions)"}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" className="btn-outline">
                  Show
                </button>
              </form>
              {job ? (
                <form method="post" action="/settings/candidate-pages/questions" className="space-y-3">
                  <input type="hidden" name="jobId" value={job.jobId} />
                  <label className="label" htmlFor="questions">
                    Questions for {job.title} (one per line)
                  </label>
                  <textarea className="input" id="questions" name="questions" rows={8} defaultValue={job.questions.join("\n")} />
                  <p className="text-xs text-slate-500">{job.isDefault ? "These are the default questions." : "Clear the box to go back to the default questions."}</p>
                  <button type="submit" className="btn-primary">
                    Save questions
                  </button>
                </form>
              ) : null}
            </>
          )}
        </div>
      </section>

      <section className="card mt-6">
        <div className="card-header">
          <h2 className="card-title">Outside chatbot or scheduler</h2>
          <p className="text-sm text-slate-500">Leave empty to use Frank's own. A URL set here is loaded in a frame on that page instead.</p>
        </div>
        <form method="post" action="/settings/candidate-pages/urls" className="card-body space-y-3">
          {(
            [
              ["prequalifierUrl", "Prequalifier chatbot URL", s.prequalifierUrl],
              ["assessmentUrl", "Assessment chatbot URL", s.assessmentUrl],
              ["schedulerUrl", "Scheduler URL", s.schedulerUrl],
            ] as const
          ).map(([name, label, value]) => (
            <div key={name}>
              <label className="label" htmlFor={name}>
                {label}
              </label>
              <input className="input" id={name} name={name} type="url" placeholder="https://" defaultValue={value ?? ""} maxLength={2000} />
            </div>
          ))}
          <button type="submit" className="btn-primary">
            Save URLs
          </button>
        </form>
      </section>

      <EmbedSettingsCard origins={s.allowedOrigins} />

      <SiteSettingsCard site={site} />
    </AppShell>
  );
}
