import { useState } from "react";
import { addDays, parseDate } from "../slots";

const WEEKDAYS = ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A month grid where several dates can be toggled. Only first … last (YYYY-MM-DD) are
 * selectable; the arrows stop at the months that hold them.
 */
export function MultiDatePicker({ first, last, selected, onToggle }: { first: string; last: string; selected: string[]; onToggle: (date: string) => void }) {
  const start = parseDate(first)!;
  const end = parseDate(last)!;
  const [view, setView] = useState({ year: start.year, month: start.month });
  const monthKey = (y: number, m: number) => y * 12 + m;
  const canPrev = monthKey(view.year, view.month) > monthKey(start.year, start.month);
  const canNext = monthKey(view.year, view.month) < monthKey(end.year, end.month);
  const shift = (d: number) => {
    const k = monthKey(view.year, view.month - 1) + d;
    setView({ year: Math.floor(k / 12), month: (k % 12) + 1 });
  };
  const firstOfMonth = `${view.year}-${pad(view.month)}-01`;
  const lead = new Date(Date.UTC(view.year, view.month - 1, 1)).getUTCDay();
  const days = new Date(Date.UTC(view.year, view.month, 0)).getUTCDate();
  const cells: (string | null)[] = [...Array(lead).fill(null), ...Array.from({ length: days }, (_, i) => addDays(firstOfMonth, i))];
  const chosen = new Set(selected);

  return (
    <div className="rounded-md border border-slate-200 p-2" data-testid="date-picker">
      <div className="mb-1 flex items-center justify-between">
        <button type="button" className="btn-ghost btn-sm" onClick={() => shift(-1)} disabled={!canPrev} aria-label="Previous month">
          ‹
        </button>
        <span className="text-sm font-medium">
          {MONTHS[view.month - 1]} {view.year}
        </span>
        <button type="button" className="btn-ghost btn-sm" onClick={() => shift(1)} disabled={!canNext} aria-label="Next month">
          ›
        </button>
      </div>
      <div className="grid grid-cols-7 gap-0.5 text-center text-xs">
        {WEEKDAYS.map((d) => (
          <span key={d} className="py-1 text-slate-500">
            {d}
          </span>
        ))}
        {cells.map((date, i) =>
          date ? (
            <button
              key={date}
              type="button"
              disabled={date < first || date > last}
              aria-pressed={chosen.has(date)}
              // Named as shown ("1") and then in full, so speech users can say what they see.
              aria-label={`${Number(date.slice(8))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`}
              data-date={date}
              onClick={() => onToggle(date)}
              className={`rounded py-1.5 text-sm disabled:cursor-not-allowed disabled:text-slate-300 ${chosen.has(date) ? "bg-brand-600 text-white" : "hover:bg-slate-100"}`}
            >
              {Number(date.slice(8))}
            </button>
          ) : (
            <span key={`e${i}`} />
          ),
        )}
      </div>
    </div>
  );
}
