import { describe, expect, test } from "bun:test";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Participant } from "../../candidates/model";
import { CandidateTable } from "./candidate-table";

const row = (o: Partial<Participant>): Participant =>
  ({ id: 1, uniqueId: null, name: "Ann", emailAddress: "ann@example.com", city: "Perth", jobTitle: null, roleApplied: "Chef", stages: 2, jobId: 3, campaignId: 4, shortlistId: null, createdAt: "", lastUpdated: "", ...o }) as Participant;

describe("All Candidates rows", () => {
  test("a row listed for a job only through its campaign says why", () => {
    const html = renderToStaticMarkup(
      createElement(CandidateTable, { participants: [row({ matchReason: "applied via campaign Seek spring" }), row({ id: 2, name: "Bo" })], selected: new Set<number>(), onToggle: () => {}, onOpen: () => {} }),
    );
    expect(html).toContain("(applied via campaign Seek spring)");
    expect(html.match(/data-testid="match-reason"/g)?.length).toBe(1);
  });

  test("narrow screens stack each row as a card with labelled Role, City and Stage", () => {
    const html = renderToStaticMarkup(createElement(CandidateTable, { participants: [row({})], selected: new Set<number>(), onToggle: () => {}, onOpen: () => {} }));
    expect(html).toContain("max-sm:block");
    for (const label of ["Role", "City", "Stage"]) expect(html).toContain(`>${label}: </span>`);
  });
});
