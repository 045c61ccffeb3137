import { SCREENING_PROGRESS, STAGE_LABELS, stageLabel } from "../../candidates/classify";
import type { Participant } from "../../candidates/model";

const stageBadge = (s: number) => (s >= 5 ? "badge-success" : s >= 3 ? "badge-warning" : "badge-secondary");

// One table; below the sm breakpoint each row is a stacked card (no sideways scrolling on a
// phone), with the column names written beside the values the header no longer labels.
const TABLE = "w-full text-left text-sm max-sm:block";
const ROW =
  "max-sm:relative max-sm:block max-sm:rounded-lg max-sm:border max-sm:border-slate-200 max-sm:bg-white max-sm:dark:border-slate-700 max-sm:dark:bg-slate-900 max-sm:py-2 max-sm:pr-3 max-sm:pl-10";
const CELL = "py-2 pr-3 max-sm:block max-sm:py-0.5 max-sm:pr-0";
const Label = ({ children }: { children: string }) => <span className="text-xs text-slate-500 sm:hidden">{children}: </span>;

/**
 * The rows of All Candidates: select box, id link (opens the details dialog), name (links to
 * the candidate page; marked with its shortlist and as test data), role, city, and a quick
 * stage control (a select when onStage is given, else the badge).
 */
export function CandidateTable(props: {
  participants: Participant[];
  selected: Set<number>;
  onToggle: (id: number) => void;
  onOpen: (id: number) => void;
  onStage?: (id: number, stage: number) => void;
  shortlistNames?: Map<number, string>;
}) {
  if (!props.participants.length) return <p className="py-8 text-center text-sm text-slate-500">No candidates found</p>;
  return (
    <div className="sm:overflow-x-auto" data-testid="candidate-table">
      <table className={TABLE}>
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 max-sm:hidden">
          <tr>
            <th className="w-8 py-2">
              <span className="sr-only">Select</span>
            </th>
            <th className="py-2 pr-3">ID</th>
            <th className="py-2 pr-3">Name</th>
            <th className="py-2 pr-3">Role</th>
            <th className="py-2 pr-3">City</th>
            <th className="py-2">{SCREENING_PROGRESS}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-sm:block max-sm:space-y-2 max-sm:divide-y-0">
          {props.participants.map((p) => (
            <tr key={p.id} data-testid="candidate-row" className={ROW}>
              <td className="py-2 max-sm:absolute max-sm:top-2.5 max-sm:left-3 max-sm:p-0">
                <input type="checkbox" aria-label={`Select ${p.name ?? p.id}`} checked={props.selected.has(p.id)} onChange={() => props.onToggle(p.id)} />
              </td>
              <td className={CELL}>
                <a href={`#candidate-${p.id}`} className="font-mono text-brand-600 hover:underline" onClick={(e) => (e.preventDefault(), props.onOpen(p.id))}>
                  #{p.id}
                </a>
              </td>
              <td className={CELL}>
                <div className="font-medium">
                  <a href={`/candidates/${p.id}`} className="hover:underline">
                    {p.name || "Unnamed"}
                  </a>
                </div>
                {p.shortlistId || p.isTest ? (
                  <p className="flex flex-wrap gap-1">
                    {p.shortlistId ? (
                      <span className="badge-secondary" data-testid="shortlist-mark">
                        Shortlist: {props.shortlistNames?.get(p.shortlistId) ?? `#${p.shortlistId}`}
                      </span>
                    ) : null}
                    {p.isTest ? <span className="badge-warning">Test data</span> : null}
                  </p>
                ) : null}
                <div className="text-xs break-all text-slate-500">{p.emailAddress}</div>
              </td>
              <td className={CELL}>
                <Label>Role</Label>
                {p.roleApplied || p.jobTitle || "—"}
                {p.matchReason ? (
                  <div className="text-xs text-slate-500" data-testid="match-reason" title="Listed for this job because of the campaign link the candidate used">
                    ({p.matchReason})
                  </div>
                ) : null}
              </td>
              <td className={CELL}>
                <Label>City</Label>
                {p.city || "—"}
              </td>
              <td className="py-2 max-sm:block max-sm:py-0.5">
                <Label>{SCREENING_PROGRESS}</Label>
                {props.onStage ? (
                  <select
                    className={`${stageBadge(p.stages)} cursor-pointer border-0`}
                    aria-label={`${SCREENING_PROGRESS} of ${p.name ?? p.id}`}
                    value={String(p.stages)}
                    onChange={(e) => props.onStage!(p.id, Number((e.target as HTMLSelectElement).value))}
                  >
                    {Object.entries(STAGE_LABELS).map(([v, label]) => (
                      <option key={v} value={v}>
                        {label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <span className={stageBadge(p.stages)}>{stageLabel(p.stages)}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
