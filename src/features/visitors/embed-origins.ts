import { z } from "zod";

/**
 * The "allowed embed origins" of a workspace (docs/decisions/0024): the sites that may frame the
 * candidate pages. Each is an origin only (scheme, host, optional port): https, or http for
 * localhost while a site is being built. No paths and no wildcards; `'none'` (or nothing) means
 * no site may frame them.
 */
export const MAX_EMBED_ORIGINS = 20;
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The origin as the browser writes it, or the reason it is not one. */
function checkOrigin(value: string): { origin: string } | { error: string } {
  const v = value.trim();
  if (v.includes("*")) return { error: `${v}: wildcards are not allowed, list each origin` };
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(v) || !URL.canParse(v)) return { error: `${v}: enter an origin like https://www.example.com` };
  const u = new URL(v);
  if (u.protocol !== "https:" && u.protocol !== "http:") return { error: `${v}: use https://` };
  if (u.protocol === "http:" && !LOCAL_HOSTS.has(u.hostname)) return { error: `${v}: use https:// (http:// only for localhost)` };
  if (u.username || u.password) return { error: `${v}: an origin has no user name or password` };
  // new URL() adds "/" to a bare origin; anything else after the host is a path, query or fragment.
  const rest = v.slice(v.indexOf("//") + 2).replace(/^[^/?#]*/, "");
  if (rest !== "" && rest !== "/") return { error: `${v}: an origin has no path, query or fragment (like https://www.example.com)` };
  return { origin: u.origin };
}

const NONE = new Set(["'none'", "none"]);

/** A list of origins (JSON) or one a line (the settings form), checked and written as origins, no duplicates. */
export const EmbedOriginsInput = z.object({
  allowedOrigins: z
    .preprocess(
      (v) => (typeof v === "string" ? v.split(/[\r\n,]+/) : v),
      z.array(z.string({ error: "Each origin must be a string" }).max(300, "Keep each origin under 300 characters"), { error: "allowedOrigins must be a list of origins" }),
    )
    .transform((list, ctx) => {
      const items = list.map((s) => s.trim()).filter(Boolean);
      if (items.some((s) => NONE.has(s.toLowerCase()))) {
        if (items.length > 1) ctx.addIssue({ code: "custom", message: "'none' cannot be combined with origins" });
        return [];
      }
      const out: string[] = [];
      for (const item of items) {
        const r = checkOrigin(item);
        if ("error" in r) ctx.addIssue({ code: "custom", message: r.error });
        else if (!out.includes(r.origin)) out.push(r.origin);
      }
      if (out.length > MAX_EMBED_ORIGINS) ctx.addIssue({ code: "custom", message: `At most ${MAX_EMBED_ORIGINS} origins` });
      return out;
    }),
});
export type EmbedOriginsInput = z.infer<typeof EmbedOriginsInput>;

export const EmbedOriginsView = z.object({ allowedOrigins: z.array(z.string()) });
