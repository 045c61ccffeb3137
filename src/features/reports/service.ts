import type { Deps } from "../../deps";
import { workspaceMembers } from "../auth/members";
import { jobNames } from "../jobs/service";
import { stagesOf, successStage, type Stage } from "../applications/stages";
import { furthestPosition } from "../applications/reached";
import { recruiterFilter, seesAll, type Member } from "../placements/service";
import { centsToAmount } from "../placements/fee";
import * as repo from "./repo";
import { DAY_MS, days, medianAndP90, round1 } from "./stats";
import { REPORT_TITLES, type Report, type ReportQuery } from "./model";

const COLORS = ["#6366f1", "#0ea5e9", "#10b981", "#f59e0b", "#ef4444", "#a855f7"];

/** The report's period: `from` to `to` inclusive (dates, UTC); the last 90 days when not given. */
export function periodOf(now: Date, q: Pick<ReportQuery, "from" | "to">) {
  const to = q.to ?? now.toISOString().slice(0, 10);
  const from = q.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 89 * DAY_MS).toISOString().slice(0, 10);
  return { from, to, fromMs: Date.parse(`${from}T00:00:00Z`), toMs: Date.parse(`${to}T00:00:00Z`) + DAY_MS };
}

interface Ctx {
  deps: Deps;
  me: Member;
  q: ReportQuery;
  period: ReturnType<typeof periodOf>;
  recruiterId: number | undefined;
  names: { job: Map<number, string>; client: Map<number, string>; member: Map<number, string> };
  /** Each job's client now (0: none): a funnel by client sums its jobs. */
  jobClient: Map<number, number>;
}

function contextOf(deps: Deps, me: Member, q: ReportQuery): Ctx {
  const jobs = jobNames(deps, me.workspaceId);
  const client = new Map<number, string>();
  for (const j of jobs) if (j.client) client.set(j.client.id, j.client.name);
  return {
    deps,
    me,
    q,
    period: periodOf(deps.clock.now(), q),
    recruiterId: recruiterFilter(me, q.recruiterId),
    names: { job: new Map(jobs.map((j) => [j.id, j.title])), client, member: new Map(workspaceMembers(deps, me.workspaceId).map((m) => [m.id, m.name || m.email])) },
    jobClient: new Map(jobs.map((j) => [j.id, j.clientId ?? 0])),
  };
}

const appFilter = (c: Ctx): repo.AppFilter => ({
  workspaceId: c.me.workspaceId,
  from: c.period.fromMs,
  to: c.period.toMs,
  clientId: c.q.clientId,
  jobId: c.q.jobId,
  recruiterId: c.recruiterId,
  source: c.q.source,
});

function groupName(c: Ctx, by: string, key: string | number): string {
  if (by === "job") return c.names.job.get(Number(key)) ?? `Job #${key}`;
  if (by === "client") return Number(key) ? (c.names.client.get(Number(key)) ?? `Client #${key}`) : "No client";
  if (by === "recruiter") return Number(key) ? (c.names.member.get(Number(key)) ?? `Member #${key}`) : "Nobody";
  return by === "source" ? String(key) : "All applications";
}

const openPositions = (open: Stage[]) => new Map(open.map((s) => [s.id, s.position]));

const pct = (a: number, b: number) => (b ? Math.round((a / b) * 1000) / 10 : null);

function funnel(c: Ctx): Report {
  const stages = stagesOf(c.deps, c.me.workspaceId);
  const open = stages.filter((s) => s.kind === "open");
  const finished = c.q.finished ? [successStage(stages)?.id, stages.find((s) => s.kind === "rejected")?.id].filter((x): x is number => !!x) : undefined;
  const positions = openPositions(open);
  const groups = new Map<string, number[]>();
  for (const r of repo.reachCounts(c.deps.db, { ...appFilter(c), stageIds: finished }, c.q.by)) {
    const furthest = furthestPosition(r.reached, positions);
    if (furthest === null) continue;
    const key = c.q.by === "client" ? String(c.jobClient.get(Number(r.grp)) ?? 0) : String(r.grp);
    const reached = groups.get(key) ?? open.map(() => 0);
    open.forEach((s, i) => {
      if (furthest >= s.position) reached[i]! += r.n;
    });
    groups.set(key, reached);
  }
  const notes = [
    `Applications created from ${c.period.from} to ${c.period.to}${finished ? ", only those finished (placed or rejected)" : ""}. A stage counts every application that reached it or a later one, from the log of stage changes: one rejected after the interview still reached Interview.`,
  ];
  if (c.q.by === "none") {
    const reached = groups.get("") ?? open.map(() => 0);
    return {
      name: "funnel",
      title: REPORT_TITLES.funnel,
      notes,
      chart: { unit: "applications", stacked: false, categories: open.map((s) => s.name), series: [{ name: "Reached", color: COLORS[0]!, values: reached }] },
      columns: ["Pipeline stage", "Reached", "Conversion to the next stage (%)", "Share of all (%)"],
      rows: open.map((s, i) => [s.name, reached[i]!, i + 1 < open.length ? pct(reached[i + 1]!, reached[i]!) : null, pct(reached[i]!, reached[0]!)]),
    };
  }
  const list = [...groups.entries()].map(([k, reached]) => ({ name: groupName(c, c.q.by, k), reached })).sort((a, b) => b.reached[0]! - a.reached[0]! || a.name.localeCompare(b.name));
  const shown = list.slice(0, 15);
  const last = open.length - 1;
  return {
    name: "funnel",
    title: REPORT_TITLES.funnel,
    notes: [...notes, list.length > 15 ? `The chart shows the 15 largest of ${list.length}; the table and the CSV have them all.` : ""].filter(Boolean),
    chart: {
      unit: "applications",
      stacked: false,
      categories: shown.map((g) => g.name),
      series: [0, Math.min(2, last), last].filter((v, i, a) => a.indexOf(v) === i).map((i, k) => ({ name: open[i]!.name, color: COLORS[k]!, values: shown.map((g) => g.reached[i]!) })),
    },
    columns: [c.q.by[0]!.toUpperCase() + c.q.by.slice(1), ...open.map((s) => s.name), `${open[last]?.name ?? "Placed"} of all (%)`],
    rows: list.map((g) => [g.name, ...g.reached, pct(g.reached[last]!, g.reached[0]!)]),
  };
}

function times(c: Ctx): Report {
  const stages = stagesOf(c.deps, c.me.workspaceId);
  const placed = successStage(stages);
  const byStage = repo.stays(c.deps.db, appFilter(c));
  const f = { workspaceId: c.me.workspaceId, from: c.period.fromMs, to: c.period.toMs, clientId: c.q.clientId, jobId: c.q.jobId, recruiterId: c.recruiterId };
  const fills = placed ? repo.fills(c.deps.db, f, placed.id).map((r) => r.ms) : [];
  const jobs = repo.jobsCreated(c.deps.db, f);
  const sched = repo.schedulings(c.deps.db, f);
  const booked = sched.filter((s) => s.ms !== null).map((s) => s.ms!);
  const measures = [
    ...stages.filter((s) => s.kind === "open" && s.id !== placed?.id).map((s) => ({ name: `In ${s.name}`, xs: byStage.get(s.id) ?? [], of: null as string | null })),
    { name: "Time to fill", xs: fills, of: `${fills.length} of ${jobs} jobs filled` },
    { name: "Time to schedule", xs: booked, of: `${booked.length} of ${sched.length} sessions booked` },
  ];
  const stats = measures.map((m) => {
    const q = medianAndP90(m.xs);
    return { ...m, median: days(q.median), p90: days(q.p90) };
  });
  return {
    name: "times",
    title: REPORT_TITLES.times,
    notes: [
      `In days. Time in a stage: finished stays of applications created from ${c.period.from} to ${c.period.to}. Time to fill: jobs created in the period, from the job's creation to its first candidate placed. Time to schedule: sessions sent in the period, from sending to the booking (client and job filters do not apply to it).`,
    ],
    chart: {
      unit: "days",
      stacked: false,
      categories: stats.map((s) => s.name),
      series: [
        { name: "Median", color: COLORS[0]!, values: stats.map((s) => s.median ?? 0) },
        { name: "90th percentile", color: COLORS[3]!, values: stats.map((s) => s.p90 ?? 0) },
      ],
    },
    columns: ["Measure", "Count", "Median (days)", "90th percentile (days)", "Of"],
    rows: stats.map((s) => [s.name, s.xs.length, s.median, s.p90, s.of]),
  };
}

function sources(c: Ctx): Report {
  const open = stagesOf(c.deps, c.me.workspaceId).filter((s) => s.kind === "open");
  const interview = open.find((s) => s.name.toLowerCase() === "interview") ?? open[Math.min(2, open.length - 1)];
  const positions = openPositions(open);
  const counts = new Map<string, { source: string; applications: number; interviews: number; placements: number }>();
  const of = (source: string) => counts.get(source) ?? counts.set(source, { source, applications: 0, interviews: 0, placements: 0 }).get(source)!;
  for (const r of repo.reachCounts(c.deps.db, appFilter(c), "source")) {
    const row = of(String(r.grp));
    row.applications += r.n;
    if ((furthestPosition(r.reached, positions) ?? -1) >= (interview?.position ?? 0)) row.interviews += r.n;
    if (r.placed) row.placements += r.n;
  }
  const rows = [...counts.values()].sort((a, b) => b.applications - a.applications || a.source.localeCompare(b.source));
  const shown = rows.slice(0, 15);
  return {
    name: "sources",
    title: REPORT_TITLES.sources,
    notes: [
      `Applications created from ${c.period.from} to ${c.period.to} by where they came from: the campaign link the candidate arrived through, or Direct. Interviews: those that reached ${interview?.name ?? "Interview"}; placements: those with a placement.`,
    ],
    chart: {
      unit: "applications",
      stacked: false,
      categories: shown.map((r) => r.source),
      series: [
        { name: "Applications", color: COLORS[0]!, values: shown.map((r) => r.applications) },
        { name: "Interviews", color: COLORS[1]!, values: shown.map((r) => r.interviews) },
        { name: "Placements", color: COLORS[2]!, values: shown.map((r) => r.placements) },
      ],
    },
    columns: ["Source", "Applications", "Interviews", "Placements", "Placed (%)"],
    rows: rows.map((r) => [r.source, r.applications, r.interviews, r.placements, pct(r.placements, r.applications)]),
  };
}

const OUTCOMES = [
  ["held", "Held"],
  ["canceled", "Canceled"],
  ["no_show_candidate", "Candidate did not attend"],
  ["no_show_interviewer", "Interviewer did not attend"],
  ["upcoming", "Upcoming"],
] as const;

function interviews(c: Ctx): Report {
  const rows = repo.interviewLoad(c.deps.db, { workspaceId: c.me.workspaceId, from: c.period.fromMs, to: c.period.toMs, now: c.deps.clock.now().getTime(), recruiterId: c.recruiterId });
  const weeks = [...new Set(rows.map((r) => r.week))].sort();
  const perWeek = (o: string) => weeks.map((w) => rows.filter((r) => r.week === w && r.outcome === o).reduce((n, r) => n + r.n, 0));
  const load = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const k = `${r.userId}|${r.week}`;
    const v = load.get(k) ?? {};
    v[r.outcome] = (v[r.outcome] ?? 0) + r.n;
    load.set(k, v);
  }
  const table = [...load.entries()]
    .map(([k, v]) => {
      const [user, week] = k.split("|");
      const counts = OUTCOMES.map(([o]) => v[o] ?? 0);
      return [c.names.member.get(Number(user)) ?? `Member #${user}`, week!, ...counts, counts.reduce((a, b) => a + b, 0)] as (string | number)[];
    })
    .sort((a, b) => String(a[1]).localeCompare(String(b[1])) || String(a[0]).localeCompare(String(b[0])));
  return {
    name: "interviews",
    title: REPORT_TITLES.interviews,
    notes: [
      `Interviews that start from ${c.period.from} to ${c.period.to}, by the week they start in (weeks begin on Monday) and their interviewer. Held: completed, or ended and not marked otherwise.`,
    ],
    chart: { unit: "interviews", stacked: true, categories: weeks.map((w) => `Week of ${w}`), series: OUTCOMES.map(([o, name], i) => ({ name, color: COLORS[i]!, values: perWeek(o) })) },
    columns: ["Interviewer", "Week of", ...OUTCOMES.map(([, n]) => n), "Total"],
    rows: table,
  };
}

function revenue(c: Ctx): Report {
  const rows = repo.revenue(c.deps.db, { workspaceId: c.me.workspaceId, from: c.period.from, to: c.period.to, clientId: c.q.clientId, jobId: c.q.jobId, recruiterId: c.recruiterId });
  const by = c.q.by === "client" || c.q.by === "recruiter" ? c.q.by : "month";
  const keyOf = (r: (typeof rows)[number]) => (by === "client" ? groupName(c, "client", r.clientId ?? 0) : by === "recruiter" ? groupName(c, "recruiter", r.userId) : r.month);
  const currencies = new Map<string, number>();
  for (const r of rows) currencies.set(r.currency, (currencies.get(r.currency) ?? 0) + r.cents);
  const main = [...currencies.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "EUR";
  const groups = new Map<string, { currency: string; key: string; paid: number; invoiced: number; expected: number; n: number }>();
  for (const r of rows) {
    const key = keyOf(r);
    const k = `${key}|${r.currency}`;
    const g = groups.get(k) ?? { currency: r.currency, key, paid: 0, invoiced: 0, expected: 0, n: 0 };
    g[r.status as "paid" | "invoiced" | "expected"] += r.cents;
    g.n += r.n;
    groups.set(k, g);
  }
  const list = [...groups.values()].sort(
    (a, b) => (by === "month" ? a.key.localeCompare(b.key) : b.paid + b.invoiced + b.expected - (a.paid + a.invoiced + a.expected)) || a.currency.localeCompare(b.currency),
  );
  const inMain = list.filter((g) => g.currency === main).slice(0, 24);
  const amount = (cents: number) => centsToAmount(Math.round(cents));
  return {
    name: "revenue",
    title: REPORT_TITLES.revenue,
    notes: [
      `Fees net of refunds, of placements with an invoice date from ${c.period.from} to ${c.period.to}, by ${by}${by === "recruiter" || c.recruiterId ? " (each member's share of the split)" : ""}. Paid: marked paid; invoiced: invoiced, not yet paid; expected: not yet invoiced.${currencies.size > 1 ? ` The chart is in ${main}; the table has every currency.` : ""}`,
    ],
    chart: {
      unit: main,
      stacked: true,
      categories: inMain.map((g) => g.key),
      series: [
        { name: "Paid", color: COLORS[2]!, values: inMain.map((g) => amount(g.paid)) },
        { name: "Invoiced", color: COLORS[3]!, values: inMain.map((g) => amount(g.invoiced)) },
        { name: "Expected", color: COLORS[1]!, values: inMain.map((g) => amount(g.expected)) },
      ],
    },
    columns: [by[0]!.toUpperCase() + by.slice(1), "Currency", "Paid", "Invoiced", "Expected", "Total", "Placements"],
    rows: list.map((g) => [g.key, g.currency, amount(g.paid), amount(g.invoiced), amount(g.expected), amount(g.paid + g.invoiced + g.expected), round1(g.n)]),
  };
}

const BUILD = { funnel, times, sources, interviews, revenue };

/** One report for the member: owners and admins see everyone's numbers, a recruiter their own. */
export function runReport(deps: Deps, me: Member, q: ReportQuery): Report {
  return BUILD[q.report](contextOf(deps, me, q));
}

/** The filter choices of the page (jobs, clients, members, sources seen). */
export function filterChoices(deps: Deps, me: Member) {
  const jobs = jobNames(deps, me.workspaceId);
  const clients = new Map<number, string>();
  for (const j of jobs) if (j.client) clients.set(j.client.id, j.client.name);
  return {
    jobs: jobs.map((j) => ({ id: j.id, name: j.title })),
    clients: [...clients].map(([id, name]) => ({ id, name })),
    members: seesAll(me) ? workspaceMembers(deps, me.workspaceId).map((m) => ({ id: m.id, name: m.name || m.email })) : [],
    seesAll: seesAll(me),
  };
}
