import { describe, expect, test } from "bun:test";
import { backLink } from "./back-link";

const origins = ["https://frank.example"];
const fallback = { href: "/candidates", label: "← Back to Candidates" };

describe("the back link of a page", () => {
  test("goes back where the member came from within the site, keeping the list's filters", () => {
    expect(backLink("https://frank.example/candidates?search=ada&stage=2", origins, "/candidates/7", fallback)).toEqual({ href: "/candidates?search=ada&stage=2", label: "← Back to Candidates" });
    expect(backLink("https://frank.example/dashboard", origins, "/candidates/7", fallback)).toEqual({ href: "/dashboard", label: "← Back to the dashboard" });
    expect(backLink("https://frank.example/jobs/3", origins, "/candidates/7", fallback)).toEqual({ href: "/jobs/3", label: "← Back to the job" });
    expect(backLink("https://frank.example/reports?report=funnel", origins, "/candidates/7", fallback)).toEqual({ href: "/reports?report=funnel", label: "← Back to Reports" });
  });
  test("the fallback from another site, the page itself, an unknown page or no Referer", () => {
    expect(backLink("https://elsewhere.example/candidates", origins, "/candidates/7", fallback)).toBe(fallback);
    expect(backLink("https://frank.example/candidates/7", origins, "/candidates/7", fallback)).toBe(fallback);
    expect(backLink("https://frank.example/help", origins, "/candidates/7", fallback)).toBe(fallback);
    expect(backLink(null, origins, "/candidates/7", fallback)).toBe(fallback);
    expect(backLink("not a url", origins, "/candidates/7", fallback)).toBe(fallback);
  });
});
