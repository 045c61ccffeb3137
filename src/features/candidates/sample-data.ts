// Realistic, varied sample candidates for the test seed, the demo workspace and the benchmarks.
// Deterministic for a given seed, so the demo looks the same on every first start.
import type { NewParticipant } from "./model";

const FIRST = [
  "Olivia",
  "Jack",
  "Charlotte",
  "Noah",
  "Amelia",
  "William",
  "Isla",
  "Oliver",
  "Mia",
  "Thomas",
  "Ava",
  "James",
  "Grace",
  "Lucas",
  "Chloe",
  "Henry",
  "Zoe",
  "Ethan",
  "Ruby",
  "Leo",
  "Priya",
  "Wei",
  "Aisha",
  "Mateo",
  "Hannah",
  "Kenji",
  "Fatima",
  "Liam",
  "Sofia",
  "Arjun",
];
const LAST = [
  "Smith",
  "Nguyen",
  "Williams",
  "Brown",
  "Wilson",
  "Taylor",
  "Anderson",
  "Martin",
  "Thompson",
  "White",
  "Patel",
  "Chen",
  "Kelly",
  "Walker",
  "Harris",
  "Lee",
  "Ryan",
  "Robinson",
  "Singh",
  "Murphy",
  "Garcia",
  "Kim",
  "O'Brien",
  "Rossi",
  "Cooper",
];
const CITIES = ["Melbourne", "Melbourne VIC", "Sydney", "Sydney NSW", "Brisbane", "Perth", "Adelaide", "Hobart", "Canberra", "Gold Coast", "Auckland", "Darwin", "Remote"];
const ROLES = [
  "Product Owner",
  "Senior Product Owner",
  "UX Designer",
  "Senior UX Designer",
  "UI Designer",
  "Graphic Designer",
  "Frontend Developer",
  "Backend Developer",
  "Full Stack Developer",
  "Mobile Developer",
  "Project Manager",
  "Engineering Manager",
  "Product Manager",
  "Data Analyst",
  "QA Engineer",
  "Business Analyst",
  "Scrum Master",
];
const CURRENT = ["Software Engineer", "Designer", "Consultant", "Team Lead", "Analyst", "Developer", "Manager", "Freelancer"];
const INDUSTRIES = ["Fintech", "Healthcare", "Retail", "Government", "Education", "Media", "Logistics", "Telecommunications", "Mining", "SaaS"];
const VISAS = ["Australian Citizen", "Permanent Resident", "Temporary Skill Shortage (482)", "Working Holiday", "Graduate Visa (485)"];
const AVAILABILITY = ["Immediately", "2 weeks notice", "4 weeks notice", "1 month", "3 months"];
const SKILLS = [
  "stakeholder management",
  "React and TypeScript",
  "user research",
  "Figma prototyping",
  "agile delivery",
  "cloud infrastructure on AWS",
  "SQL and data modelling",
  "accessibility audits",
  "roadmap planning",
  "mentoring juniors",
];

/** A small seeded random generator (mulberry32): the same seed gives the same sample every run. */
export function prng(seed: number) {
  let a = seed >>> 0 || 1;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An Australian-style mobile number, "04xx xxx xxx", unique enough per seed and index. */
function phoneOf(seed: number, i: number): string {
  const digits = String((Math.imul(seed + i, 2654435761) >>> 0) % 100_000_000).padStart(8, "0");
  return `04${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
}

export interface SampleOptions {
  count: number;
  seed?: number;
  now: Date;
  /** Spread of createdAt before now, in days. */
  days?: number;
  /** Job and campaign ids to attach some candidates to; with the job's title, those candidates apply for that role. */
  links?: { jobId: number; campaignId: number; role?: string }[];
}

// The draw is made either way, so the rest of the sample stays the same for a given seed.
const spokenOr = (spoken: string | undefined, drawn: string) => spoken ?? drawn;

export function sampleCandidates(o: SampleOptions): NewParticipant[] {
  const rnd = prng(o.seed ?? 42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const days = o.days ?? 30;
  const tag = (o.seed ?? 42).toString(36).slice(-5);
  const out: NewParticipant[] = [];
  for (let i = 0; i < o.count; i++) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const drawnRole = pick(ROLES);
    // A candidate who came through a job's campaign applies for that job (issue 60: a Frontend
    // Developer applied to Product Owner). Drawn here only when there are links, so samples
    // without them stay as they were.
    const link = o.links?.length && rnd() < 0.6 ? pick(o.links) : undefined;
    const role = link?.role ?? drawnRole;
    const city = pick(CITIES);
    const stages = 1 + Math.floor(rnd() * 5);
    const years = 1 + Math.floor(rnd() * 15);
    const skill = pick(SKILLS);
    const industry = pick(INDUSTRIES);
    const email = `${first}.${last}.${tag}${i}@example.com`.toLowerCase().replace(/'/g, "");
    // About one in eight has only a short or no conversation (the dialog's empty state). The notice
    // period said in the conversation is the one in the field (issue 60: "4 weeks" against "2 weeks").
    let said: string | undefined;
    const conversation =
      rnd() < 0.125
        ? rnd() < 0.5
          ? null
          : "Hi, I am interested."
        : `Assistant: Hi ${first}! What role are you interested in?\nCandidate: The ${role} position. I have ${years} years of experience, mostly in ${industry.toLowerCase()}.\n` +
          `Assistant: Great. Where are you based and when could you start?\nCandidate: I'm in ${city}, available ${(said = pick(AVAILABILITY)).toLowerCase()}.\n` +
          `Assistant: What are you strongest at?\nCandidate: ${skill[0]!.toUpperCase() + skill.slice(1)}. In my last role I led a team through a platform migration and worked closely with product and design on ${pick(SKILLS)}.` +
          // A mobile number, so a recruiter can look a candidate up by phone (derived from i: the random sequence stays as it was).
          (i % 4 === 0 ? `\nCandidate: Phone: ${phoneOf(o.seed ?? 42, i)}` : "") +
          (rnd() < 0.3
            ? `\nAssistant: Tell me about a project you're proud of.\nCandidate: ${"We rebuilt the onboarding flow end to end, cut drop-off by a third and shipped it in six weeks with a team of five. ".repeat(1 + Math.floor(rnd() * 12))}`
            : "");
    const createdAt = new Date(o.now.getTime() - Math.floor(rnd() * days * 86_400_000));
    out.push({
      uniqueId: `sample-${tag}-${i}-${Math.floor(rnd() * 1e9).toString(36)}`,
      name: `${first} ${last}`,
      emailAddress: email,
      city,
      jobTitle: pick(CURRENT),
      roleApplied: role,
      linkedinUrl: `https://www.linkedin.com/in/${first}-${last}-${tag}${i}`.toLowerCase().replace(/'/g, ""),
      industry,
      visaStatus: pick(VISAS),
      salaryExpectation: `$${90 + Math.floor(rnd() * 90)}k`,
      availability: spokenOr(said, pick(AVAILABILITY)),
      stages,
      prequalifier: conversation,
      assessment: stages >= 3 ? `Scored ${55 + Math.floor(rnd() * 45)}/100 on the ${role} assessment. Strong in ${skill}.` : null,
      voiceTranscript: stages >= 4 ? `Voice interview: ${first} described ${years} years in ${industry.toLowerCase()} and a focus on ${skill}.` : null,
      jobId: link?.jobId ?? null,
      campaignId: link?.campaignId ?? null,
      createdAt,
    });
  }
  return out;
}
