// The image, without a Docker engine: the binary is built as the Dockerfile builds it and run
// the way the image runs it: as a non-root user, from an empty folder it cannot write, with
// only the volume folder (DATABASE_PATH's) writable by that user. It must migrate, serve,
// answer `frank healthcheck`, and refuse a volume it cannot write with one plain sentence.
import { afterAll, expect, test } from "bun:test";
import { chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { compiledBinary } from "./kits/compiled-binary";

const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;
const setpriv = Bun.which("setpriv");
// As root the test drops to `nobody` (as the image's USER does); otherwise it already runs as a non-root user.
const canRun = !isRoot || !!setpriv;
if (!canRun) console.warn("container.test.ts skipped: running as root without setpriv (util-linux) to drop to a non-root user");

const root = mkdtempSync(join(tmpdir(), "frank-image-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const asUser = (cmd: string[]) => (isRoot ? [setpriv!, `--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups", ...cmd] : cmd);
const userName = isRoot ? "nobody" : (process.env.USER ?? "");

test.skipIf(!canRun)("the binary runs like the image: non-root, empty folder, only the volume writable", async () => {
  // Layout of the image: /usr/local/bin/frank, an empty home the user cannot write, a volume it owns.
  chmodSync(root, 0o755);
  const bin = join(root, "usr", "local", "bin");
  const home = join(root, "home");
  const volume = join(root, "data");
  const readOnly = join(root, "readonly");
  for (const d of [bin, home, volume, readOnly]) mkdirSync(d, { recursive: true, mode: 0o755 });
  const built = await compiledBinary();
  expect(built.exitCode).toBe(0);
  copyFileSync(built.path, join(bin, "frank"));
  chmodSync(join(bin, "frank"), 0o755);
  if (isRoot) chownSync(volume, NOBODY, NOBODY);
  else chmodSync(home, 0o555);
  chmodSync(volume, 0o700);
  if (!isRoot) chmodSync(readOnly, 0o555);

  const port = 3600 + Math.floor(Math.random() * 100);
  const env = {
    PATH: `${bin}:/usr/bin:/bin`,
    HOME: home,
    PORT: String(port),
    DATABASE_PATH: join(volume, "frank.db"),
    APP_SECRET: "image-secret-image-secret-image-secret-0",
    APP_URL: `http://127.0.0.1:${port}`,
  };
  const exec = async (args: string[], extra: Record<string, string> = {}) => {
    const p = Bun.spawn(asUser([join(bin, "frank"), ...args]), { cwd: home, env: { ...env, ...extra }, stdout: "pipe", stderr: "pipe" });
    const [stdout, stderr, exitCode] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
    return { stdout, stderr, exitCode };
  };

  expect((await exec(["--version"])).stdout).toContain(`(commit ${built.commit})`);

  // A volume the user cannot write: one sentence naming the path and the user, nothing else.
  const refused = await exec(["serve"], { DATABASE_PATH: join(readOnly, "frank.db") });
  expect(refused.exitCode).toBe(1);
  expect(refused.stderr.trim()).toBe(`Cannot open the database at ${join(readOnly, "frank.db")}: the folder is not writable by user ${userName}`);

  const created = await exec(["user", "create", "--email", "admin@agency.example", "--password", "long-enough-pw"]);
  expect(created.stderr).toBe("");
  expect(created.exitCode).toBe(0);

  const server = Bun.spawn(asUser([join(bin, "frank"), "serve"]), { cwd: home, env, stdout: "pipe", stderr: "pipe" });
  try {
    let healthy = false;
    for (let i = 0; i < 200 && !healthy; i++) {
      healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!healthy) await Bun.sleep(50);
    }
    expect(healthy).toBe(true);
    const check = await exec(["healthcheck"]);
    expect(check.exitCode).toBe(0);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@agency.example", password: "long-enough-pw" }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get("x-request-id")).toBeTruthy();
    await Bun.sleep(20);
    const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(metrics).toContain('frank_http_requests_total{method="POST",route="/api/auth/login",status="200"} 1');
  } finally {
    server.kill("SIGTERM");
    await server.exited;
  }
  // Everything was written in the volume, owned by the user; the home folder stayed empty.
  expect(readdirSync(home)).toEqual([]);
  expect(existsSync(join(volume, "frank.db"))).toBe(true);
  if (isRoot) expect(statSync(join(volume, "frank.db")).uid).toBe(NOBODY);
  // After the server stops, the health check fails.
  expect((await exec(["healthcheck"])).exitCode).toBe(1);
});

test("the Dockerfile, .dockerignore, engines, CI and README agree (Node 22, volume, health check)", async () => {
  const dockerfile = await Bun.file("Dockerfile").text();
  expect(dockerfile).toMatch(/^FROM node:22[-\w]* AS build$/m);
  expect(dockerfile).toMatch(/^FROM debian:\w+-slim$/m);
  const dbPath = /DATABASE_PATH=(\S+)/.exec(dockerfile)![1]!;
  const volume = /^VOLUME (\S+)$/m.exec(dockerfile)![1]!;
  expect(dbPath.startsWith(`${volume}/`)).toBe(true);
  // The volume folder is made and given to the runtime user before USER and VOLUME.
  expect(dockerfile).toContain(`chown frank:frank ${volume}`);
  expect(dockerfile.indexOf(`chown frank:frank ${volume}`)).toBeLessThan(dockerfile.indexOf("USER frank"));
  expect(dockerfile).toMatch(/^HEALTHCHECK .*CMD \["frank", "healthcheck"\]$/m);
  const ignored = (await Bun.file(".dockerignore").text()).split("\n").map((l) => l.trim());
  for (const p of ["node_modules", "data", "dist", "test-results", "playwright-report", ".git"]) expect(ignored).toContain(p);
  const pkg = await Bun.file("package.json").json();
  expect(pkg.engines.node).toBe(">=22");
  expect(await Bun.file(".ci/run").text()).toMatch(/NODE_VERSION=22\./);
  const readme = await Bun.file("README.md").text();
  expect(readme).toContain("Node.js 22 or newer");
  expect(readme).toContain("docker run");
  expect(await Bun.file("compose.yaml").text()).toContain("frank-data:/data");
});
