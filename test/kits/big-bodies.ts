// Frank started as its own process, and the large chunked bodies of the second attack (issue 37)
// sent to it: eight 48 MB bodies to /api/auth/login in parallel (no sign-in), then one 72 MB CSV (over the import's 64 MB)
// to the import with ?dryRun=1. The server's resident memory is read from /proc, from outside.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { waitHealthy } from "./wait-healthy";

/** Resident memory of a process in MB: now (VmRSS) or its peak so far (VmHWM). */
function memoryMb(pid: number, key: "VmRSS" | "VmHWM"): number {
  const m = readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`${key}:\\s+(\\d+)`));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** A body of `total` bytes made lazily and sent without a length (chunked). */
function chunkedBody(total: number, fill: string): ReadableStream<Uint8Array> {
  const piece = new TextEncoder().encode(fill.repeat(Math.ceil((32 * 1024) / fill.length)));
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (sent >= total) return c.close();
      const n = Math.min(piece.byteLength, total - sent);
      sent += n;
      c.enqueue(piece.subarray(0, n));
    },
  });
}

export interface BigBodyFigures {
  startMb: number;
  loginStatuses: (number | string)[];
  afterLoginsPeakMb: number;
  csvStatus: number | string;
  /** A 9.5 MB file of 100,000 real rows (dry run), sent with its length: imported, parsed as it arrives. */
  rowsStatus: number | string;
  rowsImported: number;
  /** A 9.5 MB file of 1.2 million empty rows: stopped at the 100,000-row limit. */
  emptyRowsStatus: number | string;
  emptyRowsMessage: string;
  peakMb: number;
  ms: number;
}

/**
 * Starts Frank (`frank`: the argv prefix, `bun src/main.ts` by default; the tests pass the
 * compiled binary, test/kits/frank-command.ts) on `port`, sends the bodies, stops it; the figures.
 */
export async function bigBodies(port: number, frank: string[] = [process.execPath, "src/main.ts"]): Promise<BigBodyFigures> {
  const dir = mkdtempSync(join(tmpdir(), "frank-bodies-"));
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), DATABASE_PATH: join(dir, "f.db"), APP_SECRET: "x".repeat(40), APP_URL: base, NODE_ENV: "production", LOG_LEVEL: "error" };
  // The account first: a serving process holds the file (one server per database).
  await Bun.spawn([...frank, "user", "create", "--email", "m@example.com", "--password", "correct-horse-battery"], { env, stdout: "ignore", stderr: "ignore" }).exited;
  const server = Bun.spawn([...frank, "serve"], { env, stdout: "ignore", stderr: "ignore" });
  try {
    await waitHealthy(base);
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "m@example.com", password: "correct-horse-battery" }),
    });
    const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
    const startMb = memoryMb(server.pid, "VmRSS");
    const t0 = performance.now();
    const send = (path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string>) =>
      fetch(base + path, { method: "POST", body, headers: { origin: base, ...headers }, duplex: "half" } as RequestInit).then(
        (r) => r.status,
        (e: Error) => e.message,
      );
    const loginStatuses = await Promise.all(Array.from({ length: 8 }, () => send("/api/auth/login", chunkedBody(48 << 20, "a"), { "content-type": "application/json" })));
    const afterLoginsPeakMb = memoryMb(server.pid, "VmHWM");
    const csvStatus = await send("/api/participants/import?dryRun=1", chunkedBody(72 << 20, ",,,,,,,\n"), { "content-type": "text/csv", cookie });
    const csv = (text: string) => fetch(`${base}/api/participants/import?dryRun=1`, { method: "POST", body: text, headers: { origin: base, "content-type": "text/csv", cookie } });
    const rowsText =
      "emailAddress,name,city,jobTitle\n" + Array.from({ length: 100_000 }, (_, i) => `person${i}@example.com,Person Number ${i},Melbourne,Senior Product Designer ${i % 97}`).join("\n");
    const rows = await csv(rowsText);
    const rowsAnswer = (await rows.json()) as { imported?: number };
    const empty = await csv("emailAddress\n" + ",,,,,,,\n".repeat(1_200_000));
    const emptyAnswer = (await empty.json()) as { failed?: { message: string }[] };
    return {
      startMb,
      loginStatuses,
      afterLoginsPeakMb,
      csvStatus,
      rowsStatus: rows.status,
      rowsImported: rowsAnswer.imported ?? -1,
      emptyRowsStatus: empty.status,
      emptyRowsMessage: emptyAnswer.failed?.at(-1)?.message ?? "",
      peakMb: memoryMb(server.pid, "VmHWM"),
      ms: performance.now() - t0,
    };
  } finally {
    server.kill();
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}
