// The schedule text of the Cron Job card (part2 §9: 'Hourly' by default). Pure, so tests and
// pages share it. Patterns it does not recognise are shown as they are.

export function describeCron(pattern: string): string {
  const f = pattern.trim().split(/\s+/);
  if (f.length !== 5) return pattern.trim();
  const [min, hour, dom, mon, dow] = f as [string, string, string, string, string];
  const everyDay = dom === "*" && mon === "*" && dow === "*";
  const num = (s: string) => /^\d+$/.test(s);
  if (everyDay && min === "*" && hour === "*") return "Every minute";
  const everyN = /^\*\/(\d+)$/.exec(min);
  if (everyDay && everyN && hour === "*") return `Every ${everyN[1]} minutes`;
  if (everyDay && num(min) && hour === "*") return "Hourly";
  const hoursN = /^\*\/(\d+)$/.exec(hour);
  if (everyDay && num(min) && hoursN) return `Every ${hoursN[1]} hours`;
  if (everyDay && num(min) && num(hour)) return `Daily at ${hour.padStart(2, "0")}:${min.padStart(2, "0")}`;
  return pattern.trim();
}
