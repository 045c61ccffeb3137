import type { Tx } from "../../db/tx";

/**
 * Told, in the booking's transaction, that a candidate booked (or moved) an interview: the job
 * pipeline moves their applications to Interview and feedback is asked for when it ends
 * (issue 38). Handed to createScheduling by app.ts, so scheduling does not import the pipeline.
 */
export type BookedHook = (tx: Tx, meeting: { id: number; workspaceId: number; candidateId: number; endTime: Date }) => void;
