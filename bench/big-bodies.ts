// Body-limit figures (issue 37): Frank started as its own process, eight 48 MB chunked posts
// to /api/auth/login in parallel, a 48 MB chunked CSV import (?dryRun=1), then two CSV files just
// under the 10 MB limit (100,000 rows; 1.2 million empty rows); the statuses and
// the server's resident memory (VmRSS before, VmHWM peak) read from /proc, outside the process.
// Usage: bun bench/big-bodies.ts [port]   (default 3331)
import { bigBodies } from "../test/kits/big-bodies";

const port = Number(process.argv[2] ?? 3331);
const f = await bigBodies(port);
console.log(`8 x 48 MB chunked POST /api/auth/login: ${f.loginStatuses.join(", ")}`);
console.log(`48 MB chunked CSV import (dryRun):      ${f.csvStatus}`);
console.log(`9.5 MB CSV, 100,000 rows (dryRun):     ${f.rowsStatus}, ${f.rowsImported} rows checked`);
console.log(`9.5 MB CSV, 1.2 M empty rows (dryRun):  ${f.emptyRowsStatus}, "${f.emptyRowsMessage}"`);
console.log(
  `server RSS before: ${f.startMb.toFixed(0)} MB; peak after the logins: ${f.afterLoginsPeakMb.toFixed(0)} MB; peak after the import: ${f.peakMb.toFixed(0)} MB (+${(f.peakMb - f.startMb).toFixed(0)} MB)`,
);
console.log(`time for all eleven: ${(f.ms / 1000).toFixed(2)} s (machine shared with other work: times vary, memory less so)`);
