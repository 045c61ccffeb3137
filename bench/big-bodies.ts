// Body-limit figures (issue 37): Frank started as its own process, eight 48 MB chunked posts
// to /api/auth/login in parallel, then a 48 MB chunked CSV import (?dryRun=1); the statuses and
// the server's resident memory (VmRSS before, VmHWM peak) read from /proc, outside the process.
// Usage: bun bench/big-bodies.ts [port]   (default 3331)
import { bigBodies } from "../test/kits/big-bodies";

const port = Number(process.argv[2] ?? 3331);
const f = await bigBodies(port);
console.log(`8 x 48 MB chunked POST /api/auth/login: ${f.loginStatuses.join(", ")}`);
console.log(`48 MB chunked CSV import (dryRun):      ${f.csvStatus}`);
console.log(`server RSS before: ${f.startMb.toFixed(0)} MB; peak after the logins: ${f.afterLoginsPeakMb.toFixed(0)} MB; peak after the import: ${f.peakMb.toFixed(0)} MB (+${(f.peakMb - f.startMb).toFixed(0)} MB)`);
console.log(`time for all nine: ${(f.ms / 1000).toFixed(2)} s (machine shared with other work: times vary, memory less so)`);
