import { useState } from "react";
import { api } from "../../../client/api";
import { toast } from "../../../client/toast";

export interface ShortlistOption {
  id: number;
  name: string;
}

/** Choose a shortlist, create one by name (non-empty after trimming), add the selected candidates. */
export function ShortlistControls(props: {
  shortlists: ShortlistOption[];
  chosen: number | null;
  selectedCount: number;
  onChoose: (id: number | null) => void;
  onCreated: (s: ShortlistOption) => void;
  onAdd: () => void;
}) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function create(e: { preventDefault(): void }) {
    e.preventDefault();
    if (!name.trim()) return setError("Please enter a shortlist name");
    setError(null);
    try {
      const s = await api<ShortlistOption>("/api/shortlists", { body: { name: name.trim() } });
      setName("");
      props.onCreated({ id: s.id, name: s.name });
      toast({ title: "Shortlist Created", description: `${s.name} was created.`, variant: "success" });
    } catch {
      toast({ title: "Error", description: "Failed to create shortlist", variant: "destructive" });
    }
  }

  return (
    <div className="flex flex-wrap items-end gap-3 rounded-md bg-slate-50 p-3">
      <div>
        <label className="label" htmlFor="shortlist-choice">
          Shortlist
        </label>
        <select id="shortlist-choice" className="input" value={props.chosen ?? ""} onChange={(e) => props.onChoose(Number((e.target as HTMLSelectElement).value) || null)}>
          <option value="">Choose a shortlist</option>
          {props.shortlists.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className="btn-primary" disabled={!props.chosen} onClick={props.onAdd}>
        Add selected ({props.selectedCount})
      </button>
      <form onSubmit={create} className="ml-auto flex items-end gap-2">
        <div>
          <label className="label" htmlFor="shortlist-name">
            New shortlist
          </label>
          <input id="shortlist-name" className="input" placeholder="Shortlist name" value={name} maxLength={200} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
          {error ? <p className="field-error">{error}</p> : null}
        </div>
        <button type="submit" className="btn-outline" disabled={!name.trim()}>
          Create
        </button>
      </form>
    </div>
  );
}
