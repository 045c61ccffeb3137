import type { Tx } from "../../../db/tx";
import type { Deps } from "../../../deps";
import type { BookedHook } from "../booking-hook";
import { enqueueCalendarWork, enqueueInterviewEmails } from "../notify";
import type * as repo from "../repo";
import { interviewEvent } from "../webhook-events";

type Booked = Extract<repo.BookOutcome, { kind: "booked" }>;

/**
 * Step 5: everything the booking causes, in its transaction (DESIGN.md, durable work): the
 * e-mails and the calendar work as jobs the workers do after the commit, the one event
 * (interview.booked, or interview.moved when the candidate picked a new time the recruiter asked
 * for), and the hook by which the pipeline moves the candidate's applications.
 */
export function writeBookingEffects(deps: Deps, tx: Tx, o: Booked, onBooked: BookedHook): void {
  enqueueInterviewEmails(deps, tx, o.meeting.id, o.rebooked ? "moved" : "booked");
  enqueueCalendarWork(deps, tx, o.meeting.id);
  if (o.rebooked) interviewEvent(deps, tx, o.meeting, "interview.moved", { by: "candidate", previousStartTime: o.previousStartTime });
  else interviewEvent(deps, tx, o.meeting, "interview.booked", { by: "candidate" });
  onBooked(tx, o.meeting);
}
