import { chromium } from "@playwright/test";
import { readFileSync } from "node:fs";
const base = ["--no-sandbox","--disable-gpu","--disable-dev-shm-usage","--disable-background-networking","--disable-component-update","--disable-sync","--no-first-run","--js-flags=--no-opt,--no-maglev","--renderer-process-limit=1"];
const sys = () => { const p = readFileSync("/proc/stat","utf8").split("\n")[0].split(/\s+/); return (+p[1] + +p[2] + +p[3] + +p[6] + +p[7]) / 100; };
const url = "http://127.0.0.1:3477/login";
const extra = process.argv.slice(2);
const b = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell", args: [...base, ...extra] });
const load = async (p) => { await p.goto(url); await p.getByLabel("Email address").fill("x"); };
const variants = {
  ctxOnly: async () => { const c = await b.newContext(); await c.close(); },
  ctxPage: async () => { const c = await b.newContext(); const p = await c.newPage(); await c.close(); },
  ctxPageLoad: async () => { const c = await b.newContext(); const p = await c.newPage(); await load(p); await c.close(); },
};
const res = {};
for (let round = 0; round < 3; round++) for (const [name, fn] of Object.entries(variants)) { const t = sys(); for (let i = 0; i < 15; i++) await fn(); (res[name] ??= []).push(Math.round((sys() - t) / 15 * 1000)); }
console.log(extra.join(" ") || "(base)", JSON.stringify(res));
await b.close();
