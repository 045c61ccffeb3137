// A workspace with a history for the reports (issue 58): three members, clients, jobs, a campaign,
// sources of every kind, and months of moves (forward, back, rejected, re-opened, placed), stages
// added, reordered and removed on the way, placements invoiced, paid and fallen through, a
// candidate erased, a job deleted and two records merged. Deterministic (the clock is the test's),
// so the reports' numbers can be compared with numbers taken before a change.
import { addMember } from "./team";
import type { TestApp } from "../helpers";
import { upsertParticipantFromVisitor } from "../../src/features/candidates/service";
import { openApplication } from "../../src/features/applications/service";

const HOUR = 3_600_000;

export async function reportsScenario(t: TestApp) {
  let now = Date.parse("2031-01-05T09:00:00Z");
  const later = (hours: number) => {
    now += hours * HOUR;
    t.clock.set(new Date(now));
  };
  later(0);
  const u = await t.signUp();
  const ws = u.workspaceId;
  // Sessions end after 12 idle hours and the clock moves by days: each member signs in again when it has.
  type Member = { id: number; email: string; password: string; cookie: string; since: number };
  const fresh = async (m: Member) => {
    if (now - m.since > 10 * HOUR) Object.assign(m, { cookie: await t.login(m.email, m.password), since: now });
    return m.cookie;
  };
  const call = async (path: string, init: { method?: string; json?: unknown; member?: Member } = {}) => {
    const res = await t.request(path, { ...init, cookie: await fresh(init.member ?? members[0]!) });
    const text = await res.text();
    if (res.status >= 400) throw new Error(`${init.method ?? (init.json ? "POST" : "GET")} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const rec1 = await addMember(t, u.cookie, "recruiter");
  const rec2 = await addMember(t, u.cookie, "recruiter");
  const password = "correct-horse-battery";
  const members: Member[] = [
    { id: u.userId, email: u.email, password: u.password, cookie: u.cookie, since: now },
    { id: rec1.id, email: rec1.email, password, cookie: rec1.cookie, since: now },
    { id: rec2.id, email: rec2.email, password, cookie: rec2.cookie, since: now },
  ];
  const acme = (await call("/api/clients", { json: { name: "Acme" } })).client.id as number;
  const globex = (await call("/api/clients", { json: { name: "Globex" } })).client.id as number;
  const job = async (title: string, clientId?: number) => (await call("/api/jobs", { json: { title, clientId } })).job.id as number;
  const jobs = [await job("Backend Engineer", acme), await job("Designer", globex), await job("Nurse"), await job("Temp Cover", acme)];
  const campaign = (await call(`/api/jobs/${jobs[0]}/campaigns`, { json: { name: "Job board" } })).campaign.id as number;

  let n = 0;
  const person = (campaignId?: number, jobId?: number) =>
    upsertParticipantFromVisitor(t.deps, ws, { uniqueId: `scenario-${++n}`, name: `Person ${n}`, emailAddress: `scenario${n}@example.com`, campaignId, jobId }).id;
  const apps: { id: number; person: number; job: number; member: (typeof members)[number] }[] = [];
  const byCampaign = (jobId: number) => {
    const p = person(campaign, jobId);
    const a = t.deps.db.$client.query<{ id: number }, [number, number]>("SELECT id FROM applications WHERE participant_id = ?1 AND job_id = ?2").get(p, jobId)!;
    apps.push({ id: a.id, person: p, job: jobId, member: members[0]! });
  };
  const added = async (i: number, opts: { campaign?: boolean; source?: string } = {}) => {
    const member = members[i % 3]!;
    const jobId = jobs[i % 4]!;
    const p = person(opts.campaign ? campaign : undefined);
    let id: number;
    if (opts.source) id = t.deps.db.transaction((tx) => openApplication(t.deps, tx, ws, p, jobId, { userId: member.id }, { source: opts.source })!.id);
    else id = (await call(`/api/jobs/${jobId}/applications`, { json: { candidateId: p }, member })).application.id;
    apps.push({ id, person: p, job: jobId, member });
  };
  // 36 applications over five weeks: added by members, arrived through the campaign, from a source of their own.
  for (let i = 0; i < 36; i++) {
    later(17 + (i % 5) * 3);
    if (i % 9 === 6 || i === 13) byCampaign(jobs[0]!);
    else await added(i, { campaign: i % 7 === 3, source: i % 8 === 5 ? "linkedin" : i % 11 === 2 ? "referral" : undefined });
  }

  const move = (a: (typeof apps)[number], stage: string | number, reason?: string) => call(`/api/applications/${a.id}`, { method: "PATCH", json: { stage, rejectedReason: reason }, member: a.member });
  const stages = async () => (await call("/api/pipeline")).stages as { id: number; name: string; kind: string }[];
  const stageId = async (name: string) => (await stages()).find((s) => s.name === name)!.id;
  // Paths walked a step a round, all applications in turn: forward, back, rejected, re-opened.
  const paths: (string | [string, string])[][] = [
    ["Screening", "Interview", ["Rejected", "Salary"]],
    ["Screening", ["Rejected", "Not a fit"], "Screening", "Interview", "Offer", "Placed"],
    ["Interview"],
    ["Screening", "Interview", "Screening"],
    [],
    ["Screening", "Phone screen", "Interview", "Offer"],
    ["Screening", "Interview", "Offer", "Placed"],
    [["Rejected", "Withdrew"]],
    ["Screening", "Phone screen"],
  ];
  for (let round = 0; round < 6; round++) {
    if (round === 2) await call("/api/pipeline/stages", { json: { name: "Phone screen", position: 2 } });
    if (round === 4) await call(`/api/pipeline/stages/${await stageId("Offer")}`, { method: "PATCH", json: { position: 1 } });
    for (const [k, a] of apps.entries()) {
      const step = paths[k % paths.length]![round];
      if (!step) continue;
      if (step === "Phone screen" && round < 2) continue;
      later(5 + ((k * 7 + round * 3) % 40));
      if (Array.isArray(step)) await move(a, step[0], step[1]);
      else await move(a, step);
    }
    later(24);
  }
  // Phone screen goes; who is in it goes to Screening (their move is recorded).
  await call(`/api/pipeline/stages/${await stageId("Phone screen")}?moveTo=${await stageId("Screening")}`, { method: "DELETE" });

  // Placements: recorded on placed applications and from the API (which moves the card), one paid, one invoiced, one fallen through.
  const placed = apps.filter((_, k) => paths[k % paths.length]!.at(-1) === "Placed");
  const base = { currency: "EUR", feeType: "percent", feePercent: 20, salary: 60000, guaranteeDays: 90 };
  const placements: number[] = [];
  for (const [i, a] of placed.entries()) {
    later(30);
    const body = {
      applicationId: a.id,
      startDate: `2031-03-${String(1 + i).padStart(2, "0")}`,
      ...base,
      ...(i % 2
        ? {
            splits: [
              { userId: u.userId, percent: 60 },
              { userId: rec1.id, percent: 40 },
            ],
          }
        : {}),
    };
    placements.push((await call("/api/placements", { json: body })).placement.id);
  }
  const offers = apps.filter((_, k) => paths[k % paths.length]!.at(-1) === "Offer").slice(0, 2);
  for (const a of offers) {
    later(12);
    placements.push((await call("/api/placements", { json: { applicationId: a.id, startDate: "2031-03-20", ...base, feeType: "fixed", feeAmount: 9000 } })).placement.id);
  }
  t.clock.set(new Date("2031-03-25T10:00:00Z"));
  now = t.clock.now().getTime();
  await call(`/api/placements/${placements[0]}`, { method: "PATCH", json: { invoicedOn: "2031-03-02", paidOn: "2031-03-20" } });
  await call(`/api/placements/${placements[1]}`, { method: "PATCH", json: { invoicedOn: "2031-03-03" } });
  await call(`/api/placements/${placements.at(-1)}`, { method: "PATCH", json: { fellThroughOn: "2031-03-24", refundPercent: 50 } });

  // A rejected one re-opened after its placement elsewhere; a candidate erased; a job deleted; two records merged.
  later(3);
  await move(apps[0]!, "Offer");
  later(3);
  await call(`/api/participants/${apps[2]!.person}`, { method: "DELETE" });
  await call(`/api/jobs/${jobs[3]}`, { method: "DELETE" });
  await call("/api/participants/merge", { json: { keepId: apps[4]!.person, mergeIds: [apps[5]!.person] } });
  later(2);

  return {
    cookie: await fresh(members[0]!),
    rec1Cookie: await fresh(members[1]!),
    ids: { acme, globex, backend: jobs[0]!, designer: jobs[1]!, nurse: jobs[2]!, rec1: rec1.id, rec2: rec2.id },
  };
}

/** Every report, grouped every way, under each filter (symbolic names, so keys do not hold ids). */
export function reportUrls(ids: Awaited<ReturnType<typeof reportsScenario>>["ids"]) {
  const filters: [string, string][] = [
    ["period", "from=2030-12-01&to=2031-12-31"],
    ["default 90 days", ""],
    ["january", "from=2031-01-01&to=2031-01-31"],
    ["february on", "from=2031-02-01&to=2031-12-31"],
    ["client Acme", `from=2030-12-01&to=2031-12-31&clientId=${ids.acme}`],
    ["client Globex", `from=2030-12-01&to=2031-12-31&clientId=${ids.globex}`],
    ["job Backend", `from=2030-12-01&to=2031-12-31&jobId=${ids.backend}`],
    ["job Nurse", `from=2030-12-01&to=2031-12-31&jobId=${ids.nurse}`],
    ["recruiter 1", `from=2030-12-01&to=2031-12-31&recruiterId=${ids.rec1}`],
    ["source Direct", "from=2030-12-01&to=2031-12-31&source=Direct"],
    ["source Job board", "from=2030-12-01&to=2031-12-31&source=Job%20board"],
    ["source campaign", "from=2030-12-01&to=2031-12-31&source=campaign%3Ajob-board"],
    ["source linkedin", "from=2030-12-01&to=2031-12-31&source=linkedin"],
    ["client and recruiter", `from=2030-12-01&to=2031-12-31&clientId=${ids.acme}&recruiterId=${ids.rec2}`],
  ];
  const urls: [string, string][] = [];
  for (const report of ["funnel", "times", "sources", "interviews", "revenue"])
    for (const by of ["none", "job", "client", "source", "recruiter"])
      for (const [name, q] of filters)
        for (const finished of report === "funnel" ? ["", "&finished=1"] : [""])
          urls.push([`${report} by ${by} ${name}${finished ? " finished" : ""}`, `/reports.csv?report=${report}&by=${by}${q ? `&${q}` : ""}${finished}`]);
  return urls;
}
