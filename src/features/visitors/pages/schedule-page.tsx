import { renderToStaticMarkup } from "react-dom/server";
import { formatLongDate, formatTime, groupByDay, zoneAbbreviation, type TimeSlot } from "../../scheduling/slots";
import { PREQUALIFIER_FIRST, type IntroCallOptions } from "../intro-call-service";
import { TimeZoneSwitch } from "../../../ui/time-zone-switch";

/** At most this many days to choose from (the rest come as days pass). */
const DAYS_SHOWN = 14;
// Styled from the parent: a page of a hundred slots repeats no class string.
const SLOTS =
  "flex flex-wrap gap-2 [&>label]:flex [&>label]:cursor-pointer [&>label]:items-center [&>label]:gap-1.5 [&>label]:rounded-md [&>label]:border [&>label]:border-slate-300 [&>label]:px-2.5 [&>label]:py-1.5 [&>label]:text-sm [&>label:has(:checked)]:border-brand-600 [&>label:has(:checked)]:bg-brand-50 [&_input]:accent-brand-600";

// The day links: the current one filled like a chosen time.
const DAYS =
  "mt-1 flex flex-wrap gap-1.5 [&>a]:rounded-md [&>a]:border [&>a]:border-slate-300 [&>a]:px-2.5 [&>a]:py-1.5 [&>a]:text-sm [&>a]:text-slate-700 [&>a:hover]:border-brand-500 [&>a[aria-current]]:border-brand-600 [&>a[aria-current]]:bg-brand-600 [&>a[aria-current]]:text-white";

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
  /** The day whose times are shown (YYYY-MM-DD in the page's zone, from ?day=); else the first open day. */
  day?: string;
  /** The zone the visitor chose to see the times in (?tz=); else the workspace's. */
  tz?: string;
  /** A booked call: ?cancel=1 asks before canceling, ?move=1 offers the other times. */
  cancel?: boolean;
  move?: boolean;
}

/** /scheduleacall: a plain form (no script) to book a short intro call within the published availability. */
export function SchedulePage({ options: o, code, error, fieldErrors = {}, values = {}, justBooked, day, tz, emailConfigured = true, cancel, move }: SchedulePageProps) {
  const zone = tz ?? o.timeZone;
  const offering = !o.booked && o.open && o.slots.length > 0 && o.qualified;
  const moving = !!o.booked?.movable && !!move && o.slots.length > 0;
  const query = (extra: Record<string, string>) => {
    const q = new URLSearchParams({ ...(code ? { c: code } : {}), ...(tz ? { tz } : {}), ...extra }).toString();
    return q ? `?${q}` : "";
  };
  return (
    <section>
      <h1 className="text-xl font-semibold">Schedule a call</h1>
      <p className="mb-4 text-sm text-slate-500">{`Book a ${o.duration}-minute intro call with the hiring team.`}</p>
      {offering || moving ? <TimeZoneSwitch current={zone} sessionZone={o.timeZone} keep={{ c: code, day, move: moving ? "1" : null }} /> : null}
      {/* The zone the times are in: the page's script reloads them in the browser's zone when it differs. */}
      {offering || o.booked ? <input type="hidden" name="timeZone" value={zone} /> : null}
      {o.booked ? (
        <div className="card card-body" data-testid="intro-booked">
          <h2 className="card-title">{justBooked ? "Call booked!" : "Your intro call is booked"}</h2>
          <p className="mt-2 text-sm">
            {`${formatLongDate(o.booked.startTime, zone)}, ${formatTime(o.booked.startTime, zone)} – ${formatTime(o.booked.endTime, zone)} (${zoneAbbreviation(o.booked.startTime, zone)})`}
          </p>
          {justBooked && emailConfigured ? (
            <p className="mt-2 text-sm text-slate-500">A confirmation e-mail with a calendar invitation is on its way. Please check your inbox and spam folder.</p>
          ) : null}
          {error ? (
            <p className="mt-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700" role="alert">
              {error}
            </p>
          ) : null}
          {o.booked.contact ? (
            <p className="mt-3 text-sm text-slate-600" data-testid="change-contact">
              {o.booked.contact}
            </p>
          ) : null}
          {!o.booked.changeable ? null : cancel ? (
            <form method="post" action={`/scheduleacall/cancel${query({})}`} className="mt-4 border-t border-slate-100 pt-3" data-testid="intro-cancel">
              <p className="font-medium">Cancel this call?</p>
              <div className="mt-2 flex flex-wrap gap-2">
                <button type="submit" className="btn-destructive">
                  Yes, Cancel Call
                </button>
                <a href={`/scheduleacall${query({})}`} className="btn-outline">
                  Keep It
                </a>
              </div>
            </form>
          ) : moving ? null : (
            <p className="mt-4 flex flex-wrap gap-2" data-testid="intro-change">
              {o.booked.movable && o.slots.length ? (
                <a href={`/scheduleacall${query({ move: "1" })}`} className="btn-outline">
                  Choose another time
                </a>
              ) : null}
              <a href={`/scheduleacall${query({ cancel: "1" })}`} className="btn-ghost text-red-800">
                Cancel Call
              </a>
            </p>
          )}
        </div>
      ) : null}
      {moving ? (
        <form method="post" action={`/scheduleacall/move${query({})}`} className="card card-body mt-4 space-y-4" data-testid="intro-move">
          <fieldset dangerouslySetInnerHTML={{ __html: slotChoices(o.slots, zone, { error: fieldErrors.start, checked: values.start, day, code, tz, move: true }) }} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary">
              Move Call
            </button>
            <a href={`/scheduleacall${query({})}`} className="btn-outline">
              Keep It
            </a>
          </div>
        </form>
      ) : o.booked ? null : !o.open || o.slots.length === 0 ? (
        <div className="card card-body text-sm text-slate-600" data-testid="intro-closed">
          No times are available right now. Please check back later.
        </div>
      ) : !o.qualified ? (
        <div className="card card-body text-sm text-slate-600" data-testid="intro-prequalifier-first">
          <p>{PREQUALIFIER_FIRST}</p>
          <a className="btn-primary mt-3 w-full sm:w-auto" href={`/prequalifier${code ? `?c=${encodeURIComponent(code)}` : ""}`}>
            Start the prequalifier
          </a>
        </div>
      ) : (
        <form method="post" action={`/scheduleacall${code ? `?c=${encodeURIComponent(code)}` : ""}`} className="card card-body space-y-4" noValidate>
          {error ? (
            <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700" role="alert">
              {error}
            </p>
          ) : null}
          <fieldset dangerouslySetInnerHTML={{ __html: slotChoices(o.slots, zone, { error: fieldErrors.start, checked: values.start, day, code, tz }) }} />
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label className="label" htmlFor="name">
                Your name
              </label>
              <input className="input" id="name" name="name" autoComplete="name" maxLength={120} defaultValue={values.name ?? o.name} required />
              {fieldErrors.name ? <p className="field-error">{fieldErrors.name}</p> : null}
            </div>
            <div>
              <label className="label" htmlFor="email">
                Email address
              </label>
              <input className="input" id="email" name="email" type="email" autoComplete="email" maxLength={254} defaultValue={values.email ?? o.email} required />
              {fieldErrors.email ? <p className="field-error">{fieldErrors.email}</p> : null}
            </div>
          </div>
          {code ? <input type="hidden" name="c" value={code} /> : null}
          {tz ? <input type="hidden" name="tz" value={tz} /> : null}
          <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
            <label>
              Website <input name="website" tabIndex={-1} autoComplete="off" />
            </label>
          </div>
          <button type="submit" className="btn-primary w-full sm:w-auto">
            Book call
          </button>
        </form>
      )}
    </section>
  );
}

// The choice of times is most of the page and the same for every visitor until a slot is
// booked or passes: its markup is kept per zone, day and slot list (a few, bounded).
const choicesHtml = new Map<string, string>();
const CHOICES_MAX = 50;

interface ChoiceOptions {
  error?: string;
  checked?: string;
  day?: string;
  code: string | null;
  tz?: string;
  /** The day links keep ?move=1 (a booked call moving). */
  move?: boolean;
}

function slotChoices(slots: TimeSlot[], zone: string, o: ChoiceOptions): string {
  const key = `${zone}|${o.tz ?? ""}|${o.error ?? ""}|${o.checked ?? ""}|${o.day ?? ""}|${o.code ?? ""}|${o.move ? "m" : ""}|${slots.map((s) => s.startTime).join(",")}`;
  let html = choicesHtml.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(<SlotChoices slots={slots} zone={zone} {...o} />);
    if (choicesHtml.size >= CHOICES_MAX) choicesHtml.clear();
    choicesHtml.set(key, html);
  }
  return html;
}

const chipFormats = new Map<string, Intl.DateTimeFormat>();
/** "Tue 24 Nov" in the page's zone. */
function chipLabel(startTime: string, zone: string): string {
  let f = chipFormats.get(zone);
  if (!f) chipFormats.set(zone, (f = new Intl.DateTimeFormat("en-AU", { weekday: "short", day: "numeric", month: "short", timeZone: zone })));
  return f.format(new Date(startTime)).replace(",", "");
}

/**
 * One day at a time: the days are links (?day=), the chosen day's times are radio buttons.
 * Works without JavaScript, and the page stays small however many days are open. After a
 * failed submission the day of the time that was chosen stays open.
 */
function SlotChoices({ slots, zone, error, checked, day, code, tz, move }: { slots: TimeSlot[] } & ChoiceOptions & { zone: string }) {
  const days = groupByDay(slots, zone).slice(0, DAYS_SHOWN);
  const checkedDay = checked ? days.find((d) => d.slots.some((s) => s.startTime === checked))?.date : undefined;
  const current = days.find((d) => d.date === (checkedDay ?? day)) ?? days[0]!;
  const href = (date: string) => `/scheduleacall?${code ? `c=${encodeURIComponent(code)}&` : ""}${tz ? `tz=${encodeURIComponent(tz)}&` : ""}${move ? "move=1&" : ""}day=${date}`;
  return (
    <>
      <legend className="label">{`Choose a day and a time (${zoneAbbreviation(slots[0]!.startTime, zone)})`}</legend>
      {error ? <p className="field-error">{error}</p> : null}
      <nav className={DAYS} aria-label="Days">
        {days.map((d) => (
          <a key={d.date} href={href(d.date)} aria-current={d === current ? "date" : undefined}>
            {chipLabel(d.slots[0]!.startTime, zone)}
          </a>
        ))}
      </nav>
      <h2 className="mt-3 mb-1 text-sm font-medium text-slate-700" data-testid="schedule-day">
        {current.heading}
      </h2>
      <div className={SLOTS}>
        {current.slots.map((s) => (
          <label key={s.startTime}>
            <input type="radio" name="start" value={s.startTime} defaultChecked={checked === s.startTime} />
            {formatTime(s.startTime, zone)}
          </label>
        ))}
      </div>
    </>
  );
}
