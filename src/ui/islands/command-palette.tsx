import { useEffect, useRef, useState } from "react";
import { api } from "../../client/api";
import { installAutoApply } from "../../client/auto-apply";
import type { ClientListAnswer, JobListAnswer, ParticipantPageAnswer } from "../../client/answers";

export interface PaletteSection {
  label: string;
  href: string;
}

interface Item {
  label: string;
  hint: string;
  href: string;
}

interface ParticipantHit {
  id: number;
  name: string | null;
  emailAddress: string | null;
  roleApplied: string | null;
  jobTitle: string | null;
}

const isTyping = (el: Element | null) => !!el && (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || (el as HTMLElement).isContentEditable);

/**
 * The command palette: Ctrl/Cmd+K opens it, to jump to a section, find a candidate by name (the
 * candidate search API; Enter opens the highlighted one's page) or a job or client by its name. "/" on a list page focuses that page's search field
 * ([data-page-search]). Without JavaScript the navigation's plain links do the same job.
 */
export default function CommandPalette({ sections }: { sections: PaletteSection[] }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [hits, setHits] = useState<ParticipantHit[]>([]);
  const [active, setActive] = useState(0);
  // The workspace's jobs and clients, read once when the palette first opens (short lists, matched here).
  const [places, setPlaces] = useState<Item[] | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  // The palette is on every workspace page: it also makes the pages' filter forms apply at once.
  useEffect(() => installAutoApply(), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k") {
        e.preventDefault();
        opener.current = document.activeElement as HTMLElement | null;
        setOpen((o) => !o);
        return;
      }
      if (e.key === "/" && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(document.activeElement)) {
        const search = document.querySelector<HTMLInputElement>("[data-page-search]");
        if (search) {
          e.preventDefault();
          search.focus();
          search.select();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => {
    if (!open || places) return;
    Promise.all([api<JobListAnswer>("/api/jobs").catch(() => ({ jobs: [] })), api<ClientListAnswer>("/api/clients").catch(() => ({ clients: [] }))]).then(([j, c]) =>
      setPlaces([
        ...j.jobs.map((job) => ({ label: job.title, hint: `Job${job.client ? ` · ${job.client.name}` : ""}`, href: `/jobs/${job.id}` })),
        ...c.clients.map((client) => ({ label: client.name, hint: "Client", href: `/clients/${client.id}` })),
      ]),
    );
  }, [open, places]);

  useEffect(() => {
    if (open) {
      setQuery("");
      setHits([]);
      setActive(0);
      setTimeout(() => input.current?.focus(), 0);
    } else opener.current?.focus?.();
  }, [open]);

  useEffect(() => {
    const q = query.trim();
    if (!open || q.length < 2) {
      setHits([]);
      return;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      api<ParticipantPageAnswer>(`/api/participants?search=${encodeURIComponent(q)}&limit=6`, { signal: ctrl.signal })
        .then((r) => setHits(r.participants))
        .catch(() => setHits([]));
    }, 150);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [query, open]);

  const q = query.trim().toLowerCase();
  const items: Item[] = [
    ...sections.filter((s) => !q || s.label.toLowerCase().includes(q)).map((s) => ({ label: s.label, hint: "Section", href: s.href })),
    // Jobs and clients (matched here, at once) before the candidates the server finds a moment later:
    // the late ones join the end of the list, so the highlighted item does not move under the keyboard.
    ...(q.length >= 2 ? (places ?? []).filter((it) => it.label.toLowerCase().includes(q)).slice(0, 6) : []),
    ...hits.map((p) => ({
      label: p.name || p.emailAddress || `Candidate ${p.id}`,
      hint: p.roleApplied || p.jobTitle || "Candidate",
      // The candidate's own page: Enter opens the one highlighted, not a search for the name.
      href: `/candidates/${p.id}`,
    })),
  ];
  const current = Math.min(active, Math.max(0, items.length - 1));

  function onInputKey(e: { key: string; preventDefault(): void }) {
    if (e.key === "Escape") setOpen(false);
    else if (e.key === "ArrowDown") {
      e.preventDefault();
      setActive((current + 1) % Math.max(1, items.length));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((current - 1 + items.length) % Math.max(1, items.length));
    } else if (e.key === "Enter" && items[current]) {
      e.preventDefault();
      window.location.href = items[current].href;
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        className="hidden items-center gap-2 rounded-md border border-slate-300 px-2.5 py-1.5 text-xs text-slate-500 hover:bg-slate-100 sm:inline-flex dark:border-slate-600 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        Search <kbd className="rounded border border-slate-300 px-1 font-sans dark:border-slate-600">Ctrl K</kbd>
      </button>
      {open ? (
        <div className="fixed inset-0 z-[90] flex items-start justify-center bg-slate-900/40 p-4 pt-24" onClick={() => setOpen(false)}>
          <div
            role="dialog"
            aria-modal="true"
            aria-label="Command palette"
            className="w-full max-w-lg overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl dark:border-slate-700 dark:bg-slate-900"
            onClick={(e) => e.stopPropagation()}
          >
            <input
              ref={input}
              type="text"
              role="combobox"
              aria-expanded="true"
              aria-controls="command-palette-list"
              aria-activedescendant={items[current] ? `command-item-${current}` : undefined}
              aria-label="Go to a section, or find a candidate, job or client"
              placeholder="Go to a section, or find a candidate, job or client…"
              value={query}
              onInput={(e) => {
                setQuery((e.target as HTMLInputElement).value);
                setActive(0);
              }}
              onKeyDown={onInputKey}
              className="w-full border-b border-slate-200 bg-transparent px-4 py-3 text-sm outline-none dark:border-slate-700"
            />
            <ul id="command-palette-list" role="listbox" aria-label="Results" className="max-h-80 overflow-y-auto p-2">
              {items.map((it, i) => (
                <li key={it.href + i} id={`command-item-${i}`} role="option" aria-selected={i === current}>
                  <a
                    href={it.href}
                    className={`flex items-center justify-between rounded-md px-3 py-2 text-sm ${i === current ? "bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white" : "text-slate-700 dark:text-slate-200"}`}
                    onMouseEnter={() => setActive(i)}
                  >
                    <span>{it.label}</span>
                    <span className="text-xs text-slate-500">{it.hint}</span>
                  </a>
                </li>
              ))}
              {!items.length ? <li className="px-3 py-2 text-sm text-slate-500">Nothing found</li> : null}
            </ul>
          </div>
        </div>
      ) : null}
    </>
  );
}
