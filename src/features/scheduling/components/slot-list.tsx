import { formatTime, groupByDay, type TimeSlot } from "../slots";

/** The hand-picked times, day by day in the recruiter's zone, each with its own remove button. */
export function SlotList(props: { slots: TimeSlot[]; tz: string; onClear: () => void; onRemove: (slot: TimeSlot) => void }) {
  const { slots, tz } = props;
  return (
    <div data-testid="slot-list">
      <div className="mb-1 flex items-center justify-between">
        <span className="text-sm font-medium">{slots.length} time slots</span>
        <button type="button" className="btn-ghost btn-sm" onClick={props.onClear}>
          Clear all
        </button>
      </div>
      <div className="max-h-60 space-y-2 overflow-y-auto">
        {groupByDay(slots, tz).map((g) => (
          <div key={g.date}>
            <div className="text-xs font-semibold text-slate-500">{g.heading}</div>
            <ul className="flex flex-wrap gap-1">
              {g.slots.map((s) => (
                <li key={s.startTime} className="badge-secondary gap-1">
                  {formatTime(s.startTime, tz)} - {formatTime(s.endTime, tz)}
                  <button type="button" aria-label={`Remove ${formatTime(s.startTime, tz)} on ${g.heading}`} onClick={() => props.onRemove(s)}>
                    ×
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}
