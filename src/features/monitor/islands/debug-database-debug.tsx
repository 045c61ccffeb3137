import { useState } from "react";
import { api, ApiError } from "../../../client/api";
import { extractParticipant, type DebugParticipant } from "../extract";
import type { DebugListAnswer } from "../../../client/answers";

export type DebugView = "all" | "design";

export interface DatabaseDebugProps {
  view: DebugView | null;
  participants: DebugParticipant[] | null;
}

const ENDPOINT: Record<DebugView, string> = { all: "/api/participants/debug", design: "/api/participants/design-test" };

/**
 * /database-debug: Fetch All Participants and Test Design Query. Per participant, the name,
 * role and location extracted from the combined text, and which data sources are present.
 * Without JavaScript the buttons are GET forms that the server answers with the same list.
 */
export default function DatabaseDebug(props: DatabaseDebugProps) {
  const [view, setView] = useState<DebugView | null>(props.view);
  const [rows, setRows] = useState<DebugParticipant[] | null>(props.participants);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState<DebugView | null>(null);

  async function fetchView(v: DebugView) {
    setLoading(v);
    setError(null);
    try {
      const res = await api<DebugListAnswer>(ENDPOINT[v]);
      setRows(res.participants);
      setView(v);
    } catch (e) {
      setRows(null);
      setError(e instanceof ApiError ? `Error: HTTP error! status: ${e.status}` : `Error: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setLoading(null);
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap gap-2">
        <form method="get" action="/database-debug" onSubmit={(e) => (e.preventDefault(), fetchView("all"))}>
          <input type="hidden" name="view" value="all" />
          <button type="submit" className="btn-primary" disabled={loading !== null}>
            {loading === "all" ? "Fetching..." : "Fetch All Participants"}
          </button>
        </form>
        <form method="get" action="/database-debug" onSubmit={(e) => (e.preventDefault(), fetchView("design"))}>
          <input type="hidden" name="view" value="design" />
          <button type="submit" className="btn-outline" disabled={loading !== null}>
            {loading === "design" ? "Querying..." : "Test Design Query"}
          </button>
        </form>
      </div>

      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-2 text-sm font-medium text-red-800" data-testid="debug-error">
          {error}
        </p>
      ) : null}

      {rows === null ? (
        error ? null : (
          <p className="text-sm text-slate-500">Choose a query to see the participants of your workspace.</p>
        )
      ) : (
        <section data-testid="debug-results">
          <h2 className="mb-3 text-lg font-semibold">
            {view === "design" ? "Design query" : "All participants"}: {rows.length} {rows.length === 1 ? "participant" : "participants"}
          </h2>
          {rows.length === 0 ? <p className="text-sm text-slate-500">No participants found</p> : null}
          <div className="grid gap-3 md:grid-cols-2">
            {rows.map((p) => (
              <DebugCard key={p.id} p={p} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

function DebugCard({ p }: { p: DebugParticipant }) {
  const x = extractParticipant(p);
  return (
    <article className="card" data-testid="debug-participant">
      <div className="card-body space-y-2 text-sm">
        <div className="flex items-baseline justify-between gap-2">
          <h3 className="font-semibold">{x.name ?? "Unknown name"}</h3>
          <span className="text-xs text-slate-500">
            #{p.id}
            {p.unique_id ? ` · ${p.unique_id}` : ""}
          </span>
        </div>
        <dl className="grid grid-cols-[6rem_1fr] gap-x-2 gap-y-1">
          <dt className="text-slate-500">Name</dt>
          <dd>{x.name ?? "—"}</dd>
          <dt className="text-slate-500">Role</dt>
          <dd>
            {x.role}
            {p.role_applied || p.job_title ? <span className="text-slate-500"> ({p.role_applied || p.job_title})</span> : null}
          </dd>
          <dt className="text-slate-500">Location</dt>
          <dd>
            {x.location}
            {p.city ? <span className="text-slate-500"> ({p.city})</span> : null}
          </dd>
          <dt className="text-slate-500">Email</dt>
          <dd className="truncate">{p.email_address ?? "—"}</dd>
        </dl>
        <div className="flex flex-wrap gap-1.5" aria-label="Data sources">
          {x.sources.map((s) => (
            <span key={s.key} className={s.present ? "badge-success" : "badge-secondary"} data-present={String(s.present)}>
              {s.present ? "✓" : "✗"} {s.label}
            </span>
          ))}
        </div>
      </div>
    </article>
  );
}
