import { stageLabel } from "../../candidates/classify";
import type { Participant } from "../../candidates/model";

const stageBadge = (s: number) => (s >= 5 ? "badge-success" : s >= 3 ? "badge-warning" : "badge-secondary");

/** The rows of All Candidates: select box, id link (opens the details dialog), name, role, city, stage. */
export function CandidateTable(props: { participants: Participant[]; selected: Set<number>; onToggle: (id: number) => void; onOpen: (id: number) => void }) {
  if (!props.participants.length) return <p className="py-8 text-center text-sm text-slate-500">No candidates found</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr>
            <th className="w-8 py-2"><span className="sr-only">Select</span></th>
            <th className="py-2 pr-3">ID</th>
            <th className="py-2 pr-3">Name</th>
            <th className="py-2 pr-3">Role</th>
            <th className="py-2 pr-3">City</th>
            <th className="py-2">Stage</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {props.participants.map((p) => (
            <tr key={p.id} data-testid="candidate-row">
              <td className="py-2">
                <input type="checkbox" aria-label={`Select ${p.name ?? p.id}`} checked={props.selected.has(p.id)} onChange={() => props.onToggle(p.id)} />
              </td>
              <td className="py-2 pr-3">
                <a href={`#candidate-${p.id}`} className="font-mono text-brand-600 hover:underline" onClick={(e) => (e.preventDefault(), props.onOpen(p.id))}>#{p.id}</a>
              </td>
              <td className="py-2 pr-3">
                <div className="font-medium">{p.name || "Unnamed"}</div>
                <div className="text-xs text-slate-500">{p.emailAddress}</div>
              </td>
              <td className="py-2 pr-3">{p.roleApplied || p.jobTitle || "—"}</td>
              <td className="py-2 pr-3">{p.city || "—"}</td>
              <td className="py-2"><span className={stageBadge(p.stages)}>{stageLabel(p.stages)}</span></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
