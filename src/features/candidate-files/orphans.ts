// Stored files no row names (issue 59 item 5): bytes written by an upload whose row never came
// (a crash between the two, a write given up that the bucket finished later), or left when a
// removal failed. Once a day each stored file older than the grace period whose workspace and
// key no candidate's file or CV draft names is removed. The grace period covers an upload still
// on its way (its bytes are written before its row).
import type { Deps } from "../../deps";
import { storedKeysIn } from "./stored-keys";

/** A stored file younger than this is never an orphan: its upload may still be writing its row. */
const ORPHAN_GRACE_MS = 24 * 60 * 60_000;

export async function sweepOrphanFiles(deps: Deps, graceMs = ORPHAN_GRACE_MS): Promise<{ checked: number; removed: number }> {
  const store = deps.files;
  const before = deps.clock.now().getTime() - graceMs;
  // The rows are read after the listing's cut-off: a file older than it has had its row for long.
  const named = new Set(storedKeysIn(deps.db.$client).map((k) => `${k.workspaceId}/${k.key}`));
  let checked = 0;
  let removed = 0;
  for await (const o of store.list()) {
    checked++;
    if (o.writtenAt.getTime() > before || named.has(`${o.workspaceId}/${o.key}`)) continue;
    await store.remove(o.workspaceId, o.key);
    removed++;
  }
  if (removed) deps.log.info("stored files no row names removed", { where: store.where, removed });
  return { checked, removed };
}
