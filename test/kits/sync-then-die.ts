// A calendar sync in a process of its own that dies (SIGKILL, by its own hand) while applying what
// it read: `bun test/kits/sync-then-die.ts <env as JSON> <userId> <calendarId> <n>` syncs the
// calendar and kills itself inside the transaction of the n-th interview the read moves, so n - 1
// moves have committed and the rest have not. A test then sees what the next sync makes of it.
import { loadConfig } from "../../src/config/env";
import { createDeps } from "../../src/bootstrap";
import { buildFeatures } from "../../src/app";
import { syncCalendar } from "../../src/features/calendar/cache-sync";

const [envJson, userId, calendarId, n] = process.argv.slice(2);
const deps = buildFeatures(createDeps(loadConfig(JSON.parse(envJson!)), { quiet: true })).context;
const enqueue = deps.mail.enqueue.bind(deps.mail);
let moves = 0;
deps.mail.enqueue = (tx, input) => {
  if (input.kind === "moved" && input.audience === "candidate" && ++moves === Number(n)) process.kill(process.pid, "SIGKILL");
  return enqueue(tx, input);
};
await syncCalendar(deps, Number(userId), calendarId!);
console.log("finished without dying");
