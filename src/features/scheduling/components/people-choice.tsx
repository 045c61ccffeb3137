/**
 * Who a free-times session offers (issue 36 items 3 and 4), on the Schedule Interview card: the
 * interviewer alone, a panel beside them (each member required or optional), or "any of" a pool.
 * Pure props in, a value out; the card turns the value into the request's `interviewers` or `pool`.
 */
export type PeopleValue = { kind: "one" } | { kind: "panel"; members: { userId: number; required: boolean }[] } | { kind: "pool"; userIds: number[]; strategy: "fair" | "first-available" };

/** The request fields a choice adds to POST /api/scheduling-sessions (none for one interviewer). */
export function peopleFields(
  v: PeopleValue,
  organiserId: number | null,
): { interviewers?: { userId: number; required: boolean }[]; pool?: { userIds: number[]; strategy: "fair" | "first-available" } } {
  if (v.kind === "panel") {
    const members = v.members.filter((m) => m.userId !== organiserId);
    return members.length ? { interviewers: members } : {};
  }
  if (v.kind === "pool") return { pool: { userIds: v.userIds, strategy: v.strategy } };
  return {};
}

/** What is missing before a choice can be sent, or null. */
export function peopleProblem(v: PeopleValue): string | null {
  if (v.kind === "pool" && v.userIds.length < 2) return "A pool needs at least two members";
  return null;
}

interface Props {
  members: { id: number; name: string }[];
  /** The interviewer chosen above (the panel is beside them, so they are not listed for it). */
  organiserId: number | null;
  value: PeopleValue;
  onChange: (v: PeopleValue) => void;
}

export function PeopleChoice({ members, organiserId, value, onChange }: Props) {
  const others = members.filter((m) => m.id !== organiserId);
  const panelOf = (id: number) => (value.kind === "panel" ? value.members.find((m) => m.userId === id) : undefined);
  const setPanel = (id: number, state: "no" | "required" | "optional") => {
    const rest = value.kind === "panel" ? value.members.filter((m) => m.userId !== id) : [];
    onChange({ kind: "panel", members: state === "no" ? rest : [...rest, { userId: id, required: state === "required" }] });
  };
  const inPool = (id: number) => value.kind === "pool" && value.userIds.includes(id);
  const togglePool = (id: number) => {
    const ids = value.kind === "pool" ? value.userIds : [];
    onChange({ kind: "pool", strategy: value.kind === "pool" ? value.strategy : "fair", userIds: ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id] });
  };
  return (
    <fieldset className="space-y-2" data-testid="sched-people">
      <legend className="label">Who interviews</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <label className="flex items-center gap-2">
          <input type="radio" name="sched-people" checked={value.kind === "one"} onChange={() => onChange({ kind: "one" })} />
          The interviewer alone
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="sched-people" checked={value.kind === "panel"} onChange={() => onChange({ kind: "panel", members: [] })} />
          A panel
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="sched-people" checked={value.kind === "pool"} onChange={() => onChange({ kind: "pool", userIds: [], strategy: "fair" })} />
          Any one of a pool
        </label>
      </div>
      {value.kind === "panel" ? (
        <div className="space-y-1">
          <p className="text-xs text-slate-500">A start is offered when the interviewer and every required member are free; optional members are invited when they are free.</p>
          {others.map((m) => (
            <div key={m.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>{m.name}</span>
              <select
                className="input w-auto py-1"
                aria-label={`${m.name} on the panel`}
                value={panelOf(m.id) ? (panelOf(m.id)!.required ? "required" : "optional") : "no"}
                onChange={(e) => setPanel(m.id, e.currentTarget.value as "no" | "required" | "optional")}
              >
                <option value="no">Not on the panel</option>
                <option value="required">Required</option>
                <option value="optional">Optional</option>
              </select>
            </div>
          ))}
        </div>
      ) : null}
      {value.kind === "pool" ? (
        <div className="space-y-1">
          <p className="text-xs text-slate-500">A start is offered when one of them is free; at booking one free member is chosen.</p>
          {members.map((m) => (
            <label key={m.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={inPool(m.id)} onChange={() => togglePool(m.id)} />
              {m.name}
            </label>
          ))}
          <label className="block text-sm">
            <span className="label">Who takes it</span>
            <select className="input" value={value.strategy} onChange={(e) => onChange({ ...value, strategy: e.currentTarget.value as "fair" | "first-available" })}>
              <option value="fair">Fair: the one with the fewest pool interviews in 30 days</option>
              <option value="first-available">First available, in the order listed</option>
            </select>
          </label>
        </div>
      ) : null}
    </fieldset>
  );
}
