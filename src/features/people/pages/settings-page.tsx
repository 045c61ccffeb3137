import { formatDate } from "../../../lib/when";
import { memberZone } from "../../../lib/time-zone";
import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import type { CandidateSettings } from "../../candidates/settings";
import type { Participant } from "../../candidates/model";

export interface CandidateSettingsPageData {
  settings: CandidateSettings;
  duplicates: { emailAddress: string; candidates: Participant[] }[];
  testData: number;
}

/** /candidates/settings: buckets, privacy notice, retention, test data and duplicates. Plain forms (303 back here). */
export function CandidateSettingsPage({ shell, data }: { shell: Shell; data: CandidateSettingsPageData }) {
  const s = data.settings;
  return (
    <AppShell shell={shell} title="Candidate settings">
      <h1 className="text-2xl font-semibold">Candidate settings</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <form method="post" action="/candidates/settings" className="card" aria-labelledby="buckets-title">
          <div className="card-header">
            <h2 id="buckets-title" className="card-title">
              Locations and roles
            </h2>
            <p className="text-sm text-slate-500">The buckets of the analytics and the filters, one per line; everything else is Other.</p>
          </div>
          <div className="card-body grid gap-3 sm:grid-cols-2">
            <div>
              <label className="label" htmlFor="locations">
                Locations
              </label>
              <textarea id="locations" name="locations" rows={7} className="input" defaultValue={s.locations.join("\n")} />
            </div>
            <div>
              <label className="label" htmlFor="roles">
                Roles
              </label>
              <textarea id="roles" name="roles" rows={7} className="input" defaultValue={s.roles.join("\n")} />
            </div>
            <button type="submit" className="btn-primary sm:col-span-2">
              Save buckets
            </button>
          </div>
        </form>
        <form method="post" action="/candidates/settings" className="card" aria-labelledby="privacy-title">
          <div className="card-header">
            <h2 id="privacy-title" className="card-title">
              Privacy
            </h2>
            <p className="text-sm text-slate-500">Shown to candidates before the first question of the prequalifier and the assessment.</p>
          </div>
          <div className="card-body space-y-3">
            <div>
              <label className="label" htmlFor="privacyNotice">
                Notice
              </label>
              <textarea id="privacyNotice" name="privacyNotice" rows={5} className="input" defaultValue={s.privacyNotice} />
            </div>
            <div>
              <label className="label" htmlFor="privacyPolicyUrl">
                Policy link
              </label>
              <input id="privacyPolicyUrl" name="privacyPolicyUrl" className="input" defaultValue={s.privacyPolicyUrl} />
            </div>
            <div>
              <label className="label" htmlFor="retentionMonths">
                Erase candidates with no activity for (months)
              </label>
              <input id="retentionMonths" name="retentionMonths" type="number" min={1} max={120} className="input" placeholder="Off" defaultValue={s.retentionMonths ?? ""} />
              <p className="mt-1 text-xs text-slate-500">Empty: never (the default).</p>
            </div>
            <button type="submit" className="btn-primary">
              Save privacy settings
            </button>
          </div>
        </form>
        <section className="card" aria-labelledby="dupes-title">
          <div className="card-header">
            <h2 id="dupes-title" className="card-title">
              Duplicates
            </h2>
            <p className="text-sm text-slate-500">
              Candidates sharing an e-mail address. Merging keeps the oldest record, fills its empty fields from the others and moves their notes, shortlists, sessions and interviews.
            </p>
          </div>
          <div className="card-body space-y-3">
            {data.duplicates.length ? (
              data.duplicates.map((d) => (
                <form key={d.emailAddress} method="post" action="/candidates/merge" className="rounded-md border border-slate-200 p-3 text-sm">
                  <p className="font-medium">{d.emailAddress}</p>
                  <ul className="my-2 space-y-1">
                    {d.candidates.map((c, i) => (
                      <li key={c.id}>
                        <a className="text-brand-600 hover:underline" href={`/candidates/${c.id}`}>
                          #{c.id} {c.name || "Unnamed"}
                        </a>
                        <span className="text-slate-500">
                          {" "}
                          · {c.city || "—"} · applied {formatDate(c.createdAt, memberZone(shell.user))}
                        </span>
                        {i === 0 ? <span className="badge-secondary ml-2">kept</span> : <input type="hidden" name="mergeIds" value={c.id} />}
                      </li>
                    ))}
                  </ul>
                  <input type="hidden" name="keepId" value={d.candidates[0]!.id} />
                  <button type="submit" className="btn-outline btn-sm">{`Merge into #${d.candidates[0]!.id}`}</button>
                </form>
              ))
            ) : (
              <p className="text-sm text-slate-500">No duplicates: every e-mail belongs to one candidate.</p>
            )}
          </div>
        </section>
        <form method="post" action="/candidates/test-data/delete" className="card" aria-labelledby="test-title">
          <div className="card-header">
            <h2 id="test-title" className="card-title">
              Test data
            </h2>
            <p className="text-sm text-slate-500">Candidates made by the developer and test pages (seed, shortlist test, meeting detection, chat events).</p>
          </div>
          <div className="card-body">
            <button type="submit" className="btn-destructive" disabled={!data.testData}>
              Remove {data.testData} test candidate{data.testData === 1 ? "" : "s"}
            </button>
          </div>
        </form>
      </div>
    </AppShell>
  );
}
