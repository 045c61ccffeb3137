import { useEffect, useRef, useState } from "react";
import { api } from "../../../client/api";

export interface PickedCandidate {
  id: number;
  name: string | null;
  position: string | null;
}

interface Found {
  participants: { id: number; name: string | null; emailAddress: string | null; roleApplied: string | null; jobTitle: string | null }[];
  pagination: { total: number; totalIsLowerBound?: boolean };
}

const SHOWN = 20;
const label = (c: PickedCandidate) => `${c.name || `Candidate ${c.id}`}${c.position ? ` — ${c.position}` : ""}`;

/**
 * The Schedule Interview candidate choice: a combobox that searches every candidate of the
 * workspace on the server (name, e-mail, city, role...), shortlisted ones included, with no
 * cap. Keyboard: type to search, arrows to move, Enter to choose, Escape to close (WAI-ARIA
 * combobox with a listbox popup).
 */
export function CandidatePicker(props: { id: string; value: PickedCandidate | null; disabled?: boolean; onChange: (c: PickedCandidate | null) => void }) {
  const [text, setText] = useState(props.value ? label(props.value) : "");
  const [open, setOpen] = useState(false);
  const [results, setResults] = useState<PickedCandidate[]>([]);
  const [total, setTotal] = useState(0);
  const [capped, setCapped] = useState(false);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  const typed = useRef(false);

  useEffect(() => setText(props.value ? label(props.value) : ""), [props.value?.id]);

  useEffect(() => {
    if (!open) return;
    const ctl = new AbortController();
    const q = typed.current ? text.trim() : "";
    const t = setTimeout(() => {
      setLoading(true);
      api<Found>(`/api/participants?limit=${SHOWN}${q ? `&search=${encodeURIComponent(q)}` : ""}`, { signal: ctl.signal })
        .then((r) => {
          setResults(r.participants.map((p) => ({ id: p.id, name: p.name, position: p.roleApplied || p.jobTitle || null })));
          setTotal(r.pagination.total);
          setCapped(!!r.pagination.totalIsLowerBound);
          setActive(r.participants.length ? 0 : -1);
        })
        .catch(() => {})
        .finally(() => setLoading(false));
    }, 200);
    return () => (clearTimeout(t), ctl.abort());
  }, [text, open]);

  const choose = (c: PickedCandidate) => {
    typed.current = false;
    setOpen(false);
    setText(label(c));
    props.onChange(c);
  };
  const onKey = (e: { key: string; preventDefault(): void }) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(results.length - 1, a + 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (e.key === "Enter" && open && results[active]) {
      e.preventDefault();
      choose(results[active]!);
    } else if (e.key === "Escape") setOpen(false);
  };
  const listId = `${props.id}-list`;

  return (
    <div className="relative">
      <input
        id={props.id}
        className="input"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder="Search candidates by name, e-mail, role..."
        disabled={props.disabled}
        value={text}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKey}
        onInput={(e) => {
          typed.current = true;
          setText((e.target as HTMLInputElement).value);
          setOpen(true);
          if (props.value) props.onChange(null);
        }}
      />
      {open ? (
        <ul id={listId} role="listbox" className="absolute z-30 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg">
          {results.map((c, i) => (
            <li
              key={c.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`cursor-pointer px-3 py-1.5 ${i === active ? "bg-brand-50" : ""}`}
              onMouseDown={(e) => (e.preventDefault(), choose(c))}
              onMouseEnter={() => setActive(i)}
            >
              {label(c)} <span className="text-xs text-slate-500">#{c.id}</span>
            </li>
          ))}
          {!results.length ? <li className="px-3 py-1.5 text-slate-500">{loading ? "Searching..." : "No candidates found"}</li> : null}
          {total > results.length ? (
            <li className="px-3 py-1 text-xs text-slate-500">
              {total - results.length}
              {capped ? "+" : ""} more: type to narrow the search
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
