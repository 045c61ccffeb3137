// Issue 60's figures: the built-in assistant's answer time on the wire (POST /api/chat/openai, no
// language model), p50/p95 of 20 questions each, on a workspace of 500 candidates with two jobs,
// three campaigns and e-mails sent to a third of them. The baseline is the count of the same run
// ("How many candidates do I have?", one read of the candidates); the filtered questions add the
// jobs, campaigns, applications and e-mails they read. One account per question: the chat allows
// 20 messages a minute per member.
// Usage: bun bench/assistant.ts   (BENCH_PORT, default 3412)
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { load, quantiles, signIn, startServer, type Server } from "./wire";

process.env.NODE_ENV ||= "production";
const { loadConfig } = await import("../src/config/env");
const { createDeps } = await import("../src/bootstrap");
const { createUser } = await import("../src/features/auth/service");
const { addParticipants } = await import("../src/features/candidates/service");
const { createJob, createCampaign } = await import("../src/features/jobs/service");
const { sampleCandidates } = await import("../src/features/candidates/sample-data");
const { ResetPasswordEmail } = await import("../src/features/auth/emails/reset-password");

const QUESTIONS = [
  "How many candidates do I have?",
  "Who is at stage 5?",
  "Which candidates expect under $120k?",
  "Who applied to the Frontend Developer job through LinkedIn?",
  "Which candidates haven't been contacted in a week?",
  "Find designers in Sydney",
];
const RUNS = 20;

const dir = mkdtempSync(join(tmpdir(), "frank-bench-assistant-"));
const env = { APP_SECRET: "bench-secret-bench-secret-bench-secret-60", DATABASE_PATH: join(dir, "bench.db"), NODE_ENV: "production" };
let server: Server | null = null;
try {
  const deps = createDeps(loadConfig({ ...env, APP_URL: "http://127.0.0.1", SMTP_URL: "smtp://127.0.0.1:2" }), { quiet: true });
  for (let q = 0; q < QUESTIONS.length; q++) {
    const user = await createUser(deps, { email: `bench${q}@example.com`, password: "bench-password-1", name: "Bench" });
    const ws = user.workspaceId;
    const actor = { userId: user.id };
    const fe = createJob(deps, ws, { title: "Frontend Developer", description: null, location: "Sydney" }, actor);
    const po = createJob(deps, ws, { title: "Product Owner", description: null, location: "Melbourne" }, actor);
    const links = [
      { jobId: fe.id, campaignId: createCampaign(deps, ws, fe.id, { name: "LinkedIn Frontend", label: null, description: null }, actor).id },
      { jobId: fe.id, campaignId: createCampaign(deps, ws, fe.id, { name: "Seek Frontend", label: null, description: null }, actor).id },
      { jobId: po.id, campaignId: createCampaign(deps, ws, po.id, { name: "LinkedIn PO", label: null, description: null }, actor).id },
    ];
    const people = sampleCandidates({ count: 500, seed: 60 + q, now: new Date(), days: 60, links });
    addParticipants(deps, ws, people);
    for (const p of people.filter((_, i) => i % 3 === 0))
      if (p.emailAddress) await deps.mail.send({ to: p.emailAddress, subject: "Hello", workspaceId: ws, email: ResetPasswordEmail({ name: "x", url: "http://localhost/x" }) });
  }
  deps.db.$client.close();

  const port = Number(process.env.BENCH_PORT ?? 3412);
  // The server's mailer has an SMTP address nobody answers: the e-mails stay on their way (retrying), as counted.
  server = await startServer(env.DATABASE_PATH, port, env.APP_SECRET, { SMTP_URL: "smtp://127.0.0.1:2", LOG_LEVEL: "silent" });
  const base = server.base;
  console.log(`built-in assistant, 500 candidates, ${RUNS} questions each (${load()})`);
  for (let q = 0; q < QUESTIONS.length; q++) {
    const cookie = await signIn(base, `bench${q}@example.com`, "bench-password-1");
    const ms: number[] = [];
    let answer = "";
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const res = await fetch(`${base}/api/chat/openai`, { method: "POST", headers: { cookie, origin: base, "content-type": "application/json" }, body: JSON.stringify({ message: QUESTIONS[q] }) });
      answer = ((await res.json()) as { response: string }).response;
      ms.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`${QUESTIONS[q]}: ${res.status}`);
    }
    const { p50, p95 } = quantiles(ms);
    console.log(`${q === 0 ? "baseline " : "         "}${QUESTIONS[q]!.padEnd(62)} p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  | ${answer.split("\n")[0]!.slice(0, 70)}`);
  }
  console.log(`(${load()})`);
} finally {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
}
