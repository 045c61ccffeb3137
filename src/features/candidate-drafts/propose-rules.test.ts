// The rules that propose a draft's fields from a CV's text, as a table: what a recruiter would
// type for each kind of CV header and section.
import { describe, expect, test } from "bun:test";
import { emailIn, isHeading, linkedinIn, phoneIn, proposeByRules } from "./propose-rules";

describe("phone numbers by pattern", () => {
  const cases: [string, string | null][] = [
    ["Phone: +44 7700 900123", "+44 7700 900123"],
    ["Mobile: 07700 900123", "07700 900123"],
    ["Tel. (415) 555-0132", "(415) 555-0132"],
    ["+1 415 555 0132", "+1 415 555 0132"],
    ["+33 6 12 34 56 78", "+33 6 12 34 56 78"],
    ["0412 345 678", "0412 345 678"],
    ["0049-30-1234567", "0049-30-1234567"],
    ["+61 (0)2 9876 5432", "+61 (0)2 9876 5432"],
    ["London | ada@example.com | +44 20 7946 0958", "+44 20 7946 0958"],
    ["2015 - 2019 Acme Ltd", null],
    ["2019-2021", null],
    ["Born 12/03/1990", null],
    ["Managed a budget of 1,200,000", null],
    ["Phone: 555 0132", "555 0132"],
    ["Nothing here", null],
  ];
  for (const [line, want] of cases) test(JSON.stringify(line), () => expect(phoneIn([line])).toBe(want));
  test("a labelled number wins over an earlier run of digits", () => expect(phoneIn(["Order 2019 20200101", "Phone: 020 7946 0958"])).toBe("020 7946 0958"));
});

describe("e-mail and LinkedIn by pattern", () => {
  const emails: [string, string | null][] = [
    ["Contact: Ada.Lovelace+cv@Example.co.uk", "ada.lovelace+cv@example.co.uk"],
    ["ada at example dot com", null],
    ["mail me: j_doe@mail-server.example.org.", "j_doe@mail-server.example.org"],
  ];
  for (const [text, want] of emails) test(text, () => expect(emailIn(text)).toBe(want));
  const links: [string, string | null][] = [
    ["linkedin.com/in/ada-lovelace", "https://www.linkedin.com/in/ada-lovelace"],
    ["https://uk.linkedin.com/in/ada-lovelace-123/", "https://www.linkedin.com/in/ada-lovelace-123"],
    ["LinkedIn: www.linkedin.com/in/jdoe.", "https://www.linkedin.com/in/jdoe"],
    ["https://www.linkedin.com/company/acme", null],
  ];
  for (const [text, want] of links) test(text, () => expect(linkedinIn(text)).toBe(want));
});

test("headings", () => {
  expect(["Skills", "SKILLS", "Work experience:", "EDUCATION", "Key skills", "Languages:"].map(isHeading)).toEqual([true, true, true, true, true, true]);
  expect(["Ada Lovelace", "Senior Backend Engineer", "Built payments at scale for ten years."].map(isHeading)).toEqual([false, false, false]);
});

describe("a whole CV", () => {
  const cases: { title: string; text: string; want: Record<string, string | null> }[] = [
    {
      title: "a classic header: name, role, a line of contacts, a skills section",
      text: "Ada Lovelace\nSenior Backend Engineer\nLondon, UK | ada@example.com | +44 7700 900123 | linkedin.com/in/ada-lovelace\n\nSummary\nBackend engineer with ten years in payments. Ran Kubernetes in production since 2016. Mentors a team of five.\nLikes long walks.\n\nSkills\nGo, Kubernetes, PostgreSQL\nTerraform; AWS\n\nExperience\nAcme Pay 2019 - 2024",
      want: {
        name: "Ada Lovelace",
        role: "Senior Backend Engineer",
        city: "London",
        email: "ada@example.com",
        phone: "+44 7700 900123",
        linkedin: "https://www.linkedin.com/in/ada-lovelace",
        skills: "Go, Kubernetes, PostgreSQL, Terraform, AWS",
        summary: "Backend engineer with ten years in payments.\nRan Kubernetes in production since 2016.\nMentors a team of five.",
      },
    },
    {
      title: "a name in capitals, labelled fields, skills on one line",
      text: "CURRICULUM VITAE\nJOSÉ DE LA CRUZ\nEmail: jose@example.es\nMobile: +34 612 345 678\nLocation: Madrid, Spain\nTitle: Product Owner\nTechnical skills: Scrum, Jira, SQL\nWORK EXPERIENCE\n2018 - 2023 Product Owner at Banco",
      want: { name: "José De La Cruz", role: "Product Owner", city: "Madrid", email: "jose@example.es", phone: "+34 612 345 678", skills: "Scrum, Jira, SQL", linkedin: null },
    },
    {
      title: "a Word document: blank lines between paragraphs, bullets in the skills section",
      text: "Priya Patel\n\nUX Designer · Sydney, Australia\n\npriya.patel@example.com\n\n0412 345 678\n\nPROFILE\n\nDesigner of checkout flows for retail banks.\n\nSKILLS\n\n• Figma\n\n• User research\n\n• Prototyping\n\nEDUCATION\n\nUNSW 2012 - 2016",
      want: {
        name: "Priya Patel",
        role: "UX Designer",
        city: "Sydney",
        email: "priya.patel@example.com",
        phone: "0412 345 678",
        skills: "Figma, User research, Prototyping",
        summary: "Designer of checkout flows for retail banks.",
      },
    },
    {
      title: "no name on the first lines, no sections: only what the patterns find",
      text: "Résumé\nexperienced developer looking for a new challenge in fintech, remote or hybrid, from March.\ncontact: dev@example.com",
      want: { name: null, email: "dev@example.com", phone: null, skills: null, city: null, summary: "experienced developer looking for a new challenge in fintech, remote or hybrid, from March." },
    },
    {
      title: "a job title first is not taken for a name",
      text: "Product Designer\nTom Baker\nBrisbane, QLD\ntom@example.com",
      want: { name: "Tom Baker", city: "Brisbane", email: "tom@example.com" },
    },
    {
      title: "without a summary or prose, three lines are made of the role and city, the skills and the latest job",
      text: "Jane Smith\nSenior Backend Engineer\njane.smith@example.com | +44 7700 900123 | London, UK\n\nSKILLS\nGo, Kubernetes, PostgreSQL\n\nEXPERIENCE\nAcme Payments — Backend Engineer, 2019–2024\nBuilt the ledger.\n",
      want: {
        name: "Jane Smith",
        role: "Senior Backend Engineer",
        city: "London",
        summary: "Senior Backend Engineer in London.\nSkills: Go, Kubernetes, PostgreSQL.\nAcme Payments — Backend Engineer, 2019–2024",
      },
    },
    {
      title: "an empty text proposes nothing",
      text: "",
      want: { name: null, email: null, phone: null, city: null, role: null, linkedin: null, summary: null, skills: null },
    },
  ];
  for (const c of cases) test(c.title, () => expect(proposeByRules(c.text)).toMatchObject(c.want));
});
