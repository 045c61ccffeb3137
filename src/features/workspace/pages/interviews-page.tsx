import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import { TimeZoneSwitch } from "../../../ui/time-zone-switch";
import { interviewBadge, sessionStateBadge } from "../../scheduling/status";
import type { InterviewItem, InterviewsData } from "../interviews-service";
import { INTERVIEW_STATUSES } from "../model";
import { dayLabel, longDayLabel } from "../week";

/** A link to this page with some parameters changed (the filters, zone and week carry over). */
function hrefWith(d: InterviewsData, change: Record<string, string | null>) {
  const p = new URLSearchParams();
  const base: Record<string, string | null> = {
    week: d.filters.week,
    tz: d.filters.tzAsked,
    interviewer: d.filters.interviewer ? String(d.filters.interviewer) : null,
    status: d.filters.status,
  };
  for (const [k, v] of Object.entries({ ...base, ...change })) if (v) p.set(k, v);
  const s = p.toString();
  return s ? `/interviews?${s}` : "/interviews";
}

function InterviewLink({ i, showDay = false }: { i: InterviewItem; showDay?: boolean }) {
  const badge = interviewBadge(i.status);
  return (
    <a
      href={`/interview-details/${i.id}`}
      data-interview={i.id}
      className="block rounded-md border border-slate-200 bg-white p-2 text-sm hover:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:border-slate-700 dark:bg-slate-900"
    >
      <span className="block font-medium tabular-nums" data-time>
        {`${showDay ? `${dayLabel(i.day)}, ` : ""}${i.startTime}–${i.endTime}`}
      </span>
      <span className="block truncate">{i.candidateName || i.title}</span>
      <span className="mt-1 flex flex-wrap items-center gap-1">
        <span className={badge.className}>{badge.label}</span>
        <span className="truncate text-xs text-slate-500 dark:text-slate-400">{i.interviewer}</span>
      </span>
      {i.flags.map((f) => (
        <span key={f.kind + f.message} className="mt-1 block text-xs text-amber-800 dark:text-amber-300" data-flag={f.kind}>
          ⚠ {f.message}
        </span>
      ))}
    </a>
  );
}

function Filters({ d }: { d: InterviewsData }) {
  return (
    <form method="get" action="/interviews" autoComplete="off" className="flex flex-wrap items-end gap-3 text-sm" aria-label="Filter interviews">
      {d.filters.week ? <input type="hidden" name="week" value={d.filters.week} /> : null}
      {d.filters.tzAsked ? <input type="hidden" name="tz" value={d.filters.tzAsked} /> : null}
      <label className="label mb-0">
        Interviewer
        <select name="interviewer" defaultValue={d.filters.interviewer ? String(d.filters.interviewer) : ""} className="input mt-1">
          <option value="">All interviewers</option>
          {d.interviewers.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </select>
      </label>
      <label className="label mb-0">
        Status
        <select name="status" defaultValue={d.filters.status ?? ""} className="input mt-1">
          <option value="">All statuses</option>
          {INTERVIEW_STATUSES.map((s) => (
            <option key={s} value={s}>
              {interviewBadge(s).label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn-outline">
        Apply
      </button>
    </form>
  );
}

function AgendaList({ title, items, empty }: { title: string; items: InterviewItem[]; empty: string }) {
  return (
    <section aria-label={title}>
      <h3 className="text-sm font-semibold text-slate-600 dark:text-slate-300">
        {title} <span className="font-normal">({items.length})</span>
      </h3>
      {items.length ? (
        <ul className="mt-2 space-y-2">
          {items.map((i) => (
            <li key={i.id}>
              <InterviewLink i={i} showDay />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{empty}</p>
      )}
    </section>
  );
}

const hourOf = (hhmm: string) => Number(hhmm.slice(0, 2));
const pad = (h: number) => `${String(h).padStart(2, "0")}:00`;

/**
 * The week: on a wider screen a column per day against a column of hours (08:00 to 18:00, longer
 * when an interview is earlier or later), each interview in the row of the hour it starts; on a
 * phone each day is a list of its interviews. One set of links either way (the rows are a subgrid).
 */
function WeekGrid({ d }: { d: InterviewsData }) {
  const all = d.days.flatMap((x) => x.items);
  const first = Math.min(8, ...all.map((i) => hourOf(i.startTime)));
  const last = Math.max(18, ...all.map((i) => Math.min(24, hourOf(i.endTime) + (i.endTime.endsWith(":00") ? 0 : 1))));
  const hours = Array.from({ length: Math.max(1, last - first) }, (_, k) => first + k);
  const rows = { "--rows": hours.length + 1 } as React.CSSProperties;
  const cell = "sm:[grid-row:span_var(--rows)] sm:grid sm:grid-rows-subgrid";
  return (
    <ol
      className="grid grid-cols-1 gap-px bg-slate-200 sm:grid-cols-[3.5rem_repeat(7,minmax(0,1fr))] sm:grid-rows-[auto_repeat(var(--hours),minmax(3rem,auto))] dark:bg-slate-800"
      style={{ ...rows, "--hours": hours.length } as React.CSSProperties}
      data-testid="week"
    >
      <li className={`hidden bg-slate-50 dark:bg-slate-900 ${cell}`} aria-hidden="true">
        <span />
        {hours.map((h) => (
          <span key={h} className="border-t border-slate-200 px-1 pt-0.5 text-right text-xs text-slate-500 tabular-nums dark:border-slate-800 dark:text-slate-400" data-hour={pad(h)}>
            {pad(h)}
          </span>
        ))}
      </li>
      {d.days.map(({ day, items }) => (
        <li key={day} data-day={day} className={`p-2 sm:p-0 ${cell} ${day === d.today ? "bg-brand-50 dark:bg-slate-800" : "bg-slate-50 dark:bg-slate-900"}`} style={rows}>
          <h3 className="text-xs font-semibold text-slate-600 uppercase sm:p-2 dark:text-slate-300">
            {dayLabel(day)}
            {day === d.today ? <span className="ml-1 text-brand-700 dark:text-brand-100">· Today</span> : null}
          </h3>
          {hours.map((h) => {
            const here = items.filter((i) => hourOf(i.startTime) === h || (h === first && hourOf(i.startTime) < first));
            return (
              <div key={h} className={`${here.length ? "mt-2 sm:mt-0" : "hidden sm:block"} border-slate-200 sm:border-t sm:p-1 dark:border-slate-800`} data-slot={pad(h)}>
                {here.length ? (
                  <ul className="space-y-1">
                    {here.map((i) => (
                      <li key={i.id}>
                        <InterviewLink i={i} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            );
          })}
          {items.length ? null : <p className="mt-2 text-xs text-slate-500 sm:sr-only">No interviews</p>}
        </li>
      ))}
    </ol>
  );
}

export function InterviewsPage({ shell, data: d }: { shell: Shell; data: InterviewsData }) {
  return (
    <AppShell shell={shell} title="Interviews">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">Interviews</h1>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
            Times in <strong data-zone>{d.tz.replace(/_/g, " ")}</strong>
          </p>
        </div>
        <Filters d={d} />
      </div>

      <section className="card mt-6" aria-labelledby="week-heading">
        <div className="card-header flex flex-wrap items-center justify-between gap-2">
          <h2 id="week-heading" className="card-title">
            {`Week of ${longDayLabel(d.weekStart)}`}
          </h2>
          <nav aria-label="Weeks" className="flex gap-2">
            <a className="btn-outline btn-sm" href={hrefWith(d, { week: d.prevWeek })} rel="prev">
              ← Previous week
            </a>
            <a className="btn-outline btn-sm" href={hrefWith(d, { week: null })}>
              This week
            </a>
            <a className="btn-outline btn-sm" href={hrefWith(d, { week: d.nextWeek })} rel="next">
              Next week →
            </a>
          </nav>
        </div>
        <WeekGrid d={d} />
      </section>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <section className="card lg:col-span-2" aria-labelledby="agenda-heading">
          <div className="card-header">
            <h2 id="agenda-heading" className="card-title">
              Agenda
            </h2>
          </div>
          <div className="card-body grid gap-6 md:grid-cols-3">
            <AgendaList title="Today" items={d.agenda.today} empty="No interviews today." />
            <AgendaList title="Upcoming" items={d.agenda.upcoming} empty="No upcoming interviews." />
            <AgendaList title="Past" items={d.agenda.past} empty="No past interviews." />
          </div>
        </section>
        <section className="card" aria-labelledby="sessions-heading">
          <div className="card-header">
            <h2 id="sessions-heading" className="card-title">
              Waiting to be booked
            </h2>
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">Scheduling sessions sent to candidates who have not picked a time.</p>
          </div>
          <div className="card-body">
            {d.sessions.length ? (
              <ul className="space-y-3">
                {d.sessions.map((s) => {
                  const b = sessionStateBadge(s.state);
                  return (
                    <li key={s.id} data-session={s.id} className="text-sm">
                      <div className="flex items-center justify-between gap-2">
                        <span className="font-medium">{s.candidate || s.title}</span>
                        <span className={b.className}>{b.label}</span>
                      </div>
                      <p className="text-xs text-slate-500 dark:text-slate-400">{`${s.title} · ${s.bookableSlots} ${s.bookableSlots === 1 ? "slot" : "slots"} open`}</p>
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="text-sm text-slate-500 dark:text-slate-400">No sessions waiting.</p>
            )}
            <p className="mt-4 text-sm">
              <a className="text-brand-700 underline dark:text-brand-100" href="/dashboard#scheduling">
                Create a scheduling session
              </a>
            </p>
          </div>
        </section>
      </div>
      <TimeZoneSwitch current={d.tz} sessionZone={d.tz} keep={{ week: d.filters.week, interviewer: d.filters.interviewer ? String(d.filters.interviewer) : null, status: d.filters.status }} />
    </AppShell>
  );
}
