import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import { type AvailabilityForm, DAY_NAMES, FORM_DAYS } from "../availability-form";

export interface AvailabilityPageProps {
  shell: Shell;
  /** The form's values: the saved availability, or what was posted when it was refused. */
  form: AvailabilityForm;
  /** The member whose availability this is, and the others a manager may choose. */
  member: { id: number; name: string };
  members: { id: number; name: string }[] | null;
  zones: string[];
  error?: { message: string; field?: string } | null;
  /** The workspace's limits on candidates' own changes; editable by owners and admins. */
  changes: { candidateChangeCutoffHours: string; maxCandidateMoves: string; editable: boolean; error?: { message: string; field?: string } | null };
}

/**
 * Settings → Availability (issue 36 item 1). A plain form: it works without JavaScript, one text
 * field a weekday so several ranges a day need no buttons to add rows.
 */
export function AvailabilityPage({ shell, form, member, members, zones, error, changes }: AvailabilityPageProps) {
  const own = member.id === shell.user.id;
  const action = own ? "/settings/availability" : `/settings/availability?userId=${member.id}`;
  const invalid = (field: string) => (error?.field === field ? { "aria-invalid": true as const, "aria-describedby": "availability-error" } : {});
  return (
    <AppShell shell={shell} title="Availability" wide={false}>
      <h1 className="text-2xl font-semibold">Availability</h1>
      <p className="mt-1 text-sm text-slate-500">
        The hours candidates may book interviews with {own ? "you" : member.name} when a session offers free times. Busy times in the calendar and Frank's own interviews are always left out.
      </p>
      {members && members.length > 1 ? (
        <form method="get" action="/settings/availability" className="mt-4 flex items-end gap-2">
          <div>
            <label className="label" htmlFor="availability-member">
              Member
            </label>
            <select className="input" id="availability-member" name="userId" defaultValue={String(member.id)}>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-outline">
            Show
          </button>
        </form>
      ) : null}
      {error ? (
        <p id="availability-error" role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-700 dark:bg-red-950 dark:text-red-200">
          {error.message}
        </p>
      ) : null}
      <form method="post" action={action} className="card mt-4" data-testid="availability-form">
        <div className="card-body space-y-5">
          <div>
            <label className="label" htmlFor="timeZone">
              Time zone
            </label>
            <select className="input" id="timeZone" name="timeZone" defaultValue={form.timeZone} {...invalid("timeZone")}>
              {(zones.includes(form.timeZone ?? "") ? zones : [form.timeZone ?? "UTC", ...zones]).map((z) => (
                <option key={z} value={z}>
                  {z.replaceAll("_", " ")}
                </option>
              ))}
            </select>
          </div>
          <fieldset>
            <legend className="label">Weekly hours</legend>
            <p className="text-xs text-slate-500">Times like 09:00-12:00, 13:00-17:00. Leave a day empty when you are not available.</p>
            <div className="mt-2 grid gap-2">
              {FORM_DAYS.map((d) => (
                <div key={d} className="grid grid-cols-[7rem_1fr] items-center gap-2">
                  <label htmlFor={`day${d}`} className="text-sm">
                    {DAY_NAMES[d]}
                  </label>
                  <input className="input" id={`day${d}`} name={`day${d}`} defaultValue={form[`day${d}`] ?? ""} placeholder="Not available" maxLength={200} {...invalid(`day${d}`)} />
                </div>
              ))}
            </div>
          </fieldset>
          <div>
            <label className="label" htmlFor="overrides">
              Dates that differ
            </label>
            <p id="overrides-help" className="text-xs text-slate-500">
              One date a line: 2026-12-24 09:00-12:00 for other hours, 2026-12-25 off for a day off.
            </p>
            <textarea
              className="input min-h-24 font-mono"
              id="overrides"
              name="overrides"
              defaultValue={form.overrides ?? ""}
              maxLength={20000}
              aria-describedby="overrides-help"
              {...invalid("overrides")}
            />
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <NumberField name="bufferBeforeMinutes" label="Buffer before (minutes)" value={form.bufferBeforeMinutes} invalid={invalid("bufferBeforeMinutes")} />
            <NumberField name="bufferAfterMinutes" label="Buffer after (minutes)" value={form.bufferAfterMinutes} invalid={invalid("bufferAfterMinutes")} />
            <NumberField name="minimumNoticeMinutes" label="Minimum notice (minutes)" value={form.minimumNoticeMinutes} invalid={invalid("minimumNoticeMinutes")} />
            <NumberField name="maxInterviewsPerDay" label="Interviews a day at most (empty: no limit)" value={form.maxInterviewsPerDay} invalid={invalid("maxInterviewsPerDay")} />
          </div>
          <button type="submit" className="btn-primary">
            Save availability
          </button>
        </div>
      </form>
      <CandidateChangesForm {...changes} />
    </AppShell>
  );
}

/**
 * The workspace's limits on what a candidate may change on their own page (issue 36 item 6):
 * past the cut-off or the number of moves, their page says whom to contact.
 */
function CandidateChangesForm({ candidateChangeCutoffHours, maxCandidateMoves, editable, error }: AvailabilityPageProps["changes"]) {
  const invalid = (field: string) => (error?.field === field ? { "aria-invalid": true as const, "aria-describedby": "changes-error" } : {});
  return (
    <form method="post" action="/settings/availability/candidate-changes" className="card mt-6" data-testid="candidate-changes-form">
      <div className="card-body space-y-4">
        <div>
          <h2 className="text-lg font-semibold">Candidates' changes</h2>
          <p className="mt-1 text-sm text-slate-500">
            For the whole workspace: how close to the interview a candidate may still move or cancel it on their own page, and how many times they may move one interview. After that, their page says
            whom to contact.{editable ? "" : " Owners and admins can change these."}
          </p>
        </div>
        {error ? (
          <p id="changes-error" role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-700 dark:bg-red-950 dark:text-red-200">
            {error.message}
          </p>
        ) : null}
        <fieldset disabled={!editable} className="grid gap-3 sm:grid-cols-2">
          <NumberField name="candidateChangeCutoffHours" label="Changes allowed until (hours before the start)" value={candidateChangeCutoffHours} invalid={invalid("candidateChangeCutoffHours")} />
          <NumberField name="maxCandidateMoves" label="Moves allowed per interview" value={maxCandidateMoves} invalid={invalid("maxCandidateMoves")} />
        </fieldset>
        {editable ? (
          <button type="submit" className="btn-primary">
            Save limits
          </button>
        ) : null}
      </div>
    </form>
  );
}

function NumberField({ name, label, value, invalid }: { name: string; label: string; value: string | undefined; invalid: object }) {
  return (
    <div>
      <label className="label" htmlFor={name}>
        {label}
      </label>
      <input className="input" id={name} name={name} type="number" min={0} step={1} inputMode="numeric" defaultValue={value ?? ""} {...invalid} />
    </div>
  );
}
