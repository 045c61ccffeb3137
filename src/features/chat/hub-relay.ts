import type { Deps } from "../../deps";
import { writeStamp } from "../../db/prepared";
import { workspacesOfUsers } from "../auth/service";
import { MonitorHub, popupFor } from "./meeting-socket";
import * as repo from "./repo";

/** How often a process holding sockets looks for what other processes recorded. */
const RELAY_EVERY_MS = 200;

/**
 * The monitor's hub, with the relay between web processes (WEB_PROCESSES > 1): a meeting request
 * posted to the API or the chat webhook is answered by one process while the recruiter's socket
 * may be held by another. Each process delivers what it records to its own sockets at once; while
 * it holds sockets, it reads the detections recorded since (chat_events) whenever the database
 * changed, and delivers those it did not record. A member removed in another process is
 * disconnected the same way. With no socket open nothing runs.
 */
export function relayedHub(deps: Deps, everyMs = RELAY_EVERY_MS): MonitorHub {
  let timer: ReturnType<typeof setInterval> | null = null;
  let after = 0;
  let stamp = "";
  const tick = () => {
    const now = writeStamp(deps.db);
    if (now === stamp) return;
    stamp = now;
    for (const d of repo.detectionsAfter(deps.db, after)) {
      after = d.id;
      if (hub.deliveredHere(d.id)) continue;
      const popup = popupFor(d.candidateName ?? `Candidate #${d.candidateId}`, d.position);
      if (d.userId) hub.toUser(d.userId, popup);
      else hub.toWorkspace(d.workspaceId, popup);
    }
    // One read for every socket holder: a member removed (or moved) in another process is let go.
    const members = hub.members();
    const current = workspacesOfUsers(deps, [...new Set(members.map(([userId]) => userId))]);
    for (const [userId, workspaceId] of members) {
      if (current.get(userId) !== workspaceId) hub.closeUser(userId);
    }
  };
  const hub = new MonitorHub((active) => {
    if (active && !timer) {
      after = repo.lastEventId(deps.db);
      stamp = writeStamp(deps.db);
      timer = setInterval(() => {
        try {
          tick();
        } catch (e) {
          // A locked or closing database: the next tick reads again from the same id.
          deps.log.error("the chat monitor's relay could not read", { error: e instanceof Error ? e.message : String(e) });
        }
      }, everyMs);
      timer.unref?.();
    } else if (!active && timer) {
      clearInterval(timer);
      timer = null;
    }
  });
  return hub;
}
