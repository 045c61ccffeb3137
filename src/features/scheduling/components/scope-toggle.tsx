// "Mine / Everyone" on the dashboard's Active Sessions and Interview Status cards (issue 18).
// Shared by both islands; the choice is kept per browser so a reload keeps it.
import { useEffect, useState } from "react";

export type Scope = "mine" | "everyone";
const KEY = "frank.scope";

export function useScope(): [Scope, (s: Scope) => void] {
  const [scope, setScope] = useState<Scope>("mine");
  useEffect(() => {
    try {
      if (localStorage.getItem(KEY) === "everyone") setScope("everyone");
    } catch {
      // Storage may be off; the toggle still works for this page.
    }
  }, []);
  const choose = (s: Scope) => {
    setScope(s);
    try {
      localStorage.setItem(KEY, s);
    } catch {
      // As above.
    }
    window.dispatchEvent(new CustomEvent(KEY, { detail: s }));
  };
  // Both cards follow one choice.
  useEffect(() => {
    const on = (e: Event) => setScope((e as CustomEvent<Scope>).detail);
    window.addEventListener(KEY, on);
    return () => window.removeEventListener(KEY, on);
  }, []);
  return [scope, choose];
}

/** Keeps the rows of one interviewer ("mine") or all of them. */
// A panel's members see its interview under Mine as its holder does (issue 36).
export const inScope = <T extends { interviewerId: number; interviewerIds?: number[] }>(rows: T[], scope: Scope, meId: number | undefined) =>
  scope === "everyone" || meId === undefined ? rows : rows.filter((r) => r.interviewerId === meId || !!r.interviewerIds?.includes(meId));

export function ScopeToggle({ scope, onChange, label }: { scope: Scope; onChange: (s: Scope) => void; label: string }) {
  const btn = (s: Scope, text: string) => (
    <button
      type="button"
      className={`rounded px-2 py-0.5 text-xs font-medium ${scope === s ? "bg-white text-slate-900 shadow-sm" : "text-slate-500 hover:text-slate-800"}`}
      aria-pressed={scope === s}
      data-scope={s}
      onClick={() => onChange(s)}
    >
      {text}
    </button>
  );
  return (
    <div className="inline-flex rounded-md bg-slate-100 p-0.5" role="group" aria-label={label}>
      {btn("mine", "Mine")}
      {btn("everyone", "Everyone")}
    </div>
  );
}
