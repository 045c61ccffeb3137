// Loaded before every `bun test` file (bunfig.toml): test-only settings that keep the suite quick.
import { afterAll, beforeAll, setDefaultTimeout } from "bun:test";
import { appendFileSync } from "node:fs";
import { TEST_PASSWORD_HASH, usePasswordCostForTests } from "../src/lib/crypto";

// A test's time limit bounds a hang; it does not measure a speed. A test that takes a second
// alone takes many on a machine busy with other work (a CI runner, other suites): two minutes
// (bun's default is 5 s). bun keeps this only for the first file of a process (one file run
// alone); `npm test` and `npm run test:unit` give it as --timeout, and `npm test` also ends a
// file that runs 10 minutes.
setDefaultTimeout(120_000);

// Under `npm test` (scripts/unit-files.ts), each file's start and end, so a file still running
// can be named and ended: bun itself prints a file only with its first result.
const progress = process.env.FRANK_TEST_PROGRESS;
if (progress) {
  beforeAll(() => appendFileSync(progress, `start ${process.pid} ${Bun.main}\n`));
  afterAll(() => appendFileSync(progress, `end ${process.pid} ${Bun.main}\n`));
}

// argon2id at 19 MiB × 2 passes costs ~50 ms a hash on a busy 2-core machine; hundreds of
// sign-ups made that half the unit suite. Production's cost is asserted in src/lib/crypto.test.ts.
usePasswordCostForTests(TEST_PASSWORD_HASH);

// Pages render with React's production build, as the server runs it (main.ts): React picks its
// build from NODE_ENV when first loaded, and bun test sets NODE_ENV=test.
process.env.NODE_ENV = "production";
await import("react");
await import("react/jsx-runtime");
await import("react-dom/server");
process.env.NODE_ENV = "test";

// The processes the tests start (the frank binary for a CLI verb or a server they kill, a second
// process holding the write lock) live a few seconds: JavaScriptCore's optimising DFG tier costs
// them about a third more CPU than it saves. This worker keeps it (set after its own start);
// only its children inherit the setting.
process.env.BUN_JSC_useDFGJIT ??= "0";
