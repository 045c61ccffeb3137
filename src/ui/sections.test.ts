import { describe, expect, test } from "bun:test";
import { sectionOf, visibleSections } from "./sections";
import { titleWithSection } from "../lib/render";

describe("sections", () => {
  test("an address belongs to its section; unknown ones to none", () => {
    expect(sectionOf("/dashboard3")).toBe("dashboard");
    expect(sectionOf("/candidates/12")).toBe("candidates");
    expect(sectionOf("/interview-details/abc")).toBe("interviews");
    expect(sectionOf("/settings/candidate-pages")).toBe("settings");
    expect(sectionOf("/chat/webhook")).toBe("assistant");
    expect(sectionOf("/dashboard4")).toBe("developer");
    expect(sectionOf("/clients/3")).toBe("clients");
    expect(sectionOf("/jobsite")).toBeNull();
    expect(sectionOf("/help")).toBeNull();
  });
  test("Developer tools only with developer pages on", () => {
    expect(visibleSections(false).map((s) => s.label)).toEqual(["Dashboard", "Candidates", "Jobs", "Clients", "Interviews", "Reports", "Assistant", "Settings"]);
    expect(visibleSections(true).at(-1)?.label).toBe("Developer tools");
  });
  test("the title names the section once", () => {
    expect(titleWithSection("Jane Doe", "Candidates")).toBe("Jane Doe · Candidates");
    expect(titleWithSection("Candidates", "Candidates")).toBe("Candidates");
    expect(titleWithSection("Chat", null)).toBe("Chat");
  });
});
