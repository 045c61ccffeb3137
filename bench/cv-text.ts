// The text of made-up CVs for the benches: a header, a summary, four jobs of prose, skills and
// education, about 600 words (4 kB) each, from a vocabulary of 4,000 words used the way language
// is (a few words often, most rarely: Zipf), so the search index grows as a real one would.
// Deterministic: CV number i is always the same text.
import { prng } from "../src/features/candidates/sample-data";

const SYLLABLES = ["ka", "lo", "mi", "ren", "tor", "vi", "sa", "den", "pa", "lu", "mor", "ti", "an", "el", "ro", "qu", "ber", "sin", "ga", "fe", "no", "dri", "ust", "ple"];
const REAL =
  "the and of to in for with on at by from as team led built ran made grew cut owned launched delivered improved managed designed shipped scaled migrated reduced increased customers platform service product data systems release process quality users revenue costs support".split(
    " ",
  );
const SKILLS = [
  "Kubernetes",
  "Terraform",
  "Go",
  "Rust",
  "Python",
  "TypeScript",
  "React",
  "Postgres",
  "Kafka",
  "AWS",
  "GCP",
  "Azure",
  "Figma",
  "Scrum",
  "Jira",
  "SQL",
  "Spark",
  "Docker",
  "Linux",
  "Java",
  "Kotlin",
  "Swift",
  "GraphQL",
  "Redis",
  "Airflow",
  "dbt",
  "Tableau",
  "Excel",
  "Salesforce",
  "SAP",
];
const ROLES = ["Backend Engineer", "Product Designer", "Data Analyst", "Product Owner", "Engineering Manager", "UX Researcher", "Platform Engineer", "QA Lead"];
const CITIES = ["Melbourne", "Sydney", "Brisbane", "Perth", "Adelaide", "London", "Auckland", "Singapore"];
const FIRST = ["Ada", "Tom", "Priya", "Wei", "Maria", "Liam", "Noor", "Kenji", "Sofia", "Ben"];
const LAST = ["Lovelace", "Baker", "Patel", "Chen", "Garcia", "Murphy", "Haddad", "Sato", "Rossi", "Okafor"];

/** Words the bench searches for: in about half the CVs, in about a quarter, and in 50 of 20,000. */
export const CV_WORDS = { frequent: "kubernetes", other: "terraform", rare: "zanzibarite" };

const VOCABULARY: string[] = (() => {
  const r = prng(39);
  const out = new Set<string>();
  while (out.size < 4000) out.add(Array.from({ length: 2 + Math.floor(r() * 3) }, () => SYLLABLES[Math.floor(r() * SYLLABLES.length)]).join(""));
  return [...out];
})();

export function cvText(i: number): string {
  const r = prng(1_000 + i);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  // Zipf: word k with a weight of 1/k, read off by inverting the harmonic sum.
  const word = () => (r() < 0.35 ? pick(REAL) : VOCABULARY[Math.min(VOCABULARY.length - 1, Math.floor(Math.exp(r() * Math.log(VOCABULARY.length)) - 1))]!);
  const sentence = (n: number) => {
    const w = Array.from({ length: n }, word);
    return `${w[0]!.charAt(0).toUpperCase()}${w.join(" ").slice(1)}.`;
  };
  const name = `${pick(FIRST)} ${pick(LAST)}`;
  const skills = new Set<string>();
  while (skills.size < 8) skills.add(pick(SKILLS));
  if (r() < 0.3) skills.add("Kubernetes");
  if (i % 400 === 7) skills.add("Zanzibarite");
  const jobs = Array.from({ length: 4 }, (_, j) =>
    [
      `${pick(ROLES)}, ${pick(VOCABULARY)} ${pick(["Ltd", "Pty", "Inc", "Group"])} (${2020 - j * 3} - ${2023 - j * 3})`,
      ...Array.from({ length: 4 }, () => `- ${sentence(22 + Math.floor(r() * 10))}`),
    ].join("\n"),
  );
  return [
    name,
    pick(ROLES),
    `${pick(CITIES)} | ${name.toLowerCase().replace(" ", ".")}${i}@example.com | +61 4${String(10_000_000 + i).slice(-8)}`,
    "Summary",
    `${sentence(25)} ${sentence(20)} ${sentence(18)}`,
    "Experience",
    ...jobs,
    "Skills",
    [...skills].join(", "),
    "Education",
    `${pick(["BSc", "BA", "MSc", "BEng"])} ${sentence(6)}`,
  ].join("\n");
}
