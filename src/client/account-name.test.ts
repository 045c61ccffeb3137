import { describe, expect, test } from "bun:test";
import { Window } from "happy-dom";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { AccountMenu } from "../ui/account-menu";
import { showAccountName } from "./account-name";

const links = { pricing: "/pricing", media: "/media", terms: "/terms", help: "/help" } as never;

describe("the header shows a saved profile name without a reload", () => {
  test("the account menu's name and initial follow the saved profile", () => {
    const html = renderToStaticMarkup(createElement(AccountMenu, { user: { name: "Old Name", email: "a@example.com", calendarConnected: false }, links }));
    const window = new Window();
    window.document.body.innerHTML = html;
    const doc = window.document as unknown as Document;
    expect(doc.querySelector("[data-account-name]")?.textContent).toBe("Old Name");
    showAccountName({ name: "Brand New", email: "a@example.com" }, doc);
    expect(doc.querySelector("[data-account-name]")?.textContent).toBe("Brand New");
    expect(doc.querySelector("[data-account-initial]")?.textContent).toBe("B");
    showAccountName({ name: "  ", email: "zed@example.com" }, doc);
    expect(doc.querySelector("[data-account-name]")?.textContent).toBe("zed@example.com");
  });
});
