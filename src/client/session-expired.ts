// What a page does when the server no longer knows its session (part1 §4, §8): "Session
// expired" once, then /login, back to this page after signing in again. Called on a 401 by
// api() and the chat's stream, and by the session check (session.ts).
import { toast } from "./toast";
import { loginWithNext } from "../lib/next-path";

/** How long the "Session expired" toast shows before the page goes to /login. */
export const SESSION_EXPIRED_REDIRECT_MS = 1500;
export const SESSION_EXPIRED = { title: "Session expired", description: "Please sign in again." };

let expired = false;

export function sessionExpired() {
  if (expired) return;
  expired = true;
  toast({ ...SESSION_EXPIRED, variant: "destructive", duration: SESSION_EXPIRED_REDIRECT_MS + 1000 });
  setTimeout(() => location.assign(loginWithNext(location.href)), SESSION_EXPIRED_REDIRECT_MS);
}
