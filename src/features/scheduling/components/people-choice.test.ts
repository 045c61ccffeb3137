// The Schedule Interview card's "Who interviews" choice (issue 36 items 3 and 4): what each choice
// sends with a free-times session, and what it shows.
import { describe, expect, test } from "bun:test";
import { Window } from "happy-dom";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { PeopleChoice, peopleFields, peopleProblem, type PeopleValue } from "./people-choice";

const members = [
  { id: 1, name: "Rita Recruiter" },
  { id: 2, name: "Hana Hiring" },
  { id: 3, name: "Sam Second" },
];
const render = (value: PeopleValue, organiserId = 1) => {
  const window = new Window();
  window.document.body.innerHTML = renderToStaticMarkup(createElement(PeopleChoice, { members, organiserId, value, onChange: () => {} }));
  return window.document;
};

describe("who interviews", () => {
  test("the request fields: none alone; a panel beside the organiser (never the organiser twice); a pool with its strategy", () => {
    expect(peopleFields({ kind: "one" }, 1)).toEqual({});
    expect(peopleFields({ kind: "panel", members: [] }, 1)).toEqual({});
    expect(
      peopleFields(
        {
          kind: "panel",
          members: [
            { userId: 1, required: true },
            { userId: 2, required: true },
            { userId: 3, required: false },
          ],
        },
        1,
      ),
    ).toEqual({
      interviewers: [
        { userId: 2, required: true },
        { userId: 3, required: false },
      ],
    });
    expect(peopleFields({ kind: "pool", userIds: [2, 3], strategy: "first-available" }, 1)).toEqual({ pool: { userIds: [2, 3], strategy: "first-available" } });
  });

  test("a pool of fewer than two is refused before sending, with the API's words", () => {
    expect(peopleProblem({ kind: "pool", userIds: [2], strategy: "fair" })).toBe("A pool needs at least two members");
    expect(peopleProblem({ kind: "pool", userIds: [2, 3], strategy: "fair" })).toBeNull();
    expect(peopleProblem({ kind: "panel", members: [] })).toBeNull();
  });

  test("a panel lists the other members with required or optional; a pool lists everyone with the strategy", () => {
    const panel = render({ kind: "panel", members: [{ userId: 3, required: false }] });
    const selects = [...panel.querySelectorAll("select")];
    expect(selects.map((s) => s.getAttribute("aria-label"))).toEqual(["Hana Hiring on the panel", "Sam Second on the panel"]);
    expect(selects[1]!.querySelector("option[selected]")?.textContent).toBe("Optional");
    const pool = render({ kind: "pool", userIds: [1, 3], strategy: "fair" });
    const boxes = [...pool.querySelectorAll("input[type=checkbox]")];
    expect(boxes.length).toBe(3);
    expect(boxes.map((b) => b.hasAttribute("checked"))).toEqual([true, false, true]);
    expect(pool.body.textContent).toContain("Fair: the one with the fewest pool interviews in 30 days");
    expect(render({ kind: "one" }).querySelectorAll("select, input[type=checkbox]").length).toBe(0);
  });
});
