// Removing files' bytes is outside the database: a job written in the transaction that removes
// the rows (a file deleted, a candidate erased) removes them after the commit and tries again
// while the store does not answer, so an erasure is never left half done by a bucket that is
// down. The caller also removes them at once; the job then finds nothing left to do.
import { z } from "zod";
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { defineJob, type Job } from "../../lib/jobs";

const removeBytesJob = defineJob("files.remove-bytes", z.object({ workspaceId: z.number().int(), keys: z.array(z.string()).max(1000) }));

export function removeBytesWork(deps: Deps): Job<{ workspaceId: number; keys: string[] }> {
  return removeBytesJob.runs(
    async ({ workspaceId, keys }) => {
      const store = deps.files;
      for (const key of keys) await store.remove(workspaceId, key);
    },
    { timeoutMs: 120_000 },
  );
}

/** In the removing transaction: the bytes of these keys go after the commit, for sure. */
export function removeBytesAfterCommit(tx: Tx, workspaceId: number, keys: string[]): void {
  for (let i = 0; i < keys.length; i += 1000) removeBytesJob.enqueue(tx, { workspaceId, keys: keys.slice(i, i + 1000) });
}
