/**
 * Removes the links that carry a secret (reset, booking, manage, invitation links: any URL
 * with a long random part) from a delivered e-mail, so a stored e-mail keeps no live credential.
 */
const SECRET_URL = /https?:\/\/[^\s"'<>]*[A-Za-z0-9_-]{20,}[^\s"'<>]*/g;

const REDACTED_LINK = "[link removed]";

export function redactSecrets(body: string): string {
  return body.replace(SECRET_URL, REDACTED_LINK);
}

/**
 * Hides the user-info of every URL in a text (smtp://user:password@host → smtp://***@host), for
 * error messages and log lines: a password in a connection URL must never reach a terminal or a
 * log. Greedy up to the last "@" before a space or quote, so a password holding "@" or "/" is
 * hidden whole; a URL without user-info is left alone.
 */
const USER_INFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s"'<>@]*(?:@[^\s"'<>@/]*)*@/gi;

export function redactUserInfo(text: string): string {
  return text.replace(USER_INFO, "$1***@");
}
