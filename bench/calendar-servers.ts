// The calendar benches' Frank servers (bench/calendar.ts with Google, bench/microsoft.ts with
// Microsoft): each a `frank serve` process of its own on a database in the bench's folder, pointed
// at the provider's fake, and the accounts written into them (setup, not measured).
import { join } from "node:path";
import { freePort, signIn, startServer, type Server } from "./wire";

const { loadConfig } = await import("../src/config/env");
const { createDeps } = await import("../src/bootstrap");
const { buildFeatures } = await import("../src/app");
const { createUser } = await import("../src/features/auth/service");
const { upsertParticipantFromVisitor } = await import("../src/features/candidates/service");

export const SECRET = "bench-secret-bench-secret-bench-secret-00";
const PASSWORD = "bench-password-123";

export interface Frank {
  base: string;
  db: string;
}

/** Starts named servers in `dir` with the provider's settings; `stopAll` ends every one. */
export function calendarServers(dir: string, providerEnv: () => Record<string, string>) {
  const servers: Server[] = [];
  return {
    /** One server; `appUrl` names the address it believes it has (an https one receives push notifications). */
    async start(name: string, env: Record<string, string>, appUrl?: (port: number) => string): Promise<Frank> {
      const port = await freePort();
      const db = join(dir, `${name}.db`);
      const server = await startServer(db, port, SECRET, { LOG_LEVEL: "silent", ...providerEnv(), ...env, ...(appUrl ? { APP_URL: appUrl(port) } : {}) });
      servers.push(server);
      return { base: server.base, db };
    },
    stopAll: () => Promise.all(servers.map((s) => s.stop())),
  };
}

/** An account and candidates written into the server's database. */
export async function account(f: Frank, email: string, candidates: number) {
  const deps = buildFeatures(createDeps(loadConfig({ APP_SECRET: SECRET, DATABASE_PATH: f.db, APP_URL: f.base, NODE_ENV: "production" }), { quiet: true })).context;
  try {
    const user = await createUser(deps, { email, password: PASSWORD, name: "Bench Recruiter" });
    const ids = Array.from(
      { length: candidates },
      (_, i) => upsertParticipantFromVisitor(deps, user.workspaceId, { uniqueId: `${email}-${i}`, name: `Cand ${i}`, emailAddress: `cand${i}-${email}` }).id,
    );
    return { user, ids };
  } finally {
    deps.db.$client.close();
  }
}

/** The account's session cookie. */
export const signInAs = (f: Frank, email: string) => signIn(f.base, email, PASSWORD);
