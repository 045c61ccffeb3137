import { expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { embedSnippet, EmbedSnippet } from "./embed-snippet";

test("the snippet is one iframe with the page's URL and title, escaped, lazy and borderless", () => {
  expect(embedSnippet("https://frank.example/prequalifier?c=ab&x=1", 'Apply for "Welder" <now>', 720)).toBe(
    '<iframe src="https://frank.example/prequalifier?c=ab&amp;x=1" title="Apply for &quot;Welder&quot; &lt;now&gt;" width="100%" height="720" style="border:0" loading="lazy"></iframe>',
  );
});

test("without a script the Embed action is a disclosure with a read-only box (and no dead Copy button)", () => {
  const html = renderToString(<EmbedSnippet url="https://frank.example/book/t" title="Schedule your interview" height={860} label="Sam" />);
  expect(html).toContain("<details");
  expect(html).toMatch(/<textarea[^>]*readOnly|<textarea[^>]*readonly/);
  expect(html).toContain("&lt;iframe src=&quot;https://frank.example/book/t&quot;");
  expect(html).toContain("allowed embed origins");
  expect(html).not.toContain("Copy embed code");
});
