import type { ReactNode } from "react";
import { Logo } from "../../../ui/logo";
import type { BookingView } from "../views";
import { formatTime, groupByDay, slotLabel, zoneAbbreviation } from "../slots";
import { TimeZoneSwitch } from "../../../ui/time-zone-switch";

/**
 * The candidate's booking pages (/book/{token}, /booking-option-b/{token}). Plain HTML:
 * choosing a slot is a radio button and confirming is a form POST, so they work without
 * JavaScript. The confirm button looks disabled until a slot is checked (CSS :has()),
 * and the radios are required, so the browser itself refuses an empty submission.
 */
export type Layout = "a" | "b";

// A slot is a label around a hidden radio; :has(:checked) marks the chosen one.
const SLOT = "flex cursor-pointer rounded-md border text-sm has-checked:border-brand-600 has-checked:bg-brand-600 has-checked:text-white has-focus-visible:ring-2 has-focus-visible:ring-brand-500";
const SLOT_A = `${SLOT} items-center border-slate-200 px-4 py-3 hover:bg-slate-50`;
const SLOT_B = `${SLOT} flex-col items-center border-slate-300 px-2 py-2 hover:border-brand-500`;

export function PublicFrame({ home, children }: { home: string | null; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-8">
      <div className="mb-6 flex justify-center">
        <Logo href={home} />
      </div>
      {children}
    </main>
  );
}

/**
 * The way on from a candidate page that ends (issue 41): the workspace's or the product's site,
 * else the public Help page (what to do about a link that no longer works).
 */
export function SiteButton({ home, label }: { home: string | null; label: string }) {
  return home ? (
    <a href={home} className="btn-primary mt-6">
      {label}
    </a>
  ) : (
    <a href="/help" className="btn-primary mt-6">
      Help &amp; Support
    </a>
  );
}

export function SessionNotFound({ home }: { home: string | null }) {
  return (
    <PublicFrame home={home}>
      <div className="card card-body text-center">
        <h1 className="text-xl font-semibold">Session Not Found</h1>
        <p className="mt-2 text-sm text-slate-600">This scheduling link is invalid or has expired. Please contact the hiring manager for a new link.</p>
        <SiteButton home={home} label="Go to Homepage" />
      </div>
    </PublicFrame>
  );
}

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

export function BookingPage(p: { view: BookingView; layout: Layout; action: string; home: string | null; tz: string; error?: string; emailConfigured?: boolean }) {
  const { session, candidate, availableSlots } = p.view;
  const groups = groupByDay(availableSlots, p.tz);
  const zone = availableSlots[0] ? zoneAbbreviation(availableSlots[0].startTime, p.tz) : "";
  return (
    <PublicFrame home={p.home}>
      <h1 className="mb-4 text-center text-2xl font-semibold">Schedule Your Interview</h1>
      <section className="card card-body">
        <h2 className="card-title">Interview Details</h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
          {candidate.position ? <Detail label="Position" value={candidate.position} /> : null}
          <Detail label="Duration" value={`${session.duration} minutes`} />
          <Detail label="Interview Type" value={session.title} />
        </dl>
        {session.description ? <p className="mt-3 text-sm text-slate-600">{session.description}</p> : null}
      </section>

      {availableSlots.length ? <TimeZoneSwitch current={p.tz} sessionZone={session.timeZone} /> : null}
      <form method="post" action={p.action} className="group card card-body mt-4">
        <h2 className="card-title">Available Time Slots</h2>
        <input type="hidden" name="timeZone" value={p.tz} />
        {availableSlots.length === 0 ? (
          <div className="py-6 text-center">
            <p className="font-medium">No Available Slots</p>
            <p className="text-sm text-slate-500">Please contact the hiring manager for new times.</p>
          </div>
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-500" data-testid="tz-note">
              {`Times in ${p.tz}${zone && zone !== p.tz ? ` (${zone})` : ""}`}
            </p>
            {p.error ? (
              <p className="field-error" role="alert">
                {p.error}
              </p>
            ) : null}
            {groups.map((g) => (
              <fieldset key={g.date} className="mt-4">
                <legend className="mb-2 text-sm font-semibold">{g.heading}</legend>
                <div className={p.layout === "b" ? "grid grid-cols-3 gap-2" : "grid gap-2"}>
                  {g.slots.map((s) => (
                    <label key={s.id} className={p.layout === "b" ? SLOT_B : SLOT_A}>
                      <input type="radio" name="slotId" value={s.id} required className="sr-only" aria-label={slotLabel(s.startTime, s.endTime, p.tz)} />
                      {p.layout === "b" ? (
                        <>
                          <span className="font-medium" aria-hidden="true">
                            {formatTime(s.startTime, p.tz)}
                          </span>
                          <span className="text-xs opacity-75" aria-hidden="true">
                            {formatTime(s.endTime, p.tz)}
                          </span>
                        </>
                      ) : (
                        <span aria-hidden="true">{`${formatTime(s.startTime, p.tz)} - ${formatTime(s.endTime, p.tz)}`}</span>
                      )}
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
            <div className="mt-6 flex items-center gap-3">
              <button
                type="submit"
                className="btn pointer-events-none flex-1 border border-slate-300 bg-slate-100 text-slate-800 group-has-checked:pointer-events-auto group-has-checked:border-transparent group-has-checked:bg-brand-600 group-has-checked:text-white"
              >
                Confirm Interview
              </button>
              <button type="reset" className="btn-ghost">
                Clear
              </button>
            </div>
            {p.emailConfigured !== false ? <p className="mt-2 text-center text-xs text-slate-500">You will receive a confirmation email with a calendar invitation.</p> : null}
          </>
        )}
      </form>
    </PublicFrame>
  );
}
