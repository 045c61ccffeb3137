import { describe, expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { AccountMenu } from "./account-menu";

const links = { pricing: "/pricing", media: "/media", terms: "/terms", help: "/help" } as never;
const menu = (connected: boolean, calendarAvailable?: boolean, variant?: "full" | "compact") =>
  renderToStaticMarkup(createElement(AccountMenu, { user: { name: "Ada", email: "ada@example.com", calendarConnected: connected }, links, calendarAvailable, variant }));

describe("account menu", () => {
  test("the calendar dot is grey and says not available when Google is not configured, red only when it could be connected", () => {
    const off = menu(false, false);
    expect(off).toContain('data-state="unavailable"');
    expect(off).not.toContain("bg-red-500");
    expect(off).toContain("bg-slate-300");
    expect(off).toContain("Calendar not available");
    const red = menu(false, true);
    expect(red).toContain('data-state="disconnected"');
    expect(red).toContain("bg-red-500");
    expect(menu(true, false)).toContain('data-state="connected"');
  });

  test("links the candidate pages settings and the sync monitor", () => {
    const html = menu(true, true);
    expect(html).toContain('href="/settings/candidate-pages"');
    expect(html).toContain(">Candidate pages</a>");
    expect(html).toContain('href="/participants-monitor"');
    expect(html).toContain(">Sync monitor</a>");
  });
});
