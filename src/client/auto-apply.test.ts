import { expect, test } from "bun:test";
import { Window } from "happy-dom";
import { installAutoApply } from "./auto-apply";

// /candidates: a changed role or location filter applies at once (issue 41), the search box waits for Enter.
test("changing a select of the candidates filter form submits it; typing in the search box does not", () => {
  const window = new Window();
  const doc = window.document as unknown as Document;
  doc.body.innerHTML = `<form data-auto-apply><input type="search" name="search"><select name="role"><option value="">All</option><option>Designer</option></select></form>
    <form><select name="other"><option>a</option><option>b</option></select></form>`;
  const submitted: string[] = [];
  doc.querySelectorAll("form").forEach((f, i) => ((f as HTMLFormElement).requestSubmit = () => void submitted.push(`form${i}`)));
  const stop = installAutoApply(doc);
  const fire = (sel: string, type: string) => doc.querySelector(sel)!.dispatchEvent(new window.Event(type, { bubbles: true }) as unknown as Event);
  fire("input[name=search]", "input");
  fire("input[name=search]", "change");
  expect(submitted).toEqual([]);
  fire("select[name=role]", "change");
  expect(submitted).toEqual(["form0"]);
  // A form not marked for it keeps its button.
  fire("select[name=other]", "change");
  expect(submitted).toEqual(["form0"]);
  stop();
});
