// The Media tab's table: its column headers are separated (issue 41: "SpendImpressionsClicks").
import { expect, test } from "bun:test";
import { Window } from "happy-dom";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { MediaTab } from "./media-tab";

test("every column of the campaigns table but the last keeps a gap to the next", () => {
  const window = new Window();
  window.document.body.innerHTML = renderToStaticMarkup(createElement(MediaTab));
  const headers = [...window.document.querySelectorAll("thead th")];
  expect(headers.map((h) => h.textContent)).toEqual(["Campaign", "Spend", "Impressions", "Clicks"]);
  for (const row of [headers, ...[...window.document.querySelectorAll("tbody tr")].map((r) => [...r.querySelectorAll("td")])]) {
    row.slice(0, -1).forEach((cell) => expect(cell.className).toMatch(/\bpr-4\b/));
  }
});
