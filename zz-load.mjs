import { chromium } from "@playwright/test";
import { readFileSync, readdirSync } from "node:fs";
const base = ["--no-sandbox","--disable-gpu","--disable-dev-shm-usage","--disable-background-networking","--disable-component-update","--disable-sync","--no-first-run","--js-flags=--no-opt,--no-maglev","--renderer-process-limit=1"];
const byType = () => { const r = {}; for (const p of readdirSync("/proc")) { if (!/^\d+$/.test(p)) continue; try { const c = readFileSync(`/proc/${p}/cmdline`, "utf8"); let t; if (c.includes("chrom")) t = (c.match(/--type=(\w+)/) || [, "browser"])[1]; else if (c.includes("frank")) t = "server"; else if (+p === process.pid) t = "node"; else continue; const s = readFileSync(`/proc/${p}/stat`, "utf8"); const f = s.slice(s.lastIndexOf(")") + 2).split(" "); r[t] = (r[t] || 0) + (+f[11] + +f[12]) / 100; } catch {} } return r; };
const diff = (a, b, n) => Object.fromEntries(Object.keys(b).map(k => [k, Math.round((b[k] - (a[k] || 0)) / n * 1000)]));
const b = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell", args: [...base, ...process.argv.slice(3)] });
const c = await b.newContext(); const p = await c.newPage();
const url = process.argv[2];
for (let r = 0; r < 2; r++) {
  let t = byType(); for (let i = 0; i < 20; i++) { await p.goto(url); await p.waitForFunction(() => [...document.querySelectorAll("[data-island]")].every((el) => el.dataset.hydrated === "true")); }
  console.log(url, "ms per load", JSON.stringify(diff(t, byType(), 20)));
  t = byType(); for (let i = 0; i < 20; i++) { await p.goto(url, { waitUntil: "commit" }); }
  console.log(url, "commit only", JSON.stringify(diff(t, byType(), 20)));
}
await b.close();
