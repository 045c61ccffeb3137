import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { Ports } from "../../lib/ports";

/**
 * Told, in the booking's transaction, that a candidate booked (or moved) an interview: the job
 * pipeline moves their applications to Interview and feedback is asked for when it ends
 * (issue 38). A port wired in src/ports.ts, so scheduling does not import the pipeline.
 */
export type BookedHook = (tx: Tx, meeting: { id: number; workspaceId: number; candidateId: number; endTime: Date }) => void;

export const bookedPorts = new Ports<{ interviewBooked: BookedHook }>("scheduling", ["interviewBooked"]);

export function interviewBookedHook(deps: Deps): BookedHook {
  return bookedPorts.of(deps).interviewBooked;
}
