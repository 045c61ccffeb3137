// The built-in assistant understands the filters it offers (salary, job, campaign or source,
// screening stage, last contact, city, role, top N) or says which part it could not apply: a
// table of questions and the candidates each answer names, on one seeded workspace.
import { beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { addParticipants } from "../candidates/service";
import { ResetPasswordEmail } from "../auth/emails/reset-password";

// An SMTP address, so e-mails are on their way (pending) rather than skipped; no worker sends them here.
const t = makeTestApp({ SMTP_URL: "smtp://127.0.0.1:2" });
const NOW = new Date("2026-12-07T00:00:00Z");
const DAY = 86_400_000;
let cookie = "";

const NAMES = ["Ava Stone", "Ben Hart", "Cara Diaz", "Dev Rao", "Eli Ward", "Fay Lim"] as const;

beforeAll(async () => {
  t.clock.set(NOW);
  const u = await t.signUp();
  cookie = u.cookie;
  const job = async (title: string) => ((await (await t.request("/api/jobs", { json: { title }, cookie })).json()) as any).job.id as number;
  const campaign = async (jobId: number, name: string) => ((await (await t.request(`/api/jobs/${jobId}/campaigns`, { json: { name }, cookie })).json()) as any).campaign.id as number;
  const fe = await job("Frontend Developer");
  const po = await job("Product Owner");
  const [feLinkedIn, feSeek, poLinkedIn] = [await campaign(fe, "LinkedIn Frontend"), await campaign(fe, "Seek Frontend"), await campaign(po, "LinkedIn PO")];
  addParticipants(t.deps, u.workspaceId, [
    { name: "Ava Stone", roleApplied: "Frontend Developer", city: "Sydney", stages: 2, salaryExpectation: "$110k", jobId: fe, campaignId: feLinkedIn, emailAddress: "ava@example.com" },
    { name: "Ben Hart", roleApplied: "Frontend Developer", city: "Melbourne", stages: 3, salaryExpectation: "$130,000", jobId: fe, campaignId: feSeek, emailAddress: "ben@example.com" },
    { name: "Cara Diaz", roleApplied: "Product Owner", city: "Sydney", stages: 5, salaryExpectation: "115000 AUD", jobId: po, campaignId: poLinkedIn, emailAddress: "cara@example.com" },
    { name: "Dev Rao", roleApplied: "UX Designer", city: "Brisbane", stages: 5, salaryExpectation: "$100k–$125k", emailAddress: "dev@example.com" },
    { name: "Eli Ward", roleApplied: "Developer", city: "Perth", stages: 1, salaryExpectation: "$85/hour", emailAddress: "eli@example.com" },
    { name: "Fay Lim", roleApplied: "Manager", city: "Sydney", stages: 4, emailAddress: "fay@example.com" },
  ]);
  // Last contact: Ava 2 days ago, Ben 10 days ago, Dev yesterday; Cara, Eli and Fay never.
  for (const [to, daysAgo] of [
    ["ava@example.com", 2],
    ["ben@example.com", 10],
    ["DEV@example.com", 1],
  ] as const) {
    t.clock.set(new Date(NOW.getTime() - daysAgo * DAY));
    await t.deps.mail.send({ to, subject: "Hello", workspaceId: u.workspaceId, email: ResetPasswordEmail({ name: "x", url: "http://localhost/x" }) });
  }
  t.clock.set(NOW);
});

type Row = { q: string; names: (typeof NAMES)[number][]; says?: string[] };

const TABLE: Row[] = [
  // Salary: a range counts by its top; hourly rates and missing ones are left out, and that is said.
  { q: "Which candidates expect under $120k?", names: ["Ava Stone", "Cara Diaz"], says: ["expecting under $120,000 a year", "2 candidate(s) otherwise matching gave no yearly salary"] },
  { q: "How many candidates expect over $120k?", names: [], says: ["1 candidate(s) expecting over $120,000 a year."] },
  { q: "Which designers in Brisbane expect between $90k and $130k?", names: ["Dev Rao"] },
  // Job, and campaign or source.
  { q: "Who applied to the Frontend Developer job through LinkedIn?", names: ["Ava Stone"], says: ["who applied to the Frontend Developer job, through LinkedIn"] },
  { q: "Who applied to the Frontend Developer job?", names: ["Ava Stone", "Ben Hart"] },
  { q: "Which candidates came via the Seek campaign?", names: ["Ben Hart"] },
  { q: "Who applied through LinkedIn?", names: ["Ava Stone", "Cara Diaz"] },
  // Screening stage, as the suggestion chip asks it.
  { q: "Who is at stage 5?", names: ["Cara Diaz", "Dev Rao"], says: ["at screening stage 5 (Ready for Final Interview)"] },
  // The chat page's suggestion chip, which names the kind of stage (issue 60 item 4).
  { q: "Who is at screening stage 5?", names: ["Cara Diaz", "Dev Rao"], says: ["at screening stage 5 (Ready for Final Interview)"] },
  { q: "How many candidates are at stage 2?", names: [], says: ["1 candidate(s) at screening stage 2"] },
  // Last contact: the newest e-mail Frank sent them.
  {
    q: "Which candidates haven't been contacted in a week?",
    names: ["Ben Hart", "Cara Diaz", "Eli Ward", "Fay Lim"],
    says: ["not e-mailed in the last 7 day(s)", "never e-mailed", "Last contact means"],
  },
  { q: "Who has not been emailed in 3 days?", names: ["Ben Hart", "Cara Diaz", "Eli Ward", "Fay Lim"] },
  // City and role.
  { q: "Find candidates in Sydney", names: ["Ava Stone", "Cara Diaz", "Fay Lim"] },
  { q: "List the product owners", names: ["Cara Diaz"] },
  { q: "Show developers in Melbourne", names: ["Ben Hart"] },
  // Top N: ranked by screening stage, and the answer says so.
  { q: "Show the top 2 candidates in Sydney", names: ["Cara Diaz", "Fay Lim"], says: ['"top 2" means the 2 furthest along in screening'] },
  // What it cannot apply, it says, and the list is not narrowed by it.
  { q: "Who applied through Indeed?", names: [...NAMES], says: ['I could not apply "through Indeed" (no campaign is called Indeed; campaigns: '] },
  { q: "Who applied to the Backend Engineer job?", names: [...NAMES], says: ['I could not apply the "Backend Engineer" job (no job has that title; your jobs: '] },
  { q: "Who is in the Offer stage?", names: [...NAMES], says: ['I could not apply the "offer" stage'] },
  { q: "Which candidates have a salary in the high range?", names: [...NAMES], says: ["I could not apply the salary"] },
];

async function ask(message: string) {
  const res = await t.request("/api/chat/openai", { json: { message, sessionId: null }, cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { response: string }).response;
}

describe("the built-in assistant's filters", () => {
  for (const row of TABLE) {
    test(row.q, async () => {
      const answer = await ask(row.q);
      const named = NAMES.filter((n) => answer.includes(n));
      expect(named).toEqual(NAMES.filter((n) => row.names.includes(n)));
      for (const s of row.says ?? []) expect(answer).toContain(s);
      if (!row.says?.some((s) => s.startsWith("I could not apply"))) expect(answer).not.toContain("I could not apply");
    });
  }

  test("without an e-mail server no one counts as contacted, and the answer says why", async () => {
    const bare = makeTestApp();
    const u = await bare.signUp();
    addParticipants(bare.deps, u.workspaceId, [{ name: "Gus Nye", roleApplied: "Developer", city: "Perth", emailAddress: "gus@example.com" }]);
    const res = await bare.request("/api/chat/openai", { json: { message: "Which candidates haven't been contacted in a week?" }, cookie: u.cookie });
    const answer = ((await res.json()) as { response: string }).response;
    expect(answer).toContain("Gus Nye");
    expect(answer).toContain("No e-mail server is set up");
  });
});
