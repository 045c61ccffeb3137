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
 * feed or a campaign link), else the campaign the candidate arrived through (kept on the
 * application, decision 59; its name now), else "Direct" (added by a member, imported, or from a
 * CV). The campaign is looked up only when the application has no source of its own.
 */
const SOURCE = "COALESCE(a.source, (SELECT c.name FROM campaigns c WHERE c.id = a.campaign_id), 'Direct')";

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
    this.parts.push(clause.replaceAll("$", `?${this.args.length}`));
  }
  get sql() {
    return this.parts.length ? ` AND ${this.parts.join(" AND ")}` : "";
  }
}

export type Group = "job" | "client" | "source" | "recruiter" | "none";

/**
 * The period's applications (alias `a`) under the filters, read from the reports' index alone
 * (applications_report_idx). A client is the job's client now: `jobs` is read once for the filter.
 * `withSource: false` leaves the source filter to the caller (see bySourceSql).
 */
function periodApps(f: AppFilter, withSource = true) {
  const w = new Where([f.workspaceId, f.from, f.to]);
  w.add("a.job_id IN (SELECT id FROM jobs WHERE workspace_id = ?1 AND client_id = $)", f.clientId);
  w.add("a.job_id = $", f.jobId);
  w.add("a.owner_user_id = $", f.recruiterId);
  if (withSource) w.add(`${SOURCE} = $`, f.source);
  if (f.stageIds) w.parts.push(`a.stage_id IN (${f.stageIds.map(Number).join(",") || "NULL"})`);
  return { where: `a.workspace_id = ?1 AND a.created_at >= ?2 AND a.created_at < ?3${w.sql}`, args: w.args };
}

/** A group's key in SQL; a client is grouped by its jobs (the service maps each job to its client). */
const GROUP_KEY: Record<Group, string> = { job: "a.job_id", client: "a.job_id", source: "''", recruiter: "COALESCE(a.owner_user_id, 0)", none: "''" };

/**
 * Counts of the period's applications per group key and `reached`, when the source is asked for
 * (grouped or filtered by): counted per own source and kept campaign (decision 59), so each
 * campaign's name is read once per group, not once per row. Whether they have a placement (the
 * sources report counts them): the placed ones are counted from the placements (at most one per
 * application, a tenth as many) and taken off the others, instead of probing for each application.
 */
function bySourceSql(f: AppFilter, group: Group) {
  const apps = periodApps(f, false);
  const src = "COALESCE(g.source, c.name, 'Direct')";
  const args = [...apps.args];
  let filter = "";
  if (f.source !== undefined) {
    args.push(f.source);
    filter = `WHERE ${src} = ?${args.length}`;
  }
  const keys = `${GROUP_KEY[group]} AS k, a.source, a.campaign_id AS cid, a.reached`;
  // Grouped by `reached` first and without the constant key of the source and "none" groups: a year's
  // 100,000 rows sort in four fifths of the time.
  const by = `a.reached, a.campaign_id, a.source${GROUP_KEY[group] === "''" ? "" : ", k"}`;
  const sql = `WITH placed AS MATERIALIZED (
      SELECT ${keys}, count(*) AS n FROM placements pl CROSS JOIN applications a ON a.id = pl.application_id
      WHERE pl.workspace_id = ?1 AND ${apps.where} GROUP BY ${by})
    SELECT ${group === "source" ? src : "g.k"} AS grp, g.reached, g.placed, sum(g.n) AS n FROM (
      SELECT ${keys}, 0 AS placed, count(*) AS n FROM applications a WHERE ${apps.where} GROUP BY ${by}
      UNION ALL SELECT k, source, cid, reached, 0, -n FROM placed
      UNION ALL SELECT k, source, cid, reached, 1, n FROM placed) g
    LEFT JOIN campaigns c ON g.source IS NULL AND c.id = g.cid
    ${filter} GROUP BY grp, g.reached, g.placed HAVING sum(g.n) > 0`;
  return { sql, args };
}

/**
 * Funnel and sources: per group key, how many of the period's applications reached which stages
 * (`reached`, every stage each was ever moved to: the log of stage changes summed up per
 * application, decision 57). The service reads the furthest open stage from it. Grouped or
 * filtered by source, each count also says whether those applications have a placement (`placed`).
 */
export function reachCounts(db: DB, f: AppFilter, group: Group) {
  if (group === "source" || f.source !== undefined) {
    const q = bySourceSql(f, group);
    return db.$client.query<{ grp: string | number; reached: string; placed?: number; n: number }, Arg[]>(q.sql).all(...q.args);
  }
  const apps = periodApps(f);
  return db.$client
    .query<{ grp: string | number; reached: string; placed?: number; n: number }, Arg[]>(
      `SELECT ${GROUP_KEY[group]} AS grp, a.reached, count(*) AS n FROM applications a WHERE ${apps.where} GROUP BY grp, a.reached`,
    )
    .all(...apps.args);
}

/**
 * Time in stage: every finished stay of the period's applications (a move into a stage until the
 * application's next move), per stage id, in ms: read from each application's `stays` summary.
 */
export function stays(db: DB, f: AppFilter): Map<number, number[]> {
  const apps = periodApps(f);
  const out = new Map<number, number[]>();
  const rows = db.$client.query<{ stays: string }, Arg[]>(`SELECT a.stays FROM applications a WHERE ${apps.where} AND a.stays <> ''`).values(...apps.args);
  // Read digit by digit: a year of a large agency is close to a million stays, and splitting
  // each list into strings cost more than reading the rows.
  for (const row of rows) {
    const list = String(row[0]);
    let n = 0;
    let stageId = 0;
    for (let i = 0; i <= list.length; i++) {
      const ch = i < list.length ? list.charCodeAt(i) : 44;
      if (ch === 58) {
        stageId = n;
        n = 0;
      } else if (ch === 44) {
        const xs = out.get(stageId);
        if (xs) xs.push(n);
        else out.set(stageId, [n]);
        n = 0;
      } else n = n * 10 + (ch - 48);
    }
  }
  return out;
}

/**
 * Time to fill: jobs created in the period with a placement, from the job's creation to the first move into `placedStageId`.
 * CROSS JOIN keeps SQLite's join order: the period's jobs first, then their placements (placements_job_idx), then
 * their moves; left to itself the planner scanned every placement of the workspace and probed the log for each.
 */
export function fills(db: DB, f: { workspaceId: number; from: number; to: number; clientId?: number; jobId?: number; recruiterId?: number }, placedStageId: number) {
  const w = new Where([f.workspaceId, f.from, f.to, placedStageId]);
  w.add("j.client_id = $", f.clientId);
  w.add("j.id = $", f.jobId);
  w.add("pl.id IN (SELECT placement_id FROM placement_splits WHERE workspace_id = ?1 AND user_id = $)", f.recruiterId);
  return db.$client
    .query<{ jobId: number; ms: number }, Arg[]>(
      `SELECT j.id AS jobId, MIN(m.at) - j.created_at AS ms FROM jobs j
       CROSS JOIN placements pl ON pl.workspace_id = ?1 AND pl.job_id = j.id
       CROSS JOIN application_moves m ON m.workspace_id = ?1 AND m.application_id = pl.application_id AND m.to_stage_id = ?4
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
      `SELECT mt.created_at - s.created_at AS ms FROM scheduling_sessions s LEFT JOIN meetings mt INDEXED BY meetings_session_created_idx ON mt.session_id = s.id
       WHERE s.workspace_id = ?1 AND s.created_at >= ?2 AND s.created_at < ?3${w.sql}`,
    )
    .all(...w.args);
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
