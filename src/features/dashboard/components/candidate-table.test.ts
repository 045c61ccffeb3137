import { describe, expect, test } from "bun:test";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Participant } from "../../candidates/model";
import { CandidateTable } from "./candidate-table";

const row = (o: Partial<Participant>): Participant =>
  ({
    id: 1,
    uniqueId: null,
    name: "Ann",
    emailAddress: "ann@example.com",
    city: "Perth",
    jobTitle: null,
    roleApplied: "Chef",
    stages: 2,
    jobId: 3,
    campaignId: 4,
    shortlistId: null,
    createdAt: "",
    lastUpdated: "",
    ...o,
  }) as Participant;

describe("All Candidates rows", () => {
  test("a row listed for a job only through its campaign says why", () => {
    const html = renderToStaticMarkup(
      createElement(CandidateTable, {
        participants: [row({ matchReason: "applied via campaign Seek spring" }), row({ id: 2, name: "Bo" })],
        selected: new Set<number>(),
        onToggle: () => {},
        onOpen: () => {},
      }),
    );
    expect(html).toContain("(applied via campaign Seek spring)");
    expect(html.match(/data-testid="match-reason"/g)?.length).toBe(1);
  });

  test("narrow screens stack each row as a card with labelled Role, City and Stage", () => {
    const html = renderToStaticMarkup(createElement(CandidateTable, { participants: [row({})], selected: new Set<number>(), onToggle: () => {}, onOpen: () => {} }));
    expect(html).toContain("max-sm:block");
    for (const label of ["Role", "City", "Screening progress"]) expect(html).toContain(`>${label}: </span>`);
  });

  test("shortlisted candidates carry their shortlist's name, test data its badge, and the stage is a quick control", () => {
    const html = renderToStaticMarkup(
      createElement(CandidateTable, {
        participants: [row({ shortlistId: 7 }), row({ id: 2, name: "Bo", isTest: true, stages: 5 })],
        selected: new Set<number>(),
        onToggle: () => {},
        onOpen: () => {},
        onStage: () => {},
        shortlistNames: new Map([[7, "Finalists"]]),
      }),
    );
    expect(html).toContain("Shortlist: Finalists");
    expect(html).toContain("Test data");
    expect(html.match(/aria-label="Screening progress of [^"]+"/g)).toHaveLength(2);
    expect(html).toContain('href="/candidates/2"');
    for (const label of ["Initial Application", "Screening Completed", "Assessment Completed", "Voice Interview Completed", "Ready for Final Interview"]) expect(html).toContain(label);
  });
});
