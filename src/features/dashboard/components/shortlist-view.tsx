import { useEffect, useState } from "react";
import { api, serverMessage } from "../../../client/api";
import { toast } from "../../../client/toast";
import { stageLabel } from "../../candidates/classify";
import type { Participant } from "../../candidates/model";

interface Members {
  id: number;
  name: string;
  candidates: Participant[];
}

/**
 * The chosen shortlist: its members (they are hidden from All Candidates), remove one,
 * rename the shortlist, delete it (its candidates return to All Candidates).
 */
export function ShortlistView(props: { id: number; version: number; onRenamed: (name: string) => void; onDeleted: () => void; onChanged: () => void }) {
  const [data, setData] = useState<Members | null>(null);
  const [name, setName] = useState("");
  const [open, setOpen] = useState(false);
  const load = () =>
    api<Members>(`/api/shortlists/${props.id}/candidates`)
      .then((d) => (setData(d), setName(d.name)))
      .catch(() => setData(null));
  useEffect(() => void load(), [props.id, props.version]);
  if (!data) return null;

  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      toast({ title: done, variant: "success" });
      return true;
    } catch (e) {
      toast({ title: "Error", description: serverMessage(e) ?? "Please try again.", variant: "destructive" });
      return false;
    }
  };
  const remove = async (p: Participant) => {
    if (await act(() => api(`/api/shortlists/${props.id}/candidates/${p.id}`, { method: "DELETE" }), `${p.name ?? "Candidate"} removed from ${data.name}`)) {
      await load();
      props.onChanged();
    }
  };
  const rename = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (!name.trim()) return void toast({ title: "Please enter a shortlist name", variant: "destructive" });
    if (await act(() => api(`/api/shortlists/${props.id}`, { method: "PATCH", body: { name: name.trim() } }), "Shortlist renamed")) props.onRenamed(name.trim());
  };
  const remove_ = async () => {
    if (!confirm(`Delete the shortlist ${data.name}? Its candidates stay and return to All Candidates.`)) return;
    if (await act(() => api(`/api/shortlists/${props.id}`, { method: "DELETE" }), "Shortlist deleted")) props.onDeleted();
  };

  return (
    <div className="rounded-md border border-slate-200 p-3" data-testid="shortlist-view">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button type="button" className="text-sm font-semibold" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? "▾" : "▸"} {data.name}: {data.candidates.length} member{data.candidates.length === 1 ? "" : "s"}
        </button>
        {open ? (
          <div className="flex flex-wrap items-center gap-2">
            <form onSubmit={rename} className="flex items-center gap-2">
              <input className="input py-1" aria-label="Shortlist name" value={name} maxLength={200} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
              <button type="submit" className="btn-outline btn-sm">
                Rename
              </button>
            </form>
            <a className="btn-outline btn-sm" href={`/shortlists/${props.id}`}>
              Share with a client
            </a>
            {data.candidates.length ? (
              <a className="btn-outline btn-sm" href={`/messages/compose?shortlist=${props.id}`}>
                Write to candidates
              </a>
            ) : null}
            <button type="button" className="btn-destructive btn-sm" onClick={remove_}>
              Delete shortlist
            </button>
          </div>
        ) : null}
      </div>
      {open ? (
        data.candidates.length ? (
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {data.candidates.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-2 py-1.5">
                <span className="min-w-0">
                  <a className="font-medium hover:underline" href={`/candidates/${p.id}`}>
                    {p.name || "Unnamed"}
                  </a>
                  <span className="text-slate-500">
                    {" "}
                    · {p.roleApplied || p.jobTitle || "—"} · {`screening: ${stageLabel(p.stages)}`}
                  </span>
                </span>
                <button type="button" className="btn-ghost btn-sm" onClick={() => remove(p)} aria-label={`Remove ${p.name ?? p.id} from ${data.name}`}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-500">No candidates in this shortlist yet</p>
        )
      ) : null}
    </div>
  );
}
