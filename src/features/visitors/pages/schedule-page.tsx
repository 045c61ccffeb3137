import { renderToStaticMarkup } from "react-dom/server";
import { formatLongDate, formatTime, groupByDay, zoneAbbreviation, type TimeSlot } from "../../scheduling/slots";
import { PREQUALIFIER_FIRST, type IntroCallOptions } from "../intro-call-service";

/** At most this many days of slots on the page (keeps it small; the rest come as days pass). */
const DAYS_SHOWN = 7;
// Styled from the parent: a page of a hundred slots repeats no class string.
const SLOTS =
  "flex flex-wrap gap-2 [&>label]:flex [&>label]:cursor-pointer [&>label]:items-center [&>label]:gap-1.5 [&>label]:rounded-md [&>label]:border [&>label]:border-slate-300 [&>label]:px-2.5 [&>label]:py-1.5 [&>label]:text-sm [&>label:has(:checked)]:border-brand-600 [&>label:has(:checked)]:bg-brand-50 [&_input]:accent-brand-600";

export interface SchedulePageProps {
  options: IntroCallOptions;
  code: string | null;
  error?: string | null;
  fieldErrors?: Record<string, string>;
  values?: { name?: string; email?: string; start?: string };
  /** Just booked: the confirmation. */
  justBooked?: boolean;
  /** A mail transport is set; otherwise no e-mail is promised. */
  emailConfigured?: boolean;
}

/** /scheduleacall: a plain form (no script) to book a short intro call within the published availability. */
export function SchedulePage({ options: o, code, error, fieldErrors = {}, values = {}, justBooked, emailConfigured = true }: SchedulePageProps) {
  const zone = o.timeZone;
  return (
    <section>
      <h1 className="text-xl font-semibold">Schedule a call</h1>
      <p className="mb-4 text-sm text-slate-500">{`Book a ${o.duration}-minute intro call with the hiring team.`}</p>
      {o.booked ? (
        <div className="card card-body" data-testid="intro-booked">
          <h2 className="card-title">{justBooked ? "Call booked!" : "Your intro call is booked"}</h2>
          <p className="mt-2 text-sm">
            {`${formatLongDate(o.booked.startTime, zone)}, ${formatTime(o.booked.startTime, zone)} – ${formatTime(o.booked.endTime, zone)} (${zoneAbbreviation(o.booked.startTime, zone)})`}
          </p>
          {justBooked && emailConfigured ? (
            <p className="mt-2 text-sm text-slate-500">A confirmation e-mail with a calendar invitation is on its way. Please check your inbox and spam folder.</p>
          ) : null}
        </div>
      ) : !o.open || o.slots.length === 0 ? (
        <div className="card card-body text-sm text-slate-600" data-testid="intro-closed">
          No times are available right now. Please check back later.
        </div>
      ) : !o.qualified ? (
        <div className="card card-body text-sm text-slate-600" data-testid="intro-prequalifier-first">
          <p>{PREQUALIFIER_FIRST}</p>
          <a className="btn-primary mt-3 w-full sm:w-auto" href={`/prequalifier${code ? `?c=${encodeURIComponent(code)}` : ""}`}>Start the prequalifier</a>
        </div>
      ) : (
        <form method="post" action={`/scheduleacall${code ? `?c=${encodeURIComponent(code)}` : ""}`} className="card card-body space-y-4" noValidate>
          {error ? <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700" role="alert">{error}</p> : null}
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label className="label" htmlFor="name">Your name</label>
              <input className="input" id="name" name="name" autoComplete="name" maxLength={120} defaultValue={values.name ?? o.name} required />
              {fieldErrors.name ? <p className="field-error">{fieldErrors.name}</p> : null}
            </div>
            <div>
              <label className="label" htmlFor="email">Email address</label>
              <input className="input" id="email" name="email" type="email" autoComplete="email" maxLength={254} defaultValue={values.email ?? o.email} required />
              {fieldErrors.email ? <p className="field-error">{fieldErrors.email}</p> : null}
            </div>
          </div>
          <fieldset dangerouslySetInnerHTML={{ __html: slotChoices(o.slots, zone, fieldErrors.start, values.start) }} />
          {code ? <input type="hidden" name="c" value={code} /> : null}
          <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
            <label>Website <input name="website" tabIndex={-1} autoComplete="off" /></label>
          </div>
          <button type="submit" className="btn-primary w-full sm:w-auto">Book call</button>
        </form>
      )}
    </section>
  );
}

// The choice of times is most of the page and the same for every visitor until a slot is
// booked or passes: its markup is kept per zone and slot list (a few, bounded), so a busy
// page does not render a hundred radio buttons per request.
const choicesHtml = new Map<string, string>();
const CHOICES_MAX = 50;

function slotChoices(slots: TimeSlot[], zone: string, error: string | undefined, checked: string | undefined): string {
  const key = `${zone}|${error ?? ""}|${checked ?? ""}|${slots.map((s) => s.startTime).join(",")}`;
  let html = choicesHtml.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(<SlotChoices slots={slots} zone={zone} error={error} checked={checked} />);
    if (choicesHtml.size >= CHOICES_MAX) choicesHtml.clear();
    choicesHtml.set(key, html);
  }
  return html;
}

/** The inside of the time fieldset: the legend, the field's error and the first days of slots. */
function SlotChoices({ slots, zone, error, checked }: { slots: TimeSlot[]; zone: string; error?: string; checked?: string }) {
  return (
    <>
      <legend className="label">{`Choose a time (${zoneAbbreviation(slots[0]!.startTime, zone)})`}</legend>
      {error ? <p className="field-error">{error}</p> : null}
      {groupByDay(slots, zone)
        .slice(0, DAYS_SHOWN)
        .map((day) => (
          <div key={day.date} className="mt-3">
            <h3 className="mb-1 text-sm font-medium text-slate-700">{day.heading}</h3>
            <div className={SLOTS}>
              {day.slots.map((s) => (
                <label key={s.startTime}>
                  <input type="radio" name="start" value={s.startTime} defaultChecked={checked === s.startTime} />
                  {formatTime(s.startTime, zone)}
                </label>
              ))}
            </div>
          </div>
        ))}
    </>
  );
}
