import type { Tx } from "../../../db/tx";
import type { Deps } from "../../../deps";
import { sha256 } from "../../../lib/crypto";
import type { VideoLinkChoice } from "../busy-calendar";
import { manageTokenHash } from "../notify";
import * as repo from "../repo";

/** The interviewer's default video link (their calendar's, when the session names none). */
export type VideoDefault = (userId: number) => VideoLinkChoice;

/**
 * Step 2: the session flips to scheduled and the meeting is written on the claimed slot (or, when
 * the recruiter asked for a new time, the waiting meeting moves to it), unless Frank's own meetings
 * make the holder busy then. The holder is a pool's chosen member, else the session's organiser.
 */
export function takeSlot(
  deps: Deps,
  tx: Tx,
  v: { token: string; slotId: string; publicId: string; candidateTimeZone: string | null; holderId: number | undefined },
  videoDefault: VideoDefault,
): repo.BookOutcome {
  return repo.bookSlot(tx, {
    tokenHash: sha256(v.token),
    slotId: v.slotId,
    now: deps.clock.now(),
    publicId: v.publicId,
    manageTokenHash: manageTokenHash(deps, v.publicId),
    candidateTimeZone: v.candidateTimeZone,
    holderId: v.holderId,
    videoFor: (s) => (s.videoKind ? { kind: s.videoKind, url: s.videoUrl } : videoDefault(v.holderId ?? s.userId)),
  });
}
