import { TimeZoneSwitch } from "../../../ui/time-zone-switch";
import { formatTime, groupByDay, slotLabel, zoneAbbreviation } from "../../scheduling/slot-format";
import { MAX_PICKS } from "../model";
import type { TimesView } from "../interview-picks";
import { AgencyMark } from "./agency-header";

// A time is a label around a checkbox; :has(:checked) marks the chosen ones (no script needed).
const TIME =
  "flex cursor-pointer items-center justify-center rounded-md border border-slate-300 px-2 py-2 text-sm hover:border-brand-500 has-checked:border-brand-600 has-checked:bg-brand-600 has-checked:text-white has-focus-visible:ring-2 has-focus-visible:ring-brand-500";

/**
 * /s/{token}/{candidateId}/times: the recruiter's free starts of the next two weeks, in the
 * contact's zone (a GET form switches it; the recruiter's zone by default, named), as
 * checkboxes; up to 3 are sent. Plain HTML, works without JavaScript and on a phone.
 */
export function TimesPage({ v, token, tz, error }: { v: TimesView; token: string; tz: string; error: string | null }) {
  const slots = v.starts.map((s) => ({ id: String(s), startTime: new Date(s).toISOString(), endTime: new Date(s + v.duration * 60_000).toISOString() }));
  const picked = new Set((v.card.answer?.pickedTimes ?? []).map((p) => String(Date.parse(p.start))));
  const abbr = slots[0] ? zoneAbbreviation(slots[0].startTime, tz) : "";
  return (
    <main className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <header>
        <AgencyMark agency={v.client.agency} logoUrl={v.client.logoUrl} />
        <h1 className="mt-2 text-2xl font-semibold">{`Interview times for ${v.title}`}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {`Pick up to ${MAX_PICKS} times that suit you for a ${v.duration}-minute interview. ${v.sharerName} at ${v.client.agency} offers them to the candidate, who books one.`}
        </p>
      </header>
      {slots.length ? <TimeZoneSwitch current={tz} sessionZone={v.sharerZone} /> : null}
      <form method="post" action={`/s/${token}/${v.card.id}/times`} className="card card-body mt-4">
        <input type="hidden" name="timeZone" value={tz} />
        {error ? (
          <p role="alert" className="mb-2 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        {slots.length ? (
          <>
            <p className="text-sm text-slate-500" data-testid="tz-note">{`Times in ${tz}${abbr && abbr !== tz ? ` (${abbr})` : ""}`}</p>
            {groupByDay(slots, tz).map((g) => (
              <fieldset key={g.date} className="mt-4">
                <legend className="mb-2 text-sm font-semibold">{g.heading}</legend>
                <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
                  {g.slots.map((s) => (
                    <label key={s.id} className={TIME}>
                      <input type="checkbox" name="start" value={s.id} defaultChecked={picked.has(s.id)} className="sr-only" aria-label={slotLabel(s.startTime, s.endTime, tz)} />
                      <span aria-hidden="true">{formatTime(s.startTime, tz)}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
            <div className="mt-6 flex flex-wrap items-center gap-3">
              <button type="submit" className="btn-primary">
                Send these times
              </button>
              <a className="text-sm underline" href={`/s/${token}#c${v.card.id}`}>
                Back to the shortlist
              </a>
            </div>
          </>
        ) : (
          <div className="py-4">
            <p className="font-medium">No free times in the next two weeks</p>
            <p className="mt-1 text-sm text-slate-600">{`${v.sharerName} knows you asked for an interview and will propose times.`}</p>
            <a className="mt-3 inline-block text-sm underline" href={`/s/${token}#c${v.card.id}`}>
              Back to the shortlist
            </a>
          </div>
        )}
      </form>
    </main>
  );
}
