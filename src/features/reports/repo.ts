// The reports' reads (issue 58): one aggregate query each over the pipeline's tables, the moves
// log, placements and interviews. Reports write nothing; every query is scoped to the workspace.
import type { DB } from "../../db/client";

export interface AppFilter {
  workspaceId: number;
  /** Epoch ms, [from, to). */
  from: number;
  to: number;
  clientId?: number;
  jobId?: number;
  /** The application's owner. */
  recruiterId?: number;
  source?: string;
  /** Only applications now in one of these stages (finished: placed or rejected). */
  stageIds?: number[];
}

/**
 * Where an application came from: its own source (the careers site's `?source=`, `utm_source`, a
 * feed or a campaign link), else the campaign the candidate arrived through, else "Direct" (added
 * by a member, imported, or from a CV).
 */
const SOURCE = "COALESCE(a.source, c.name, 'Direct')";

type Arg = string | number;
class Where {
  readonly args: Arg[];
  readonly parts: string[] = [];
  constructor(first: Arg[]) {
    this.args = [...first];
  }
  add(clause: string, v: Arg | undefined) {
    if (v === undefined) return;
    this.args.push(v);
    this.parts.push(clause.replace("$", `?${this.args.length}`));
  }
  get sql() {
    return this.parts.length ? ` AND ${this.parts.join(" AND ")}` : "";
  }
}

/** The period's applications with their group key, as a CTE `apps(id, grp)`. */
function appsCte(f: AppFilter, group: "job" | "client" | "source" | "recruiter" | "none") {
  const w = new Where([f.workspaceId, f.from, f.to]);
  w.add("j.client_id = $", f.clientId);
  w.add("a.job_id = $", f.jobId);
  w.add("a.owner_user_id = $", f.recruiterId);
  w.add(`${SOURCE} = $`, f.source);
  if (f.stageIds) w.parts.push(`a.stage_id IN (${f.stageIds.map(Number).join(",") || "NULL"})`);
  const needsSource = group === "source" || f.source !== undefined;
  const grp = { job: "a.job_id", client: "COALESCE(j.client_id, 0)", source: SOURCE, recruiter: "COALESCE(a.owner_user_id, 0)", none: "''" }[group];
  const sql = `apps AS (
    SELECT a.id, ${grp} AS grp FROM applications a JOIN jobs j ON j.id = a.job_id
    ${needsSource ? "JOIN participants p ON p.id = a.participant_id LEFT JOIN campaigns c ON c.id = p.campaign_id" : ""}
    WHERE a.workspace_id = ?1 AND a.created_at >= ?2 AND a.created_at < ?3${w.sql})`;
  return { sql, args: w.args };
}

/** Funnel: per group, how many applications got at most as far as each open stage's position. */
export function furthestCounts(db: DB, f: AppFilter, group: "job" | "client" | "source" | "recruiter" | "none") {
  const cte = appsCte(f, group);
  return db.$client
    .query<{ grp: string | number; furthest: number; n: number }, Arg[]>(
      `WITH ${cte.sql}, reach AS (
         SELECT apps.grp, MAX(s.position) AS furthest FROM apps
         JOIN application_moves m ON m.workspace_id = ?1 AND m.application_id = apps.id
         JOIN pipeline_stages s ON s.id = m.to_stage_id AND s.kind = 'open'
         GROUP BY apps.id)
       SELECT grp, furthest, count(*) AS n FROM reach GROUP BY grp, furthest`,
    )
    .all(...cte.args);
}

/** Time in stage: every finished stay (the move into a stage and the next move out), per stage, in ms. */
export function stays(db: DB, f: AppFilter) {
  const cte = appsCte(f, "none");
  return db.$client
    .query<{ stageId: number; ms: number }, Arg[]>(
      `WITH ${cte.sql}, seq AS (
         SELECT m.to_stage_id AS stageId, m.at, LEAD(m.at) OVER (PARTITION BY m.application_id ORDER BY m.at, m.id) AS next
         FROM apps JOIN application_moves m ON m.workspace_id = ?1 AND m.application_id = apps.id)
       SELECT stageId, next - at AS ms FROM seq WHERE next IS NOT NULL`,
    )
    .all(...cte.args);
}

/** Time to fill: jobs created in the period with a placement, from the job's creation to the first move into `placedStageId`. */
export function fills(db: DB, f: { workspaceId: number; from: number; to: number; clientId?: number; jobId?: number; recruiterId?: number }, placedStageId: number) {
  const w = new Where([f.workspaceId, f.from, f.to, placedStageId]);
  w.add("j.client_id = $", f.clientId);
  w.add("j.id = $", f.jobId);
  w.add("pl.id IN (SELECT placement_id FROM placement_splits WHERE workspace_id = ?1 AND user_id = $)", f.recruiterId);
  return db.$client
    .query<{ jobId: number; ms: number }, Arg[]>(
      `SELECT j.id AS jobId, MIN(m.at) - j.created_at AS ms FROM jobs j
       JOIN placements pl ON pl.workspace_id = ?1 AND pl.job_id = j.id
       JOIN application_moves m ON m.workspace_id = ?1 AND m.application_id = pl.application_id AND m.to_stage_id = ?4
       WHERE j.workspace_id = ?1 AND j.created_at >= ?2 AND j.created_at < ?3${w.sql} GROUP BY j.id`,
    )
    .all(...w.args);
}

/** How many jobs were created in the period (time to fill's denominator). */
export function jobsCreated(db: DB, f: { workspaceId: number; from: number; to: number; clientId?: number; jobId?: number }) {
  const w = new Where([f.workspaceId, f.from, f.to]);
  w.add("j.client_id = $", f.clientId);
  w.add("j.id = $", f.jobId);
  return db.$client.query<{ n: number }, Arg[]>(`SELECT count(*) AS n FROM jobs j WHERE j.workspace_id = ?1 AND j.created_at >= ?2 AND j.created_at < ?3${w.sql}`).get(...w.args)?.n ?? 0;
}

/** Time to schedule: sessions sent in the period and booked, from sending to the booking. */
export function schedulings(db: DB, f: { workspaceId: number; from: number; to: number; recruiterId?: number }) {
  const w = new Where([f.workspaceId, f.from, f.to]);
  w.add("s.user_id = $", f.recruiterId);
  return db.$client
    .query<{ ms: number | null }, Arg[]>(
      `SELECT mt.created_at - s.created_at AS ms FROM scheduling_sessions s LEFT JOIN meetings mt ON mt.session_id = s.id
       WHERE s.workspace_id = ?1 AND s.created_at >= ?2 AND s.created_at < ?3${w.sql}`,
    )
    .all(...w.args);
}

/** Sources: per source, the period's applications, how many reached `interviewPosition`, and how many were placed. */
export function bySource(db: DB, f: AppFilter, interviewPosition: number) {
  const cte = appsCte(f, "source");
  cte.args.push(interviewPosition);
  const pos = `?${cte.args.length}`;
  return db.$client
    .query<{ source: string; applications: number; interviews: number; placements: number }, Arg[]>(
      `WITH ${cte.sql}
       SELECT apps.grp AS source, count(*) AS applications,
         sum(EXISTS (SELECT 1 FROM application_moves m JOIN pipeline_stages s ON s.id = m.to_stage_id
                     WHERE m.workspace_id = ?1 AND m.application_id = apps.id AND s.kind = 'open' AND s.position >= ${pos})) AS interviews,
         sum(EXISTS (SELECT 1 FROM placements pl WHERE pl.application_id = apps.id)) AS placements
       FROM apps GROUP BY apps.grp ORDER BY applications DESC`,
    )
    .all(...cte.args);
}

/** Interviews that started in the period, per interviewer, week (Monday, YYYY-MM-DD) and outcome. */
export function interviewLoad(db: DB, f: { workspaceId: number; from: number; to: number; now: number; recruiterId?: number }) {
  const w = new Where([f.workspaceId, f.from, f.to, f.now]);
  w.add("mt.user_id = $", f.recruiterId);
  return db.$client
    .query<{ userId: number; week: string; outcome: string; n: number }, Arg[]>(
      `SELECT mt.user_id AS userId, date(mt.start_time / 1000, 'unixepoch', 'weekday 1', '-7 days') AS week,
         CASE WHEN mt.status = 'canceled' THEN 'canceled'
              WHEN mt.status = 'no_show' THEN 'no_show_' || COALESCE(mt.no_show_by, 'candidate')
              WHEN mt.status = 'completed' OR (mt.status = 'scheduled' AND mt.end_time <= ?4) THEN 'held'
              ELSE 'upcoming' END AS outcome,
         count(*) AS n
       FROM meetings mt WHERE mt.workspace_id = ?1 AND mt.start_time >= ?2 AND mt.start_time < ?3${w.sql}
       GROUP BY userId, week, outcome`,
    )
    .all(...w.args);
}

/** Revenue: placements invoiced in the period (by invoice date), their net fee (or a member's split share of it) by month, client, status and currency. */
export function revenue(db: DB, f: { workspaceId: number; from: string; to: string; clientId?: number; jobId?: number; recruiterId?: number }) {
  const w = new Where([f.workspaceId, f.from, f.to]);
  w.add("pl.client_id = $", f.clientId);
  w.add("pl.job_id = $", f.jobId);
  w.add("sp.user_id = $", f.recruiterId);
  return db.$client
    .query<{ month: string; clientId: number | null; userId: number; currency: string; status: string; cents: number; n: number }, Arg[]>(
      `SELECT substr(pl.invoice_date, 1, 7) AS month, pl.client_id AS clientId, sp.user_id AS userId, pl.currency,
         CASE WHEN pl.paid_on IS NOT NULL THEN 'paid' WHEN pl.invoiced_on IS NOT NULL THEN 'invoiced' ELSE 'expected' END AS status,
         sum((pl.fee_cents - pl.refund_cents) * sp.basis_points / 10000.0) AS cents, sum(sp.basis_points) / 10000.0 AS n
       FROM placements pl JOIN placement_splits sp ON sp.placement_id = pl.id
       WHERE pl.workspace_id = ?1 AND pl.invoice_date >= ?2 AND pl.invoice_date <= ?3${w.sql}
       GROUP BY month, clientId, sp.user_id, pl.currency, status`,
    )
    .all(...w.args);
}
