/**
 * Fields of the Schedule Interview card: who interviews, how long, how the times are offered, the
 * hand-picked dates and daily window, and the Create button. Plain props in, changes out.
 */
import { DURATIONS } from "../slots";
import { MultiDatePicker } from "./multi-date-picker";
import { TimeSelect } from "./time-fields";

type Member = { id: number; name: string };
type Time = { hour: number; minute: number };

/** The member who holds the interview (issue 18), shown when the team has more than one. */
export function InterviewerSelect({ interviewers, meId, value, onChange }: { interviewers: Member[] | undefined; meId: number | undefined; value: string; onChange: (id: string) => void }) {
  if (!interviewers || interviewers.length <= 1) return null;
  return (
    <div>
      <label className="label" htmlFor="sched-interviewer">
        Interviewer
      </label>
      <select id="sched-interviewer" className="input" value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {interviewers.map((m) => (
          <option key={m.id} value={m.id}>
            {m.id === meId ? `${m.name} (you)` : m.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function DurationSelect({ value, onChange }: { value: number; onChange: (minutes: number) => void }) {
  return (
    <div>
      <label className="label" htmlFor="sched-duration">
        Duration
      </label>
      <select id="sched-duration" className="input" value={value} onChange={(e) => onChange(Number(e.currentTarget.value))}>
        {DURATIONS.map((d) => (
          <option key={d} value={d}>
            {d} minutes
          </option>
        ))}
      </select>
    </div>
  );
}

/** "slots": hand-picked times; "availability": every free time between two dates (issue 36). */
export function OfferModeChoice({ mode, onChange }: { mode: "slots" | "availability"; onChange: (mode: "slots" | "availability") => void }) {
  return (
    <fieldset className="space-y-1">
      <legend className="label">Times to offer</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" name="sched-mode" value="slots" checked={mode === "slots"} onChange={() => onChange("slots")} />
        Times I pick
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" name="sched-mode" value="availability" checked={mode === "availability"} onChange={() => onChange("availability")} />
        My free times (from my availability and calendar)
      </label>
    </fieldset>
  );
}

/** The dates and daily window hand-picked slots are made from, in the member's zone. */
export function HandPickedTimes(props: {
  range: { first: string; last: string };
  dates: string[];
  onToggleDate: (date: string) => void;
  start: Time;
  end: Time;
  onStart: (t: Time) => void;
  onEnd: (t: Time) => void;
  tz: string;
  onAdd: () => void;
}) {
  return (
    <>
      <div>
        <span className="label">Dates ({props.dates.length} selected)</span>
        <MultiDatePicker first={props.range.first} last={props.range.last} selected={props.dates} onToggle={props.onToggleDate} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TimeSelect label="Start time" value={props.start} onChange={props.onStart} />
        <TimeSelect label="End time" value={props.end} onChange={props.onEnd} />
      </div>
      <p className="text-xs text-slate-500" data-testid="sched-tz">
        Times in {props.tz}
      </p>
      <button type="button" className="btn-outline w-full" onClick={props.onAdd}>
        Add Time Slots
      </button>
    </>
  );
}

/** The button's text: how many sessions a retry or a shortlist makes, or one. */
function createLabel(busy: boolean, retry: { ids: number[] } | null, shortlist: { candidateIds: number[] } | undefined): string {
  if (busy) return "Creating...";
  if (retry) return `Create Sessions (${retry.ids.length})`;
  if (shortlist) return `Create Sessions (${shortlist.candidateIds.length})`;
  return "Create Session";
}

export function CreateButton(props: { busy: boolean; retry: { ids: number[] } | null; shortlist: { candidateIds: number[] } | undefined; onClick: () => void }) {
  return (
    <button type="button" className="btn-primary w-full" onClick={props.onClick} disabled={props.busy}>
      {createLabel(props.busy, props.retry, props.shortlist)}
    </button>
  );
}
