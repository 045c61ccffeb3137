/**
 * Removes the links that carry a secret (reset, booking, manage, invitation links: any URL
 * with a long random part) from a delivered e-mail, so a stored e-mail keeps no live credential.
 */
const SECRET_URL = /https?:\/\/[^\s"'<>]*[A-Za-z0-9_-]{20,}[^\s"'<>]*/g;

export const REDACTED_LINK = "[link removed]";

export function redactSecrets(body: string): string {
  return body.replace(SECRET_URL, REDACTED_LINK);
}
