// Run by Bun from the browser tests' global setup: makes the accounts the tests sign in with, in
// one process. A CLI run per account (`frank user create`) started Bun and the app each time.
//   bun e2e/account-pool.ts <count> <email prefix>
import { loadConfig } from "../src/config/env";
import { createDeps } from "../src/bootstrap";
import { createUser } from "../src/features/auth/service";
import { POOL_PASSWORD } from "./pool-password";

const [count, prefix] = [Number(process.argv[2]), process.argv[3]!];
const deps = createDeps(loadConfig(process.env), { quiet: true });
for (let i = 0; i < count; i++) await createUser(deps, { email: `${prefix}${i}@example.com`, password: POOL_PASSWORD, name: "E2E Recruiter" });
deps.db.$client.close();
