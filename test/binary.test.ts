// The single binary, as a person would use it: built with `bun build --compile` (the same
// script as npm run build), copied alone into an empty folder, started in demo mode, and
// asked for pages and signed-in API calls. Catches code that works under `bun run` only.
import { afterAll, expect, test } from "bun:test";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { compiledBinary } from "./kits/compiled-binary";
import { manyPages, tinyPdf } from "./kits/cv-fixtures";
import { waitHealthy } from "./kits/wait-healthy";

const dir = mkdtempSync(join(tmpdir(), "frank-binary-"));
let proc: ReturnType<typeof Bun.spawn> | null = null;
afterAll(async () => {
  // The server is gone before its folder goes: removed under a live server, the folder kept the
  // files it wrote while it stopped, and with them the copy of the binary (about 130 MB a run).
  if (proc) {
    proc.kill();
    await proc.exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

test("the compiled binary serves the whole app from an empty folder", async () => {
  const build = await compiledBinary();
  const out = build.path;
  expect(build.output).not.toContain("error");
  expect(existsSync(out)).toBe(true);

  const run = join(dir, "run");
  Bun.spawnSync(["mkdir", "-p", run]);
  copyFileSync(out, join(run, "frank"));
  Bun.spawnSync(["chmod", "+x", join(run, "frank")]);
  const port = 3480 + Math.floor(Math.random() * 100);
  const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PORT: String(port) };
  proc = Bun.spawn([join(run, "frank"), "serve", "--demo"], { cwd: run, env, stdout: "ignore", stderr: "pipe" });
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(base);
  expect(existsSync(join(run, "data", "frank.db"))).toBe(true);

  const login = await fetch(`${base}/login`);
  expect(login.status).toBe(200);
  const html = await login.text();
  for (const asset of html.match(/\/assets\/[^"]+/g) ?? []) expect((await fetch(base + asset)).status).toBe(200);

  const demo = await fetch(`${base}/api/auth/demo-login`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  expect(demo.status).toBe(200);
  const cookie = demo.headers
    .getSetCookie()
    .find((c) => c.startsWith("frank_session="))!
    .split(";")[0]!;
  for (const path of ["/dashboard", "/chat", "/api/auth/me", "/api/participants", "/api/database/stats", "/api/meetings", "/api/calendar/status"]) {
    const res = await fetch(base + path, { headers: { cookie } });
    expect(`${path} ${res.status}`).toBe(`${path} 200`);
  }
  const chat = await fetch(`${base}/api/chat/openai`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ message: "how many candidates?", sessionId: null }),
  });
  expect(chat.status).toBe(200);
  expect(typeof (await chat.json()).response).toBe("string");
  for (const path of ["/prequalifier", "/scheduleacall"]) expect((await fetch(base + path)).status).toBe(200);

  // A PDF CV's text is read inside the binary too, in the binary started again as a child (pdf.js,
  // which needs the ESM bytecode build), and found by search; one of 16,000 pages is refused there.
  const someone = (await (await fetch(`${base}/api/participants?limit=1`, { headers: { cookie } })).json()).participants[0];
  for (const [bytes, name] of [
    [tinyPdf([["Ada Lovelace", "Zanzibarian payments"]]), "cv.pdf"],
    [manyPages(16_000), "huge.pdf"],
  ] as const) {
    const form = new FormData();
    form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
    const uploaded = await fetch(`${base}/api/participants/${someone.id}/files`, { method: "POST", body: form, headers: { cookie, origin: base } });
    expect(uploaded.status).toBe(201);
  }
  let files: { textStatus: string; textNote: string | null }[] = [];
  for (let i = 0; i < 300 && (!files.length || files.some((f) => f.textStatus === "pending")); i++) {
    await Bun.sleep(50);
    files = (await (await fetch(`${base}/api/participants/${someone.id}/files`, { headers: { cookie } })).json()).files;
  }
  expect(files.map((f) => [f.textStatus, f.textNote])).toEqual([
    ["done", null],
    ["failed", "This PDF has 16,000 pages; Frank reads at most 300"],
  ]);
  const found = (await (await fetch(`${base}/api/participants?search=zanzibarian`, { headers: { cookie } })).json()).participants.map((p: { id: number }) => p.id);
  expect(found).toEqual([someone.id]);

  // A backup beside the running server (the worker thread is bundled into the binary), private like the database.
  // Every verb but serve --demo needs APP_SECRET: the demo server's own, kept in its data folder.
  const secret = readFileSync(join(run, "data", ".app-secret"), "utf8").trim();
  const backup = Bun.spawnSync([join(run, "frank"), "backup"], { cwd: run, env: { ...env, APP_SECRET: secret }, stdout: "pipe", stderr: "pipe" });
  expect(backup.stderr.toString()).toBe("");
  expect(backup.exitCode).toBe(0);
  const file = /Backup written: (\S+)/.exec(backup.stdout.toString())![1]!;
  expect(statSync(join(run, file)).mode & 0o777).toBe(0o600);
  expect(statSync(join(run, "data", "frank.db")).mode & 0o777).toBe(0o600);
  expect(statSync(join(run, "data")).mode & 0o777).toBe(0o700);
  // A second server on the same database refuses to start, naming the file.
  const second = Bun.spawnSync([join(run, "frank"), "serve", "--demo"], { cwd: run, env: { ...env, PORT: String(port + 1) }, stdout: "pipe", stderr: "pipe" });
  expect(second.exitCode).toBe(1);
  expect(second.stderr.toString()).toContain(`already serving the database ${join(run, "data", "frank.db")}`);
});
