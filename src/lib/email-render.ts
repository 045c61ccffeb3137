import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { convert, type SelectorDefinition } from "html-to-text";

/**
 * React Email components rendered synchronously, so that an e-mail can be written inside
 * the (synchronous) SQLite transaction of the change that causes it. Same output shape as
 * @react-email/render: the XHTML doctype, and a plain-text part made with html-to-text
 * using React Email's selectors.
 */
const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

const selectors: SelectorDefinition[] = [
  { selector: "img", format: "skip" },
  { selector: "[data-skip-in-text=true]", format: "skip" },
  { selector: "a", options: { linkBrackets: false as const, hideLinkHrefIfSameAsText: true } },
  ...["td", "th"].map((selector) => ({ selector, format: "block", options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } })),
];

export function renderEmail(email: ReactElement): { html: string; text: string } {
  const html = DOCTYPE + renderToStaticMarkup(email);
  const text = convert(html, { wordwrap: false, selectors });
  return { html, text };
}
