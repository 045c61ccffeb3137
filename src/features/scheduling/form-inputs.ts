// The candidate's and the staff's no-JavaScript forms: every field arrives as a string.
import { z } from "zod";

const PICK_SLOT = "Please select a time slot";
/** A posted value cut to a length instead of refused (the service answers an unknown slot or zone). */
const cut = (max: number) => z.string().transform((v) => v.slice(0, max));

/** POST /book/{token} and /booking-option-b/{token}: the chosen slot and the browser's zone. */
export const BookForm = z.object({
  slotId: z
    .string({ error: PICK_SLOT })
    .transform((v) => v.slice(0, 64))
    .pipe(z.string().min(1, PICK_SLOT)),
  timeZone: cut(64).optional(),
});

/** POST /book/manage/{token}/move: the new slot (the service says when none is chosen). */
export const MoveForm = z.object({ slotId: cut(64).optional() });

/** GET /book/{token}?tz=: the zone the page shows times in (an unknown one is ignored). */
export const BookingPageQuery = z.object({ tz: z.string().optional() });
/** GET /book/manage/{token}?booked=1&cancel=1 */
export const ManagePageQuery = z.object({ booked: z.string().optional(), cancel: z.string().optional() });

/** POST /interview-details/{id}/{action}: the details page's forms (cancel, resend, status, reschedule). */
export const InterviewActionParams = z.object({ id: z.string(), action: z.string() });
export const InterviewActionForm = z.object({
  reason: z.string().optional(),
  status: z.string().optional(),
  mode: z.string().optional(),
  date: z.string().optional(),
  time: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  // Edit Interview: the recruiter's notes.
  notes: z.string().optional(),
  // Apply or Keep on a calendar flag.
  flagId: z.string().optional(),
  decision: z.string().optional(),
});
