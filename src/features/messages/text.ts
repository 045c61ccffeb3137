// Pure: a message's own words and the quoted history below them (folded on the timeline).

const QUOTE_START = [/^On .{4,200} wrote:\s*$/, /^-{2,} ?Original Message ?-{2,}/i, /^From: .+$/];

export function splitQuoted(text: string): { body: string; quoted: string | null } {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  const at = lines.findIndex((l, i) => QUOTE_START.some((r) => r.test(l.trim())) || (l.startsWith(">") && lines.slice(i).every((x) => x.startsWith(">") || !x.trim())));
  if (at < 0) return { body: text.trim(), quoted: null };
  return { body: lines.slice(0, at).join("\n").trim(), quoted: lines.slice(at).join("\n").trim() || null };
}
