import type { ReactNode } from "react";
import { HOUR_CHOICES, MINUTE_CHOICES } from "../slots";

/**
 * The Schedule Interview card's time fields: an hour and a minute for the daily window of
 * hand-picked slots, and the first and last dates of a free-times session.
 */
const pad = (n: number) => String(n).padStart(2, "0");

export function TimeSelect({ label, value, onChange }: { label: string; value: { hour: number; minute: number }; onChange: (v: { hour: number; minute: number }) => void }) {
  return (
    <fieldset>
      <legend className="label">{label}</legend>
      <div className="flex gap-1">
        <select className="input" aria-label={`${label} hour`} value={value.hour} onChange={(e) => onChange({ ...value, hour: Number(e.currentTarget.value) })}>
          {HOUR_CHOICES.map((h) => (
            <option key={h} value={h}>
              {pad(h)}
            </option>
          ))}
        </select>
        <select className="input" aria-label={`${label} minute`} value={value.minute} onChange={(e) => onChange({ ...value, minute: Number(e.currentTarget.value) })}>
          {MINUTE_CHOICES.map((m) => (
            <option key={m} value={m}>
              {pad(m)}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}

/** The dates a free-times session offers (in the card's zone), and who interviews between them. */
export function FreeTimesRange(props: { first: string; last: string; from: string; to: string; onFrom: (v: string) => void; onTo: (v: string) => void; tz: string; children?: ReactNode }) {
  return (
    <div className="space-y-2" data-testid="sched-range">
      <div className="grid grid-cols-2 gap-3">
        <label className="block text-sm">
          <span className="label">From</span>
          <input type="date" className="input" min={props.first} max={props.last} value={props.from} onInput={(e) => props.onFrom(e.currentTarget.value)} />
        </label>
        <label className="block text-sm">
          <span className="label">To</span>
          <input type="date" className="input" min={props.from || props.first} max={props.last} value={props.to} onInput={(e) => props.onTo(e.currentTarget.value)} />
        </label>
      </div>
      {props.children}
      <p className="text-xs text-slate-500">
        The candidate sees every free start in these dates, by the interviewer's{" "}
        <a className="underline" href="/settings/availability">
          availability
        </a>
        , when they open the link. Dates in {props.tz}.
      </p>
    </div>
  );
}
