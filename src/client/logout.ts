// Log out from a page with JavaScript (part1 §7, part2 §8): the Log out forms post to /logout
// without it; with it, the post is sent here so a failure (the server away, an error answer)
// keeps the page and says "Logout failed" instead of leaving for a browser error page. On
// success the browser goes to /login, where the server's "Logged out successfully" shows.
import { toast } from "./toast";

export const LOGOUT_FAILED = { title: "Logout failed", description: "There was an error logging out. Please try again." };

let enhanced = false;

export function enhanceLogout() {
  if (enhanced || typeof document === "undefined") return;
  enhanced = true;
  document.addEventListener("submit", async (e) => {
    const form = e.target;
    if (!(form instanceof HTMLFormElement) || form.getAttribute("action") !== "/logout" || e.defaultPrevented) return;
    e.preventDefault();
    const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
    if (button) button.disabled = true;
    try {
      // redirect: "manual": the answer is the server's 303 to /login (its cookies are kept by the browser).
      const res = await fetch("/logout", { method: "POST", credentials: "same-origin", redirect: "manual" });
      if (res.type !== "opaqueredirect" && !res.ok) throw new Error(`logout answered ${res.status}`);
      location.assign("/login");
    } catch (err) {
      console.error("logout failed", err);
      toast({ ...LOGOUT_FAILED, variant: "destructive" });
      if (button) button.disabled = false;
    }
  });
}
